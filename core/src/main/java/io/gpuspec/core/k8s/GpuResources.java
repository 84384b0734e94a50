package io.gpuspec.core.k8s;

import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.ResourceRequirements;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * Which resources are GPUs, whose they are, and how many a pod asks for.
 *
 * <p>A resource counts as a GPU only under a name a vendor's device plugin advertises for whole
 * GPUs or GPU partitions, never by prefix:
 *
 * <ul>
 *   <li>NVIDIA (k8s-device-plugin,
 *       https://github.com/NVIDIA/k8s-device-plugin#shared-access-to-gpus): {@code nvidia.com/gpu}
 *       (also the MIG "single" strategy), the time-slicing/MPS renamed form {@code
 *       nvidia.com/gpu.shared}, MIG devices of the "mixed" strategy {@code
 *       nvidia.com/mig-<profile>} and their renamed form {@code nvidia.com/mig-<profile>.shared}. A
 *       profile is spelt as NVIDIA names it, {@code <compute slices 1-7>g.<memory>gb} with an
 *       optional media/graphics suffix ({@code +me}, {@code +me.all}, {@code -me}, {@code +gfx})
 *       (https://docs.nvidia.com/datacenter/tesla/mig-user-guide/supported-mig-profiles.html);
 *       which profiles a GPU model offers is the catalogue's part ({@code GpuModel#migProfiles()}).
 *   <li>AMD (k8s-device-plugin, https://github.com/ROCm/k8s-device-plugin): {@code amd.com/gpu}.
 *   <li>Intel (intel-device-plugins-for-kubernetes, GPU plugin): {@code gpu.intel.com/i915} and
 *       {@code gpu.intel.com/xe}.
 * </ul>
 *
 * Other resources of these domains are not GPU counts: GPU memory or core shares of HAMi and
 * similar schedulers ({@code nvidia.com/gpumem}, {@code nvidia.com/gpucores}, {@code
 * aliyun.com/gpu-mem}), Intel's {@code gpu.intel.com/millicores} and {@code
 * gpu.intel.com/memory.max}, or a made-up {@code nvidia.com/gpu-foo}.
 */
public final class GpuResources {

  /** The whole-GPU resource of NVIDIA's device plugin. */
  public static final String NVIDIA_GPU = "nvidia.com/gpu";

  /** The prefix of MIG devices under the mixed strategy, e.g. {@code nvidia.com/mig-1g.10gb}. */
  public static final String MIG_PREFIX = MigNames.RESOURCE_PREFIX;

  /** The suffix the device plugin appends to a shared resource it renames by default. */
  public static final String SHARED_SUFFIX = ".shared";

  /** The vendors whose GPUs gpuspec counts, with the resources their device plugins advertise. */
  public enum Vendor {
    NVIDIA("NVIDIA", NVIDIA_GPU),
    AMD("AMD", "amd.com/gpu"),
    INTEL("Intel", "gpu.intel.com/i915");

    private final String displayName;
    private final String wholeGpu;

    Vendor(String displayName, String wholeGpu) {
      this.displayName = displayName;
      this.wholeGpu = wholeGpu;
    }

    /** The vendor's name as people write it, e.g. {@code AMD}. */
    public String displayName() {
      return displayName;
    }

    /** The vendor's usual whole-GPU resource, e.g. {@code amd.com/gpu}. */
    public String wholeGpuResource() {
      return wholeGpu;
    }
  }

  private static final Set<String> AMD_GPUS = Set.of("amd.com/gpu");
  private static final Set<String> INTEL_GPUS = Set.of("gpu.intel.com/i915", "gpu.intel.com/xe");

  private GpuResources() {}

  /** The vendor whose device plugin advertises this resource as a GPU, if any. */
  public static Optional<Vendor> vendor(String resource) {
    if (resource == null) {
      return Optional.empty();
    }
    if (isNvidiaGpu(resource)) {
      return Optional.of(Vendor.NVIDIA);
    }
    if (AMD_GPUS.contains(resource)) {
      return Optional.of(Vendor.AMD);
    }
    if (INTEL_GPUS.contains(resource)) {
      return Optional.of(Vendor.INTEL);
    }
    return Optional.empty();
  }

  /**
   * Whether a resource name is a GPU count of some vendor: {@code nvidia.com/gpu}, {@code
   * nvidia.com/gpu.shared}, {@code nvidia.com/mig-1g.10gb}, {@code amd.com/gpu}, {@code
   * gpu.intel.com/i915}, {@code gpu.intel.com/xe} (see the class comment).
   */
  public static boolean isGpu(String resource) {
    return vendor(resource).isPresent();
  }

  /** Whether a resource is an NVIDIA MIG device of the mixed strategy, shared or not. */
  public static boolean isMig(String resource) {
    return migProfile(resource).isPresent();
  }

  /**
   * The MIG profile a resource names, e.g. {@code 1g.10gb} for {@code nvidia.com/mig-1g.10gb} and
   * {@code nvidia.com/mig-1g.10gb.shared}, {@code 1g.10gb+me} for the advertised {@code
   * nvidia.com/mig-1g.10gb.me}; empty for any other resource.
   */
  public static Optional<String> migProfile(String resource) {
    return MigNames.ofResource(resource).map(MigNames.Profile::canonical);
  }

  private static boolean isNvidiaGpu(String resource) {
    return resource.equals(NVIDIA_GPU)
        || resource.equals(NVIDIA_GPU + SHARED_SUFFIX)
        || migProfile(resource).isPresent();
  }

  /** Regular and init containers, in that order. */
  public static List<Container> containers(PodSpec spec) {
    List<Container> all = new ArrayList<>();
    if (spec.getContainers() != null) {
      all.addAll(spec.getContainers());
    }
    if (spec.getInitContainers() != null) {
      all.addAll(spec.getInitContainers());
    }
    return all;
  }

  /**
   * Whether a pod of this spec asks a node for GPUs: its effective request ({@link PodRequests}) of
   * some GPU resource is more than 0. A GPU resource set to {@code 0} (however spelt: {@code "0"},
   * {@code 0m}) asks for nothing.
   */
  public static boolean requestsGpus(PodSpec spec) {
    for (String name : PodRequests.of(spec).keySet()) {
      if (isGpu(name)) {
        return true; // PodRequests keeps only amounts above 0
      }
    }
    return false;
  }

  /** The GPU resources a pod of this spec asks for, with their amounts (all above 0). */
  public static Map<String, BigDecimal> gpuRequests(PodSpec spec) {
    TreeMap<String, BigDecimal> gpus =
        CheckMemo.ofObject(GpuResources.class, spec, GpuResources::computeGpuRequests);
    return new TreeMap<>(gpus);
  }

  private static TreeMap<String, BigDecimal> computeGpuRequests(PodSpec spec) {
    TreeMap<String, BigDecimal> all = new TreeMap<>(PodRequests.of(spec));
    all.keySet().removeIf(name -> !isGpu(name));
    return all;
  }

  /** The vendors whose GPUs a pod of this spec asks for, in {@link Vendor} order. */
  public static Set<Vendor> vendors(PodSpec spec) {
    Set<Vendor> vendors = EnumSet.noneOf(Vendor.class);
    gpuRequests(spec).keySet().forEach(name -> vendor(name).ifPresent(vendors::add));
    return vendors;
  }

  /** The GPU resources a container names in its requests or limits (with any amount). */
  public static Stream<String> gpuResourceNames(Container container) {
    ResourceRequirements resources = container.getResources();
    if (resources == null) {
      return Stream.empty();
    }
    return Stream.of(resources.getLimits(), resources.getRequests())
        .filter(map -> map != null)
        .flatMap(map -> map.keySet().stream())
        .filter(GpuResources::isGpu)
        .distinct();
  }

  /** The GPU count a container's limits (else requests) give, summed over GPU resources. */
  public static long gpuCount(Container container) {
    ResourceRequirements resources = container.getResources();
    if (resources == null) {
      return 0;
    }
    Map<String, Quantity> amounts =
        resources.getLimits() != null && !resources.getLimits().isEmpty()
            ? resources.getLimits()
            : resources.getRequests();
    if (amounts == null) {
      return 0;
    }
    long count = 0;
    for (Map.Entry<String, Quantity> entry : amounts.entrySet()) {
      if (isGpu(entry.getKey())) {
        count += wholeNumber(entry.getValue()).orElse(0L);
      }
    }
    return count;
  }

  /**
   * The GPU devices one pod of this spec takes, as the scheduler counts them ({@link PodRequests}):
   * regular and sidecar containers add up, a classic init container counts while it runs. Summed
   * over GPU resources; a fraction (which the API server rejects) is rounded up.
   */
  public static long gpusPerPod(PodSpec spec) {
    return gpuRequests(spec).values().stream()
        .mapToLong(amount -> amount.setScale(0, RoundingMode.CEILING).longValue())
        .sum();
  }

  /** A quantity as a whole number, if it is one ({@code "2"}, {@code "2000m"}). */
  public static OptionalLong wholeNumber(Quantity quantity) {
    Optional<BigDecimal> amount = amount(quantity);
    if (amount.isEmpty() || amount.get().stripTrailingZeros().scale() > 0) {
      return OptionalLong.empty();
    }
    try {
      return OptionalLong.of(amount.get().longValueExact());
    } catch (ArithmeticException e) {
      return OptionalLong.empty();
    }
  }

  /** The amount a quantity stands for ({@code 500m} is 0.5), or empty if it does not parse. */
  public static Optional<BigDecimal> amount(Quantity quantity) {
    return Quantities.amount(quantity);
  }
}
