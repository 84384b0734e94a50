package io.gpuspec.core.k8s;

import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.ResourceRequirements;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.stream.Stream;

/** Which resources are GPUs, and how many a pod asks for. */
public final class GpuResources {

  /** The whole-GPU resource of NVIDIA's device plugin. */
  public static final String NVIDIA_GPU = "nvidia.com/gpu";

  /** The prefix of MIG devices under the mixed strategy, e.g. {@code nvidia.com/mig-1g.10gb}. */
  public static final String MIG_PREFIX = "nvidia.com/mig-";

  private GpuResources() {}

  /**
   * Whether a resource name is a GPU: {@code nvidia.com/gpu}, its shared and renamed forms ({@code
   * nvidia.com/gpu.shared}), MIG devices ({@code nvidia.com/mig-1g.10gb}), and other vendors' GPUs
   * ({@code amd.com/gpu}, {@code gpu.intel.com/i915}).
   */
  public static boolean isGpu(String resource) {
    return resource.startsWith(NVIDIA_GPU)
        || resource.startsWith(MIG_PREFIX)
        || resource.equals("amd.com/gpu")
        || resource.startsWith("gpu.intel.com/");
  }

  /** Whether a resource is extended: fully qualified outside {@code kubernetes.io/}. */
  public static boolean isExtended(String resource) {
    int slash = resource.indexOf('/');
    if (slash < 0) {
      return false;
    }
    String domain = resource.substring(0, slash);
    return !domain.equals("kubernetes.io")
        && !domain.endsWith(".kubernetes.io")
        && !resource.startsWith("requests.");
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

  /** Whether any container of the pod requests or limits a GPU resource. */
  public static boolean requestsGpus(PodSpec spec) {
    return containers(spec).stream().anyMatch(c -> gpuResourceNames(c).findAny().isPresent());
  }

  /** The GPU resources a container names in its requests or limits. */
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

  /** The GPUs one pod of this spec uses (regular containers; init containers run before). */
  public static long gpusPerPod(PodSpec spec) {
    long regular =
        spec.getContainers() == null
            ? 0
            : spec.getContainers().stream().mapToLong(GpuResources::gpuCount).sum();
    long init =
        spec.getInitContainers() == null
            ? 0
            : spec.getInitContainers().stream().mapToLong(GpuResources::gpuCount).max().orElse(0);
    return Math.max(regular, init);
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
    if (quantity == null) {
      return Optional.empty();
    }
    try {
      return Optional.of(Quantity.getAmountInBytes(quantity));
    } catch (RuntimeException e) {
      return Optional.empty();
    }
  }
}
