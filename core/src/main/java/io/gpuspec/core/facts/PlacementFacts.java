package io.gpuspec.core.facts;

import io.fabric8.kubernetes.api.model.Affinity;
import io.fabric8.kubernetes.api.model.LabelSelector;
import io.fabric8.kubernetes.api.model.LabelSelectorRequirement;
import io.fabric8.kubernetes.api.model.PodAffinityTerm;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.TopologySpreadConstraint;
import io.fabric8.kubernetes.api.model.WeightedPodAffinityTerm;
import io.gpuspec.core.k8s.Names;
import io.gpuspec.core.k8s.NullFree;
import io.gpuspec.core.report.Finding;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * K8S015: pod affinity, pod anti-affinity and topology spread constraints as the API server's
 * {@code validatePodAffinityTerm}, {@code validateWeightedPodAffinityTerms} and {@code
 * validateTopologySpreadConstraints} check them on create. An affinity term needs a qualified
 * {@code topologyKey}, valid label and namespace selectors, DNS-label namespaces, a weight of 1–100
 * when preferred, and {@code matchLabelKeys}/{@code mismatchLabelKeys} only beside a label
 * selector, as label keys, not both at once and (for {@code matchLabelKeys}) not repeating a
 * selector key. A spread constraint needs {@code maxSkew} ≥ 1, a {@code topologyKey}, {@code
 * whenUnsatisfiable} DoNotSchedule or ScheduleAnyway (each pair of key and action once), {@code
 * minDomains} ≥ 1 and only with DoNotSchedule, node policies Honor or Ignore, a valid label
 * selector and {@code matchLabelKeys} beside it that it does not already hold. All are rejections.
 */
public final class PlacementFacts {

  /** The rule that reports these facts. */
  public static final String RULE = "K8S015";

  private static final Set<String> ACTIONS = Set.of("DoNotSchedule", "ScheduleAnyway");
  private static final Set<String> NODE_POLICIES = Set.of("Honor", "Ignore");

  private PlacementFacts() {}

  /** The findings on a pod spec at {@code specPath}. */
  public static List<Finding> of(PodSpec spec, String specPath) {
    PodSpec given = NullFree.podSpec(spec);
    List<Finding> findings = new ArrayList<>();
    Affinity affinity = given.getAffinity();
    if (affinity != null && affinity.getPodAffinity() != null) {
      terms(
          affinity.getPodAffinity().getRequiredDuringSchedulingIgnoredDuringExecution(),
          affinity.getPodAffinity().getPreferredDuringSchedulingIgnoredDuringExecution(),
          specPath + ".affinity.podAffinity",
          findings);
    }
    if (affinity != null && affinity.getPodAntiAffinity() != null) {
      terms(
          affinity.getPodAntiAffinity().getRequiredDuringSchedulingIgnoredDuringExecution(),
          affinity.getPodAntiAffinity().getPreferredDuringSchedulingIgnoredDuringExecution(),
          specPath + ".affinity.podAntiAffinity",
          findings);
    }
    List<TopologySpreadConstraint> constraints = given.getTopologySpreadConstraints();
    for (int i = 0; i < constraints.size(); i++) {
      spread(constraints, i, specPath + ".topologySpreadConstraints[" + i + "]", findings);
    }
    return findings;
  }

  private static void terms(
      @Nullable List<PodAffinityTerm> required,
      @Nullable List<WeightedPodAffinityTerm> preferred,
      String path,
      List<Finding> findings) {
    for (int i = 0; required != null && i < required.size(); i++) {
      term(
          required.get(i),
          path + ".requiredDuringSchedulingIgnoredDuringExecution[" + i + "]",
          findings);
    }
    for (int i = 0; preferred != null && i < preferred.size(); i++) {
      WeightedPodAffinityTerm weighted = preferred.get(i);
      String at = path + ".preferredDuringSchedulingIgnoredDuringExecution[" + i + "]";
      if (weighted == null) {
        weighted = new WeightedPodAffinityTerm();
      }
      int weight = weighted.getWeight() == null ? 0 : weighted.getWeight();
      if (weight < 1 || weight > 100) {
        findings.add(
            Finding.rejection(
                at + ".weight",
                "weight " + weight + " is not 1 to 100",
                "give the preference a weight from 1 to 100"));
      }
      term(weighted.getPodAffinityTerm(), at + ".podAffinityTerm", findings);
    }
  }

