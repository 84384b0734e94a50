package io.gpuspec.core.k8s;

import io.fabric8.kubernetes.api.model.Affinity;
import io.fabric8.kubernetes.api.model.NodeSelector;
import io.fabric8.kubernetes.api.model.NodeSelectorRequirement;
import io.fabric8.kubernetes.api.model.NodeSelectorTerm;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.Taint;
import io.fabric8.kubernetes.api.model.Toleration;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The scheduler's node filters, as Kubernetes defines them: does a node with these labels satisfy a
 * pod's {@code nodeSelector} and required node affinity, and does the pod tolerate a taint.
 */
public final class NodeSelection {

  private NodeSelection() {}

  /** The required node-affinity terms of a pod (OR-ed), empty when it has none. */
  public static List<NodeSelectorTerm> requiredTerms(PodSpec spec) {
    Affinity affinity = spec.getAffinity();
    if (affinity == null || affinity.getNodeAffinity() == null) {
      return List.of();
    }
    NodeSelector required =
        affinity.getNodeAffinity().getRequiredDuringSchedulingIgnoredDuringExecution();
    return required == null || required.getNodeSelectorTerms() == null
        ? List.of()
        : required.getNodeSelectorTerms();
  }

  /** Whether a node with these labels passes the pod's nodeSelector and required affinity. */
  public static boolean admits(PodSpec spec, Map<String, String> nodeLabels) {
    Map<String, String> selector = spec.getNodeSelector();
    if (selector != null) {
      for (Map.Entry<String, String> entry : selector.entrySet()) {
        if (!Objects.equals(nodeLabels.get(entry.getKey()), entry.getValue())) {
          return false;
        }
      }
    }
    List<NodeSelectorTerm> terms = requiredTerms(spec);
    return terms.isEmpty() || terms.stream().anyMatch(term -> matches(term, nodeLabels));
  }

  /** Whether a node's labels satisfy every expression of one term (fields are not known). */
  public static boolean matches(NodeSelectorTerm term, Map<String, String> nodeLabels) {
    List<NodeSelectorRequirement> expressions =
        term.getMatchExpressions() == null ? List.of() : term.getMatchExpressions();
    if (expressions.isEmpty()
        && (term.getMatchFields() == null || term.getMatchFields().isEmpty())) {
      return false; // an empty term matches no node
    }
    return expressions.stream().allMatch(e -> matches(e, nodeLabels));
  }

  private static boolean matches(NodeSelectorRequirement requirement, Map<String, String> labels) {
    return matches(
        requirement.getKey(), requirement.getOperator(), requirement.getValues(), labels);
  }

  /**
   * Whether labels satisfy one requirement {@code key operator values}, with the semantics of node
   * selector and label selector requirements: {@code In}, {@code NotIn}, {@code Exists}, {@code
   * DoesNotExist}, and (node selectors only) {@code Gt}/{@code Lt} on one integer value. An unknown
   * operator or a malformed {@code Gt}/{@code Lt} matches nothing.
   */
  public static boolean matches(
      String key, String operator, List<String> values, Map<String, String> labels) {
    String value = labels.get(key);
    List<String> given = values == null ? List.of() : values;
    return switch (operator == null ? "" : operator) {
      case "In" -> value != null && given.contains(value);
      case "NotIn" -> value == null || !given.contains(value);
      case "Exists" -> value != null;
      case "DoesNotExist" -> value == null;
      case "Gt", "Lt" -> compares(operator, value, given);
      default -> false;
    };
  }

  private static boolean compares(String operator, String value, List<String> values) {
    if (value == null || values.size() != 1) {
      return false;
    }
    try {
      long node = Long.parseLong(value);
      long bound = Long.parseLong(values.get(0));
      return operator.equals("Gt") ? node > bound : node < bound;
    } catch (NumberFormatException e) {
      return false;
    }
  }

  /** Whether one toleration matches a taint (key, effect, and Exists or Equal value). */
  public static boolean tolerates(Toleration toleration, Taint taint) {
    String key = toleration.getKey() == null ? "" : toleration.getKey();
    String operator = toleration.getOperator() == null ? "Equal" : toleration.getOperator();
    String effect = toleration.getEffect() == null ? "" : toleration.getEffect();
    if (!effect.isEmpty() && !effect.equals(taint.getEffect())) {
      return false;
    }
    if (key.isEmpty()) {
      return operator.equals("Exists"); // empty key with Exists tolerates everything
    }
    if (!key.equals(taint.getKey())) {
      return false;
    }
    return operator.equals("Exists")
        || (operator.equals("Equal")
            && Objects.equals(
                toleration.getValue() == null ? "" : toleration.getValue(),
                taint.getValue() == null ? "" : taint.getValue()));
  }

  /** The pod's tolerations, empty when it has none. */
  public static List<Toleration> tolerations(PodSpec spec) {
    return spec.getTolerations() == null ? List.of() : spec.getTolerations();
  }

  /** Whether some toleration of the pod matches the taint. */
  public static boolean tolerates(PodSpec spec, Taint taint) {
    return tolerations(spec).stream().anyMatch(t -> tolerates(t, taint));
  }

  /** Whether a taint keeps pods that do not tolerate it off the node (NoSchedule, NoExecute). */
  public static boolean repels(Taint taint) {
    return "NoSchedule".equals(taint.getEffect()) || "NoExecute".equals(taint.getEffect());
  }

  /** Whether the pod tolerates every taint that repels. */
  public static boolean toleratesAll(PodSpec spec, List<Taint> taints) {
    return taints.stream().filter(NodeSelection::repels).allMatch(t -> tolerates(spec, t));
  }
}
