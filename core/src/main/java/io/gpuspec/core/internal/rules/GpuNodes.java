package io.gpuspec.core.internal.rules;

import io.fabric8.kubernetes.api.model.NodeSelectorRequirement;
import io.fabric8.kubernetes.api.model.NodeSelectorTerm;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.Toleration;
import io.gpuspec.core.LabelScheme;
import io.gpuspec.core.k8s.NodeSelection;
import io.gpuspec.core.spi.CheckContext;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Which node labels only GPU nodes carry, whether a placement pins them, and which tolerations are
 * GPU tolerations; shared by the rules on GPU placement.
 *
 * <p>GPU node labels: those of the known label schemes and pools, the cloud accelerator labels,
 * labels under the vendors' domains ({@code nvidia.com/} from GPU Feature Discovery, {@code
 * amd.com/} from AMD's node labeller, {@code gpu.intel.com/} from Intel's GPU plugin), and the Node
 * Feature Discovery labels of the vendors' PCI devices ({@code
 * feature.node.kubernetes.io/pci-10de.present} for NVIDIA, {@code pci-1002} for AMD) and Intel's
 * {@code intel.feature.node.kubernetes.io/gpu}.
 */
final class GpuNodes {

  private static final List<String> VENDOR_PREFIXES =
      List.of(
          "nvidia.com/",
          "amd.com/",
          "gpu.intel.com/",
          "intel.feature.node.kubernetes.io/gpu",
          "feature.node.kubernetes.io/pci-10de",
          "feature.node.kubernetes.io/pci-0300_10de",
          "feature.node.kubernetes.io/pci-0302_10de",
          "feature.node.kubernetes.io/pci-1002",
          "feature.node.kubernetes.io/amd-gpu");

  private static final Set<String> PINNING_OPERATORS = Set.of("In", "Exists", "Gt", "Lt");

  private GpuNodes() {}

  /** Label keys that GPU nodes carry under the known schemes and pools. */
  static Set<String> labelKeys(CheckContext context) {
    Set<String> keys = new HashSet<>(LabelScheme.cloudAcceleratorKeys());
    for (LabelScheme scheme : context.labelSchemes()) {
      keys.add(scheme.modelKey());
      scheme.memoryKey().ifPresent(keys::add);
      scheme.purposeKey().ifPresent(keys::add);
      scheme.interconnectKey().ifPresent(keys::add);
      keys.addAll(scheme.constantLabels().keySet());
    }
    context
        .fleet()
        .ifPresent(f -> f.pools().forEach(p -> keys.addAll(p.selectorLabels().keySet())));
    return keys;
  }

  static boolean isGpuKey(String key, Set<String> gpuKeys) {
    return key != null
        && (gpuKeys.contains(key) || VENDOR_PREFIXES.stream().anyMatch(key::startsWith));
  }

  /**
   * Whether every way the placement admits a node constrains a GPU node label to be present, or
   * names the nodes ({@code matchFields} {@code metadata.name In}).
   */
  static boolean pinned(PodSpec spec, Set<String> gpuKeys) {
    Map<String, String> selector =
        spec.getNodeSelector() == null ? Map.of() : spec.getNodeSelector();
    if (selector.keySet().stream().anyMatch(key -> isGpuKey(key, gpuKeys))) {
      return true;
    }
    List<NodeSelectorTerm> terms = NodeSelection.requiredTerms(spec);
    return !terms.isEmpty() && terms.stream().allMatch(term -> pinned(term, gpuKeys));
  }

  private static boolean pinned(NodeSelectorTerm term, Set<String> gpuKeys) {
    List<NodeSelectorRequirement> expressions =
        term.getMatchExpressions() == null ? List.of() : term.getMatchExpressions();
    if (term.getMatchFields() != null
        && term.getMatchFields().stream()
            .anyMatch(f -> f != null && "In".equals(f.getOperator()))) {
      return true; // matchFields metadata.name In [...]: only the named nodes
    }
    return expressions.stream()
        .anyMatch(
            e ->
                isGpuKey(e.getKey(), gpuKeys)
                    && PINNING_OPERATORS.contains(String.valueOf(e.getOperator())));
  }

  /** Whether the pod claims devices through DRA, which places it where they are allocated. */
  static boolean claimsDevices(PodSpec spec) {
    return spec.getResourceClaims() != null && !spec.getResourceClaims().isEmpty();
  }

  /**
   * Whether a toleration tolerates every taint: an empty key with operator {@code Exists}, any
   * effect (https://kubernetes.io/docs/concepts/scheduling-eviction/taint-and-toleration/).
   */
  static boolean toleratesEverything(Toleration toleration) {
    return NodeSelection.toleratesEveryKey(toleration);
  }
}
