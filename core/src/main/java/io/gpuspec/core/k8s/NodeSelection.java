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
import java.util.Optional;
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
 * terms (terms are OR-ed, the expressions and fields of a term AND-ed). A term's {@code
 * matchFields} select nodes by name ({@code metadata.name}, the only field the API server accepts,
 * with {@code In} or {@code NotIn}); they are judged where the node's name is known and taken as
 * met where it is not (a pool of a fleet file has a count, not names). Integer comparisons ({@code
 * Gt}, {@code Lt}) read the label value as a 64-bit integer; since a label value starts with a
 * letter or digit, no node carries a negative one.
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

  /**
   * Whether a node with these labels passes the pod's nodeSelector and required affinity, its name
   * unknown (every {@code matchFields} taken as met).
   */
  public static boolean admits(PodSpec spec, Map<String, String> nodeLabels) {
    return admits(spec, nodeLabels, Optional.empty());
  }

  /**
   * Whether a node with these labels and this name (empty when unknown: every {@code matchFields}
   * taken as met) passes the pod's nodeSelector and required affinity.
   */
  public static boolean admits(
      PodSpec spec, Map<String, String> givenLabels, Optional<String> nodeName) {
    Map<String, String> nodeLabels = withHostname(givenLabels, nodeName);
    Map<String, String> selector = spec.getNodeSelector();
    if (selector != null) {
      for (Map.Entry<String, String> entry : selector.entrySet()) {
        if (!Objects.equals(nodeLabels.get(entry.getKey()), entry.getValue())) {
          return false;
        }
      }
    }
    List<NodeSelectorTerm> terms = requiredTerms(spec);
    return terms.isEmpty() || terms.stream().anyMatch(term -> matches(term, nodeLabels, nodeName));
  }

  /**
   * Whether a node's labels satisfy every expression of one term, its name unknown (the term's
   * {@code matchFields} taken as met).
   */
  public static boolean matches(NodeSelectorTerm term, Map<String, String> nodeLabels) {
    return matches(term, nodeLabels, Optional.empty());
  }

  /**
   * Whether a node's labels satisfy every expression of one term and its name (when known) every
   * field requirement; an empty term matches no node.
   */
  public static boolean matches(
      NodeSelectorTerm term, Map<String, String> givenLabels, Optional<String> nodeName) {
    Map<String, String> nodeLabels = withHostname(givenLabels, nodeName);
    List<NodeSelectorRequirement> expressions = NullFree.list(term.getMatchExpressions());
    List<NodeSelectorRequirement> fields = NullFree.list(term.getMatchFields());
    if (expressions.isEmpty() && fields.isEmpty()) {
      return false; // an empty term matches no node
    }
    return expressions.stream().allMatch(e -> matches(e, nodeLabels))
        && (nodeName.isEmpty() || fields.stream().allMatch(f -> matchesName(f, nodeName.get())));
  }

  /** The label the kubelet sets on every node to its host name. */
  public static final String HOSTNAME_LABEL = "kubernetes.io/hostname";

  /**
   * The labels of a node whose name is known, with {@value #HOSTNAME_LABEL} set to that name where
   * the labels lack it: node groups drop that per-node label, and the kubelet sets it to the host
   * name, which is the node's name unless the cluster overrides it.
   */
  public static Map<String, String> withHostname(
      Map<String, String> labels, Optional<String> nodeName) {
    if (nodeName.isEmpty() || labels.containsKey(HOSTNAME_LABEL)) {
      return labels;
    }
    Map<String, String> withName = new java.util.HashMap<>(labels);
    withName.put(HOSTNAME_LABEL, nodeName.get());
    return withName;
  }

  /** The field a node-selector term's {@code matchFields} may name: the node's name. */
  public static final String NODE_NAME_FIELD = "metadata.name";

  /**
   * Whether a node of this name meets one {@code matchFields} requirement: {@code metadata.name In}
   * (the name is one of the values) or {@code NotIn}; any other key or operator, which the API
   * server rejects, matches no node.
   */
  public static boolean matchesName(NodeSelectorRequirement field, String nodeName) {
    if (!NODE_NAME_FIELD.equals(field.getKey())) {
      return false;
    }
    List<String> values = field.getValues() == null ? List.of() : field.getValues();
    return switch (orEmpty(field.getOperator())) {
      case "In" -> values.contains(nodeName);
      case "NotIn" -> !values.contains(nodeName);
      default -> false;
    };
  }

  /** Whether some required term of the pod selects nodes by name ({@code matchFields}). */
  public static boolean selectsByName(PodSpec spec) {
    return requiredTerms(spec).stream()
        .anyMatch(t -> t != null && !NullFree.list(t.getMatchFields()).isEmpty());
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
    return nameConflict(index, termPath, NullFree.list(term.getMatchFields()));
  }

  /**
   * Why the {@code matchFields} of one term admit no node name: {@code In} lists with no name in
   * common, or whose every common name a {@code NotIn} excludes.
   */
  private static @Nullable Conflict nameConflict(
      int index, String termPath, List<NodeSelectorRequirement> fields) {
    Set<String> candidates = null;
    Set<String> excluded = new LinkedHashSet<>();
    List<String> paths = new ArrayList<>();
    List<String> texts = new ArrayList<>();
    for (int j = 0; j < fields.size(); j++) {
      NodeSelectorRequirement f = fields.get(j);
      if (f == null) {
        continue;
      }
      List<String> values = f.getValues() == null ? List.of() : f.getValues();
      String operator = orEmpty(f.getOperator());
      paths.add(termPath + ".matchFields[" + j + "]");
      texts.add(orEmpty(f.getKey()) + " " + operator + " " + values);
      if (!NODE_NAME_FIELD.equals(f.getKey()) || !Set.of("In", "NotIn").contains(operator)) {
        return new Conflict(
            index,
            List.of(paths.get(paths.size() - 1)),
            texts.get(texts.size() - 1) + " matches no node");
      }
      if (operator.equals("In")) {
        Set<String> these = new LinkedHashSet<>(values);
        if (candidates == null) {
          candidates = these;
        } else {
          candidates.retainAll(these);
        }
      } else {
        excluded.addAll(values);
      }
    }
    if (candidates == null || candidates.stream().anyMatch(n -> !excluded.contains(n))) {
      return null;
    }
    return new Conflict(index, paths, "no node name satisfies " + String.join(" and ", texts));
  }

  /**
   * Whether a {@code matchFields} requirement is one the API server rejects: a key other than
   * {@code metadata.name}, an operator other than {@code In}/{@code NotIn}, or not exactly one
   * value.
   */
  public static boolean malformedField(NodeSelectorRequirement field) {
    List<String> values = field.getValues() == null ? List.of() : field.getValues();
    return !NODE_NAME_FIELD.equals(field.getKey())
        || !Set.of("In", "NotIn").contains(orEmpty(field.getOperator()))
        || values.size() != 1;
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

  /**
   * Whether one toleration matches a taint, as the scheduler's {@code ToleratesTaint} decides
   * (k8s.io/api core/v1 {@code toleration.go}): an empty effect matches every effect, otherwise the
   * effects are equal; an empty key matches every key, otherwise the keys are equal; then an empty
   * operator or {@code Equal} compares the values (an absent value is the empty one, so an empty
   * value matches only a taint without value), {@code Exists} matches any value. Any other operator
   * matches nothing ({@code Lt}/{@code Gt} compare numbers only behind the alpha feature gate
   * TaintTolerationComparisonOperators, which also lets the API server accept them).
   */
  public static boolean tolerates(Toleration toleration, Taint taint) {
    String effect = orEmpty(toleration.getEffect());
    if (!effect.isEmpty() && !effect.equals(orEmpty(taint.getEffect()))) {
      return false;
    }
    String key = orEmpty(toleration.getKey());
    if (!key.isEmpty() && !key.equals(orEmpty(taint.getKey()))) {
      return false;
    }
    return switch (orEmpty(toleration.getOperator())) {
      case "", "Equal" -> orEmpty(toleration.getValue()).equals(orEmpty(taint.getValue()));
      case "Exists" -> true;
      default -> false;
    };
  }

  /**
   * Whether a toleration tolerates every taint of its effect (of every effect when it names none):
   * an empty key with operator {@code Exists}.
   */
  public static boolean toleratesEveryKey(Toleration toleration) {
    return orEmpty(toleration.getKey()).isEmpty() && "Exists".equals(toleration.getOperator());
  }

  private static String orEmpty(@Nullable String text) {
    return text == null ? "" : text;
  }

  /** The pod's tolerations, empty when it has none. */
  public static List<Toleration> tolerations(PodSpec spec) {
    return spec.getTolerations() == null ? List.of() : spec.getTolerations();
  }

  /** Whether some toleration of the pod matches the taint. */
  public static boolean tolerates(PodSpec spec, Taint taint) {
    return tolerates(tolerations(spec), taint);
  }

  /**
   * Whether some of the tolerations matches the taint ({@code TolerationsTolerateTaint}); null
   * entries (which the API server rejects) tolerate nothing.
   */
  public static boolean tolerates(List<Toleration> tolerations, Taint taint) {
    return tolerations.stream().anyMatch(t -> t != null && tolerates(t, taint));
  }

  /** Whether a taint keeps pods that do not tolerate it off the node (NoSchedule, NoExecute). */
  public static boolean repels(Taint taint) {
    return "NoSchedule".equals(taint.getEffect()) || "NoExecute".equals(taint.getEffect());
  }

  /** Whether the pod tolerates every taint that repels. */
  public static boolean toleratesAll(PodSpec spec, List<Taint> taints) {
    return taints.stream().filter(NodeSelection::repels).allMatch(t -> tolerates(spec, t));
  }

  /** The first taint that repels and that none of the tolerations matches, if any. */
  public static Optional<Taint> firstUntolerated(List<Toleration> tolerations, List<Taint> taints) {
    return taints.stream()
        .filter(t -> t != null && repels(t) && !tolerates(tolerations, t))
        .findFirst();
  }
}
