package io.gpuspec.core.internal.rules;

import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.Toleration;
import io.gpuspec.core.Fleet;
import io.gpuspec.core.NodePool;
import io.gpuspec.core.k8s.GpuResources;
import io.gpuspec.core.k8s.GpuResources.Vendor;
import io.gpuspec.core.k8s.GpuTaints;
import io.gpuspec.core.k8s.NodeSelection;
import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.spi.BaseRule;
import io.gpuspec.core.spi.CheckContext;
import io.gpuspec.core.spi.PodTemplate;
import io.gpuspec.core.spi.RuleInfo;
import io.gpuspec.core.spi.Workload;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * GPU003: a toleration lets a pod onto GPU nodes but does not attract it there; only a nodeSelector
 * or required node affinity does (<a
 * href="https://kubernetes.io/docs/concepts/scheduling-eviction/taint-and-toleration/">Kubernetes
 * documentation</a>). A pod that tolerates a GPU taint without pinning a GPU node label can land on
 * any node, and a CPU-only pod that does so can squat on GPU nodes.
 *
 * <p>DaemonSets are left alone: node agents such as the NVIDIA device plugin tolerate GPU taints on
 * purpose, to run on every GPU node.
 *
 * <p>A wildcard toleration (empty key, {@code Exists}) is a node agent's "run anywhere" and is not
 * taken as a GPU toleration.
 *
 * <p>A pod with DRA resource claims ({@code spec.resourceClaims}) is pinned by them: the scheduler
 * places it on a node where its claimed devices are allocated
 * (https://kubernetes.io/docs/concepts/scheduling-eviction/dynamic-resource-allocation/).
 */
public final class GpuTolerationsPairedWithAffinity extends BaseRule {
  public GpuTolerationsPairedWithAffinity() {
    super(
        RuleInfo.builder()
            .id("GPU003")
            .severity(Severity.ERROR)
            .title(
                "Pods that tolerate GPU taints also pin GPU nodes with a nodeSelector or node affinity")
            .why(
                "A toleration lets a pod onto GPU nodes but does not send it there; without a node selector or required affinity it can land on any node, and CPU pods that tolerate GPU taints waste GPU nodes.")
            .fix(
                "Pair every GPU toleration with a nodeSelector or required node affinity for the GPU pool.")
            .addKinds("*")
            .documentation(
                "https://kubernetes.io/docs/concepts/scheduling-eviction/taint-and-toleration/")
            .build());
  }

  @Override
  public void check(ManifestSet manifests, CheckContext context) {
    Set<String> gpuKeys = GpuNodes.labelKeys(context);
    for (Workload workload : context.workloads()) {
      if (workload.everyNode()) {
        continue; // a node agent (DaemonSet) tolerates GPU taints to run on every GPU node
      }
      for (PodTemplate template : workload.templates()) {
        PodSpec spec = template.spec();
        List<Toleration> tolerations = NodeSelection.tolerations(spec);
        for (int i = 0; i < tolerations.size(); i++) {
          Toleration toleration = tolerations.get(i);
          if (isGpuToleration(toleration, context.fleet())
              && !GpuNodes.pinned(spec, gpuKeys)
              && !GpuNodes.claimsDevices(spec)) {
            context.report(
                context.clusterDependent(),
                workload.object(),
                template.specPath() + ".tolerations[" + i + "]",
                "tolerates "
                    + describe(toleration)
                    + " but its nodeSelector and required node affinity pin no GPU node label;"
                    + " a toleration does not attract pods, so they can land on any node",
                fix(template, toleration, context.fleet()));
            break;
          }
        }
      }
    }
  }

  static boolean isGpuToleration(Toleration toleration, Optional<Fleet> fleet) {
    if (GpuTaints.isGpuToleration(toleration)) {
      return true; // a GPU resource key, or a common GPU taint (GKE, EKS, AKS, dedicated=gpu)
    }
    // a toleration without key is a wildcard (a node agent's "run anywhere"), not a GPU toleration
    return toleration.getKey() != null
        && !toleration.getKey().isEmpty()
        && fleet.isPresent()
        && !poolsTolerated(toleration, fleet.get()).isEmpty();
  }

  private static List<NodePool> poolsTolerated(Toleration toleration, Fleet fleet) {
    return fleet.pools().stream()
        .filter(p -> p.taints().stream().anyMatch(t -> t.toleratedBy(toleration)))
        .toList();
  }

  private static String describe(Toleration toleration) {
    String operator = toleration.getOperator() == null ? "Equal" : toleration.getOperator();
    String text =
        toleration.getKey()
            + (operator.equals("Exists") ? "" : "=" + nullToEmpty(toleration.getValue()));
    return toleration.getEffect() == null ? text : text + ":" + toleration.getEffect();
  }

  private static String fix(PodTemplate template, Toleration toleration, Optional<Fleet> fleet) {
    String where = "add to " + template.specPath();
    Optional<NodePool> pool =
        fleet.flatMap(f -> poolsTolerated(toleration, f).stream().findFirst());
    if (pool.isPresent()) {
      return where
          + ".affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution"
          + " .nodeSelectorTerms[0].matchExpressions for pool \""
          + pool.get().name()
          + "\": "
          + pool.get().selectorLabels().entrySet().stream()
              .map(
                  e ->
                      "{key: " + e.getKey() + ", operator: In, values: [\"" + e.getValue() + "\"]}")
              .collect(Collectors.joining(", "));
    }
    return where
        + ".affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution a term on a"
        + " label only the GPU nodes carry, e.g. "
        + exampleTerm(GpuResources.vendor(toleration.getKey()).orElse(Vendor.NVIDIA))
        + ", or a nodeSelector on such a label";
  }

  /** A required term on the node label that the vendor's node labeller sets. */
  static String exampleTerm(Vendor vendor) {
    return switch (vendor) {
      case NVIDIA ->
          "{key: nvidia.com/gpu.product, operator: In, values: [NVIDIA-A100-SXM4-80GB]}"
              + " (GPU Feature Discovery)";
      case AMD -> "{key: amd.com/gpu.family, operator: Exists} (AMD's node labeller)";
      case INTEL ->
          "{key: intel.feature.node.kubernetes.io/gpu, operator: In, values: [\"true\"]}"
              + " (Intel's NFD rules)";
    };
  }

  private static String nullToEmpty(String value) {
    return value == null ? "" : value;
  }
}
