package io.gpuspec.scheduling.facts;

import io.fabric8.kubernetes.api.model.LabelSelector;
import io.fabric8.kubernetes.api.model.LabelSelectorRequirement;
import io.fabric8.kubernetes.api.model.Namespace;
import io.gpuspec.core.k8s.NodeSelection;
import io.gpuspec.core.report.Finding;
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
 * The namespaces a Kueue ClusterQueue admits from
 * (https://kueue.sigs.k8s.io/docs/concepts/cluster_queue/#namespace-selector): the ClusterQueue a
 * LocalQueue points at selects the LocalQueue's namespace (reported by SCH018). A ClusterQueue
 * without a selector selects none, {@code {}} selects all. A namespace's labels are known when its
 * Namespace is given; otherwise only {@code kubernetes.io/metadata.name}, which every namespace
 * carries, and selectors on other labels are not judged. A {@code KueuePolicy} throws the first
 * finding when built.
 */
public final class KueueNamespaceFacts {

  /** The label every namespace carries with its own name. */
  public static final String NAME_LABEL = "kubernetes.io/metadata.name";

  private KueueNamespaceFacts() {}

  /**
   * SCH018: the ClusterQueue of {@code queues} that {@code local} points at selects its namespace;
   * nothing to say when it points at none of them.
   *
   * @param namespaces the Namespaces whose labels are known
   */
  public static List<Finding> clusterQueueSelectsNamespace(
      LocalQueue local, List<ClusterQueue> queues, List<Namespace> namespaces) {
    String target = local.getSpec() == null ? null : local.getSpec().getClusterQueue();
    String namespace = Subject.namespace(local);
    Optional<ClusterQueue> queue =
        queues.stream()
            .filter(q -> Subject.name(q).equals(target) && q.getSpec() != null)
            .findFirst();
    if (queue.isEmpty() || namespace.isEmpty()) {
      return List.of();
    }
    Map<String, Map<String, String>> known = new HashMap<>();
    for (Namespace given : namespaces) {
      Map<String, String> labels = new HashMap<>(Subject.labels(given));
      labels.put(NAME_LABEL, Subject.name(given));
      known.put(Subject.name(given), labels);
    }
    LabelSelector selector = queue.get().getSpec().getNamespaceSelector();
    Map<String, String> labels = known.getOrDefault(namespace, Map.of(NAME_LABEL, namespace));
    boolean judged = known.containsKey(namespace) || onlyNames(selector);
    if (selector != null && (!judged || selects(selector, labels))) {
      return List.of();
    }
    return List.of(
        new Finding(
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
                + "]}], or namespaceSelector: {} for every namespace"));
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