  private static void term(@Nullable PodAffinityTerm given, String at, List<Finding> findings) {
    PodAffinityTerm term = given == null ? new PodAffinityTerm() : given;
    LabelSelectorChecks.check(term.getLabelSelector(), at + ".labelSelector", findings);
    LabelSelectorChecks.check(term.getNamespaceSelector(), at + ".namespaceSelector", findings);
    List<String> namespaces = orEmpty(term.getNamespaces());
    for (int i = 0; i < namespaces.size(); i++) {
      String namespace = namespaces.get(i) == null ? "" : namespaces.get(i);
      if (!Names.isDns1123Label(namespace)) {
        findings.add(
            Finding.rejection(
                at + ".namespaces[" + i + "]",
                "namespace \"" + namespace + "\" is not a DNS-1123 label",
                "name a namespace (at most 63 of [a-z0-9-])"));
      }
    }
    labelKeys(term, at, findings);
    String topologyKey = term.getTopologyKey() == null ? "" : term.getTopologyKey();
    if (topologyKey.isEmpty()) {
      findings.add(
          Finding.rejection(
              at + ".topologyKey",
              "the term has no topologyKey",
              "give the node label that defines the domain, e.g. kubernetes.io/hostname"));
    } else if (!Names.isQualifiedName(topologyKey)) {
      findings.add(
          Finding.rejection(
              at + ".topologyKey",
              "topologyKey \"" + topologyKey + "\" is not a label key",
              "give a node label key, e.g. kubernetes.io/hostname or topology.kubernetes.io/zone"));
    }
  }

  private static void labelKeys(PodAffinityTerm term, String at, List<Finding> findings) {
    List<String> match = orEmpty(term.getMatchLabelKeys());
    List<String> mismatch = orEmpty(term.getMismatchLabelKeys());
    LabelSelector selector = term.getLabelSelector();
    keyList(match, selector, at + ".matchLabelKeys", findings);
    keyList(mismatch, selector, at + ".mismatchLabelKeys", findings);
    if (selector != null) {
      Set<String> seen = new HashSet<>(orEmpty(selector.getMatchLabels()).keySet());
      for (LabelSelectorRequirement expression : orEmpty(selector.getMatchExpressions())) {
        String key = expression == null ? null : expression.getKey();
        if (key != null && match.contains(key) && seen.contains(key)) {
          findings.add(
              Finding.rejection(
                  at + ".matchLabelKeys[" + match.indexOf(key) + "]",
                  "\"" + key + "\" is in matchLabelKeys and appears twice in the labelSelector",
                  "drop the key from the labelSelector; matchLabelKeys adds it"));
        }
        if (key != null) {
          seen.add(key);
        }
      }
    }
    for (int i = 0; i < match.size(); i++) {
      if (mismatch.contains(match.get(i))) {
        findings.add(
            Finding.rejection(
                at + ".matchLabelKeys[" + i + "]",
                "\"" + match.get(i) + "\" is in both matchLabelKeys and mismatchLabelKeys",
                "keep the key in one of them"));
      }
    }
  }

  private static void keyList(
      List<String> keys, @Nullable LabelSelector selector, String at, List<Finding> findings) {
    if (keys.isEmpty()) {
      return;
    }
    if (selector == null) {
      findings.add(
          Finding.rejection(
              at, "is set without a labelSelector", "add a labelSelector, or remove the keys"));
      return;
    }
    for (int i = 0; i < keys.size(); i++) {
      String key = keys.get(i) == null ? "" : keys.get(i);
      if (!Names.isQualifiedName(key)) {
        findings.add(
            Finding.rejection(
                at + "[" + i + "]",
                "\"" + key + "\" is not a label key",
                "give a pod label key such as app or example.com/role"));
      }
    }
  }

