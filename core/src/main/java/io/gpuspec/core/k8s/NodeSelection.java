package io.gpuspec.core.k8s;

import io.fabric8.kubernetes.api.model.Affinity;
import io.fabric8.kubernetes.api.model.NodeSelector;
import io.fabric8.kubernetes.api.model.NodeSelectorRequirement;
import io.fabric8.kubernetes.api.model.NodeSelectorTerm;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.Taint;
import io.fabric8.kubernetes.api.model.Toleration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Collectors;
import org.jspecify.annotations.Nullable;

/**
 * The scheduler's node filters, as Kubernetes defines them: does a node with these labels satisfy a
 * pod's {@code nodeSelector} and required node affinity, can any node at all, and does the pod
 * tolerate a taint
 * (https://kubernetes.io/docs/concepts/scheduling-eviction/assign-pod-node/#node-affinity).
 *
 * <p>A node passes when it has every {@code nodeSelector} label and satisfies one of the required
 * terms (terms are OR-ed, the expressions of a term AND-ed). {@code matchFields} are not known here
 * (a node's name is not a label) and are not judged. Integer comparisons ({@code Gt}, {@code Lt})
 * read the label value as a 64-bit integer; since a label value starts with a letter or digit, no
 * node carries a negative one.
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
      @Nullable String key,
      @Nullable String operator,
      @Nullable List<String> values,
      Map<String, String> labels) {
    // a missing key decodes as "", which no label has (and immutable maps refuse a null key)
    String value = key == null ? null : labels.get(key);
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

  private static boolean compares(
      @Nullable String operator, @Nullable String value, List<String> values) {
    if (value == null || values.size() != 1) {
      return false;
    }
    try {
      long node = Long.parseLong(value);
      long bound = Long.parseLong(values.get(0));
      return "Gt".equals(operator) ? node > bound : node < bound;
    } catch (NumberFormatException e) {
      return false;
    }
  }

  /** Path of the required terms inside a pod spec. */
  public static final String TERMS_PATH =
      "affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms";

  /**
   * Why one term, together with the nodeSelector, admits no node.
   *
   * @param term the index of the term in {@link #TERMS_PATH}
   * @param fields the conflicting fields, as paths inside the pod spec (e.g. {@code
   *     nodeSelector.gpu}, {@code affinity...nodeSelectorTerms[0].matchExpressions[1]})
   * @param reason what no node can satisfy, e.g. {@code no value of label gpu satisfies gpu In [a]
   *     and gpu In [b]}
   */
  public record Conflict(int term, List<String> fields, String reason) {
    public Conflict {
      fields = List.copyOf(fields);
    }
  }

  /**
   * Why no node can ever satisfy the pod's nodeSelector and required node affinity: one conflict
   * per required term when every term contradicts itself or the nodeSelector; empty when some node
   * can. A malformed requirement (an unknown operator, {@code Gt}/{@code Lt} without exactly one
   * integer, {@code In} without values) matches no node, as in {@link #matches(NodeSelectorTerm,
   * Map)}; whether it is valid at all is the API server's part ({@link #malformed}).
   */
  public static List<Conflict> conflicts(PodSpec spec) {
    List<NodeSelectorTerm> terms = requiredTerms(spec);
    Map<String, String> selector =
        spec.getNodeSelector() == null ? Map.of() : spec.getNodeSelector();
    List<Conflict> conflicts = new ArrayList<>();
    for (int i = 0; i < terms.size(); i++) {
      Conflict conflict = conflict(i, terms.get(i), selector);
      if (conflict == null) {
        return List.of();
      }
      conflicts.add(conflict);
    }
    return conflicts;
  }

  /** Whether some node's labels can satisfy the pod's nodeSelector and required node affinity. */
  public static boolean satisfiable(PodSpec spec) {
    return conflicts(spec).isEmpty();
  }

  /** Whether some node's labels can satisfy one term together with the nodeSelector. */
  public static boolean satisfiable(NodeSelectorTerm term, Map<String, String> nodeSelector) {
    return conflict(0, term, nodeSelector) == null;
  }

  /** One requirement on one key, with the field it comes from. */
  private record Requirement(String operator, List<String> values, String field, String text) {}

  private static @Nullable Conflict conflict(
      int index, NodeSelectorTerm term, Map<String, String> selector) {
    String termPath = TERMS_PATH + "[" + index + "]";
    List<NodeSelectorRequirement> expressions =
        term.getMatchExpressions() == null ? List.of() : term.getMatchExpressions();
    if (expressions.isEmpty()
        && (term.getMatchFields() == null || term.getMatchFields().isEmpty())) {
      return new Conflict(
          index, List.of(termPath), "the term is empty, and an empty term matches no node");
    }
    Map<String, List<Requirement>> byKey = new LinkedHashMap<>();
    for (int j = 0; j < expressions.size(); j++) {
      NodeSelectorRequirement e = expressions.get(j);
      String key = e.getKey() == null ? "" : e.getKey();
      List<String> values = e.getValues() == null ? List.of() : e.getValues();
      String operator = e.getOperator() == null ? "" : e.getOperator();
      byKey
          .computeIfAbsent(key, k -> new ArrayList<>())
          .add(
              new Requirement(
                  operator,
                  values,
                  termPath + ".matchExpressions[" + j + "]",
                  key + " " + operator + (values.isEmpty() ? "" : " " + values)));
    }
    for (Map.Entry<String, List<Requirement>> entry : byKey.entrySet()) {
      String key = entry.getKey();
      List<Requirement> requirements = new ArrayList<>();
      if (selector.containsKey(key)) {
        String value = selector.get(key);
        requirements.add(
            new Requirement(
                "In", List.of(value), "nodeSelector." + key, "nodeSelector " + key + "=" + value));
      }
      requirements.addAll(entry.getValue());
      if (!satisfiable(requirements)) {
        return new Conflict(
            index,
            requirements.stream().map(Requirement::field).toList(),
            "no value of label "
                + key
                + " satisfies "
                + requirements.stream()
                    .map(Requirement::text)
                    .collect(Collectors.joining(" and ")));
      }
    }
    return null;
  }

  /** Whether some value of one label, or its absence, meets every requirement on it. */
  private static boolean satisfiable(List<Requirement> requirements) {
    if (requirements.stream().allMatch(r -> matchesAbsent(r.operator()))) {
      return true;
    }
    Set<String> candidates = null;
    Set<String> excluded = new LinkedHashSet<>();
    long above = -1; // label values are never negative
    long below = Long.MAX_VALUE;
    boolean compared = false;
    for (Requirement r : requirements) {
      switch (r.operator()) {
        case "In" -> {
          Set<String> these = new LinkedHashSet<>(r.values());
          if (candidates == null) {
            candidates = these;
          } else {
            candidates.retainAll(these);
          }
        }
        case "NotIn" -> excluded.addAll(r.values());
        case "Exists" -> {}
        case "Gt", "Lt" -> {
          Long bound = bound(r.values());
          if (bound == null) {
            return false; // malformed: matches no node
          }
          compared = true;
          if (r.operator().equals("Gt")) {
            above = Math.max(above, bound);
          } else {
            below = Math.min(below, bound);
          }
        }
        default -> {
          return false; // DoesNotExist with a present value, or an unknown operator
        }
      }
    }
    if (candidates != null) {
      long lo = above;
      long hi = below;
      boolean needsNumber = compared;
      return candidates.stream()
          .anyMatch(v -> !excluded.contains(v) && (!needsNumber || within(v, lo, hi)));
    }
    if (compared) {
      // Some integer strictly between the bounds; NotIn excludes finitely many spellings of it.
      return above < Long.MAX_VALUE && above + 1 < below;
    }
    return true; // Exists and NotIn: a value outside the excluded ones
  }

  private static boolean matchesAbsent(String operator) {
    return operator.equals("NotIn") || operator.equals("DoesNotExist");
  }

  private static @Nullable Long bound(List<String> values) {
    if (values.size() != 1) {
      return null;
    }
    try {
      return Long.parseLong(values.get(0));
    } catch (NumberFormatException e) {
      return null;
    }
  }

  private static boolean within(String value, long above, long below) {
    try {
      long n = Long.parseLong(value);
      return n > above && n < below;
    } catch (NumberFormatException e) {
      return false;
    }
  }

  /**
   * Whether a requirement is one the API server rejects: an unknown operator, {@code In}/{@code
   * NotIn} without values, {@code Exists}/{@code DoesNotExist} with values, {@code Gt}/{@code Lt}
   * without exactly one integer value.
   */
  public static boolean malformed(NodeSelectorRequirement requirement) {
    List<String> values = requirement.getValues() == null ? List.of() : requirement.getValues();
    String operator = requirement.getOperator() == null ? "" : requirement.getOperator();
    return switch (operator) {
      case "In", "NotIn" -> values.isEmpty();
      case "Exists", "DoesNotExist" -> !values.isEmpty();
      case "Gt", "Lt" -> bound(values) == null;
      default -> true;
    };
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
