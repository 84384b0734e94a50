package io.gpuspec.core.k8s;

import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.Taint;
import io.fabric8.kubernetes.api.model.TaintBuilder;
import io.fabric8.kubernetes.api.model.Toleration;
import io.gpuspec.core.k8s.GpuResources.Vendor;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The taints that GPU node pools commonly carry, per platform: what a GPU pod is judged against
 * when the cluster's own taints are not known (no fleet). The list and its sources are in {@code
 * docs/fleet.md}, "GPU taints without a fleet":
 *
 * <ul>
 *   <li>GKE: {@code nvidia.com/gpu=present:NoSchedule} on GPU node pools
 *       (https://cloud.google.com/kubernetes-engine/docs/how-to/gpus);
 *   <li>EKS accelerated node pools and clusters that follow NVIDIA's GPU Operator (whose operands
 *       tolerate {@code nvidia.com/gpu}): {@code nvidia.com/gpu:NoSchedule}, no value
 *       (https://docs.aws.amazon.com/eks/latest/userguide/auto-accelerated.html,
 *       https://docs.nvidia.com/datacenter/cloud-native/gpu-operator/latest/);
 *   <li>AKS: {@code sku=gpu:NoSchedule}, the taint its GPU guide gives GPU node pools
 *       (https://learn.microsoft.com/azure/aks/use-nvidia-gpu);
 *   <li>dedicated nodes: {@code dedicated=gpu:NoSchedule}, the Kubernetes documentation's
 *       dedicated-nodes pattern
 *       (https://kubernetes.io/docs/concepts/scheduling-eviction/taint-and-toleration/#example-use-cases);
 *   <li>AMD and Intel: the vendor's GPU resource as key, {@code amd.com/gpu:NoSchedule}, {@code
 *       gpu.intel.com/i915:NoSchedule} (or {@code xe}), no value.
 * </ul>
 *
 * A pod tolerates a platform's GPU nodes when it tolerates that platform's taint, matched exactly
 * as the scheduler does ({@link NodeSelection#tolerates(Toleration, Taint)}).
 */
public final class GpuTaints {

  /**
   * One common GPU taint.
   *
   * @param where the platforms or conventions that put it on GPU nodes, e.g. {@code GKE}
   * @param taint the taint
   * @param vendor the vendor whose GPUs it marks; empty when any vendor's
   */
  public record Common(String where, Taint taint, Optional<Vendor> vendor) {

    /** The taint as {@code key[=value]:Effect}. */
    public String text() {
      String value = taint.getValue() == null ? "" : taint.getValue();
      return taint.getKey() + (value.isEmpty() ? "" : "=" + value) + ":" + taint.getEffect();
    }
  }

  private static final List<Common> ALL =
      List.of(
          new Common("GKE", taint("nvidia.com/gpu", "present"), Optional.of(Vendor.NVIDIA)),
          new Common(
              "EKS and the GPU Operator's convention",
              taint("nvidia.com/gpu", ""),
              Optional.of(Vendor.NVIDIA)),
          new Common("AKS", taint("sku", "gpu"), Optional.empty()),
          new Common("dedicated GPU nodes", taint("dedicated", "gpu"), Optional.empty()),
          new Common("AMD", taint("amd.com/gpu", ""), Optional.of(Vendor.AMD)),
          new Common("Intel", taint("gpu.intel.com/i915", ""), Optional.of(Vendor.INTEL)),
          new Common("Intel", taint("gpu.intel.com/xe", ""), Optional.of(Vendor.INTEL)));

  private GpuTaints() {}

  private static Taint taint(String key, String value) {
    return new TaintBuilder().withKey(key).withValue(value).withEffect("NoSchedule").build();
  }

  /** Every common GPU taint, in the order above. */
  public static List<Common> all() {
    return ALL;
  }

  /**
   * The common taints of the nodes of the GPUs a pod requests: its vendors' own and those of any
   * vendor (for Intel only the resource the pod requests, {@code i915} or {@code xe}).
   */
  public static List<Common> forPod(PodSpec spec) {
    Set<Vendor> vendors = GpuResources.vendors(spec);
    Set<String> requested = GpuResources.gpuRequests(spec).keySet();
    List<Common> found = new ArrayList<>();
    for (Common common : ALL) {
      boolean ofVendor = common.vendor().map(vendors::contains).orElse(!vendors.isEmpty());
      boolean intelOther =
          common.vendor().equals(Optional.of(Vendor.INTEL))
              && !requested.contains(common.taint().getKey());
      if (ofVendor && !intelOther) {
        found.add(common);
      }
    }
    return found;
  }

  /** Whether some of the tolerations matches some of the taints. */
  public static boolean toleratesAny(List<Toleration> tolerations, List<Common> taints) {
    return taints.stream().anyMatch(c -> NodeSelection.tolerates(tolerations, c.taint()));
  }

  /**
   * Whether a toleration lets pods onto GPU nodes: it names a key (a wildcard is not about GPUs)
   * and tolerates one of the common GPU taints, or its key is a GPU resource (a vendor's taint with
   * a value of the cluster's own).
   */
  public static boolean isGpuToleration(Toleration toleration) {
    String key = toleration.getKey() == null ? "" : toleration.getKey();
    if (key.isEmpty()) {
      return false;
    }
    return GpuResources.isGpu(key)
        || ALL.stream().anyMatch(c -> NodeSelection.tolerates(toleration, c.taint()));
  }

  /** The texts of the given taints with their platforms, e.g. {@code GKE nvidia.com/gpu=...}. */
  public static String describe(List<Common> taints) {
    Set<String> texts = new LinkedHashSet<>();
    taints.forEach(c -> texts.add(c.where() + " " + c.text()));
    return String.join(", ", texts);
  }
}