  private static void spread(
      List<TopologySpreadConstraint> all, int index, String at, List<Finding> findings) {
    TopologySpreadConstraint c =
        all.get(index) == null ? new TopologySpreadConstraint() : all.get(index);
    int maxSkew = c.getMaxSkew() == null ? 0 : c.getMaxSkew();
    if (maxSkew < 1) {
      findings.add(
          Finding.rejection(
              at + ".maxSkew",
              "maxSkew " + maxSkew + " is not above 0",
              "give the largest difference in pods between domains you allow, at least 1"));
    }
    String key = c.getTopologyKey() == null ? "" : c.getTopologyKey();
    if (key.isEmpty()) {
      findings.add(
          Finding.rejection(
              at + ".topologyKey",
              "the constraint has no topologyKey",
              "give the node label that defines the domain, e.g. topology.kubernetes.io/zone"));
    }
    String action = c.getWhenUnsatisfiable() == null ? "" : c.getWhenUnsatisfiable();
    if (!ACTIONS.contains(action)) {
      findings.add(
          Finding.rejection(
              at + ".whenUnsatisfiable",
              "whenUnsatisfiable \"" + action + "\" is not DoNotSchedule or ScheduleAnyway",
              "write DoNotSchedule or ScheduleAnyway"));
    }
    for (int j = index + 1; j < all.size(); j++) {
      TopologySpreadConstraint other = all.get(j);
      if (other != null
          && key.equals(orEmpty(other.getTopologyKey()))
          && action.equals(orEmpty(other.getWhenUnsatisfiable()))) {
        findings.add(
            Finding.rejection(
                at,
                "topologySpreadConstraints[" + j + "] has the same topologyKey and action",
                "keep one constraint per topologyKey and whenUnsatisfiable"));
        break;
      }
    }
    Integer minDomains = c.getMinDomains();
    if (minDomains != null && minDomains < 1) {
      findings.add(
          Finding.rejection(
              at + ".minDomains",
              "minDomains " + minDomains + " is not above 0",
              "give at least 1, or leave minDomains out"));
    }
    if (minDomains != null && !action.equals("DoNotSchedule")) {
      findings.add(
          Finding.rejection(
              at + ".minDomains",
              "minDomains is only taken with whenUnsatisfiable DoNotSchedule",
              "use DoNotSchedule, or leave minDomains out"));
    }
    policy(c.getNodeAffinityPolicy(), at + ".nodeAffinityPolicy", findings);
    policy(c.getNodeTaintsPolicy(), at + ".nodeTaintsPolicy", findings);
    spreadKeys(c, at, findings);
    LabelSelectorChecks.check(c.getLabelSelector(), at + ".labelSelector", findings);
  }

  private static void spreadKeys(TopologySpreadConstraint c, String at, List<Finding> findings) {
    List<String> keys = orEmpty(c.getMatchLabelKeys());
    if (keys.isEmpty()) {
      return;
    }
    LabelSelector selector = c.getLabelSelector();
    Set<String> selectorKeys = new HashSet<>();
    if (selector == null) {
      findings.add(
          Finding.rejection(
              at + ".matchLabelKeys",
              "is set without a labelSelector",
              "add a labelSelector, or remove the keys"));
    } else {
      selectorKeys.addAll(orEmpty(selector.getMatchLabels()).keySet());
      orEmpty(selector.getMatchExpressions()).stream()
          .filter(e -> e != null && e.getKey() != null)
          .forEach(e -> selectorKeys.add(e.getKey()));
    }
    for (int i = 0; i < keys.size(); i++) {
      String key = keys.get(i) == null ? "" : keys.get(i);
      if (!Names.isQualifiedName(key)) {
        findings.add(
            Finding.rejection(
                at + ".matchLabelKeys[" + i + "]",
                "\"" + key + "\" is not a label key",
                "give a pod label key such as pod-template-hash"));
      }
      if (selectorKeys.contains(key)) {
        findings.add(
            Finding.rejection(
                at + ".matchLabelKeys[" + i + "]",
                "\"" + key + "\" is in both matchLabelKeys and the labelSelector",
                "keep the key in one of them"));
      }
    }
  }

  private static void policy(@Nullable String policy, String at, List<Finding> findings) {
    if (policy != null && !NODE_POLICIES.contains(policy)) {
      findings.add(
          Finding.rejection(
              at, "\"" + policy + "\" is not Honor or Ignore", "write Honor or Ignore"));
    }
  }

  private static String orEmpty(@Nullable String value) {
    return value == null ? "" : value;
  }

  private static <T> List<T> orEmpty(@Nullable List<T> list) {
    return list == null ? List.of() : list;
  }

  private static Map<String, String> orEmpty(@Nullable Map<String, String> map) {
    return map == null ? Map.of() : map;
  }
}
