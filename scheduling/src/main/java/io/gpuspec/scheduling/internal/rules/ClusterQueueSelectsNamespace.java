package io.gpuspec.scheduling.internal.rules;

import io.fabric8.kubernetes.api.model.LabelSelector;
import io.fabric8.kubernetes.api.model.LabelSelectorRequirement;
import io.fabric8.kubernetes.api.model.Namespace;
import io.gpuspec.core.k8s.NodeSelection;
import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.spi.BaseRule;
import io.gpuspec.core.spi.CheckContext;
import io.gpuspec.core.spi.RuleInfo;
import io.gpuspec.core.spi.Subject;
import io.gpuspec.scheduling.model.kueue.ClusterQueue;
import io.gpuspec.scheduling.model.kueue.LocalQueue;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * SCH018: the ClusterQueue a LocalQueue points at selects the LocalQueue's namespace with its
 * {@code namespaceSelector}. Kueue admits no workload of a namespace its ClusterQueue does not
 * select, and a ClusterQueue without a selector selects none ({@code {}} selects all;
 * https://kueue.sigs.k8s.io/docs/concepts/cluster_queue/#namespace-selector). A namespace's labels
 * are known when the set holds its Namespace; otherwise only {@code kubernetes.io/metadata.name},
 * which every namespace carries, and selectors on other labels are not judged.
 */
public final class ClusterQueueSelectsNamespace extends BaseRule {

  private static final String NAME_LABEL = "kubernetes.io/metadata.name";

  public ClusterQueueSelectsNamespace() {
    super(
        RuleInfo.builder()
            .id("SCH018")
            .severity(Severity.ERROR)
            .title("A LocalQueue's ClusterQueue selects the LocalQueue's namespace")
            .why(
                "Kueue admits no workload from a namespace that its ClusterQueue's"
                    + " namespaceSelector does not select; a missing selector selects none.")
            .fix("Add the namespace to the ClusterQueue's namespaceSelector.")
            .addKinds("LocalQueue", "ClusterQueue")
            .documentation(
                "https://kueue.sigs.k8s.io/docs/concepts/cluster_queue/#namespace-selector")
            .build());
  }

  @Override
  public void check(ManifestSet manifests, CheckContext context) {
    Map<String, Map<String, String>> namespaces = new HashMap<>();
    for (Namespace namespace : manifests.ofType(Namespace.class)) {
      Map<String, String> labels = new HashMap<>(Subject.labels(namespace));
      labels.put(NAME_LABEL, Subject.name(namespace));
      namespaces.put(Subject.name(namespace), labels);
    }
    for (LocalQueue local : manifests.ofType(LocalQueue.class)) {
      String target = local.getSpec() == null ? null : local.getSpec().getClusterQueue();
      String namespace = Subject.namespace(local);
      Optional<ClusterQueue> queue =
          manifests.ofType(ClusterQueue.class).stream()
              .filter(q -> Subject.name(q).equals(target) && q.getSpec() != null)
              .findFirst();
      if (queue.isEmpty() || namespace.isEmpty()) {
        continue;
      }
      LabelSelector selector = queue.get().getSpec().getNamespaceSelector();
      Map<String, String> labels =
          namespaces.getOrDefault(namespace, Map.of(NAME_LABEL, namespace));
      boolean known = namespaces.containsKey(namespace) || onlyNames(selector);
      if (selector != null && (!known || selects(selector, labels))) {
        continue;
      }
      context.report(
          local,
          "spec.clusterQueue",
          "the LocalQueue of namespace \""
              + namespace
              + "\" points at "
              + Subject.of(queue.get())
              + ", whose namespaceSelector "
              + (selector == null
                  ? "is absent and so selects no namespace"
                  : "does not select \"" + namespace + "\"")
              + "; Kueue admits none of the namespace's workloads",
          "select the namespace in "
              + Subject.of(queue.get())
              + ", e.g. matchExpressions [{key: "
              + NAME_LABEL
              + ", operator: In, values: ["
              + namespace
              + "]}], or namespaceSelector: {} for every namespace");
    }
  }

  /** Whether the selector looks only at the label every namespace has: its name. */
  private static boolean onlyNames(LabelSelector selector) {
    if (selector == null) {
      return true;
    }
    Set<String> keys = new HashSet<>();
    if (selector.getMatchLabels() != null) {
      keys.addAll(selector.getMatchLabels().keySet());
    }
    if (selector.getMatchExpressions() != null) {
      selector.getMatchExpressions().forEach(e -> keys.add(e.getKey()));
    }
    keys.remove(NAME_LABEL);
    return keys.isEmpty();
  }

  private static boolean selects(LabelSelector selector, Map<String, String> labels) {
    if (selector.getMatchLabels() != null) {
      for (Map.Entry<String, String> entry : selector.getMatchLabels().entrySet()) {
        if (!Objects.equals(entry.getValue(), labels.get(entry.getKey()))) {
          return false;
        }
      }
    }
    List<LabelSelectorRequirement> expressions =
        selector.getMatchExpressions() == null ? List.of() : selector.getMatchExpressions();
    return expressions.stream()
        .allMatch(e -> NodeSelection.matches(e.getKey(), e.getOperator(), e.getValues(), labels));
  }
}
