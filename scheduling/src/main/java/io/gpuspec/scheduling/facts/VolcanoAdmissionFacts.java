package io.gpuspec.scheduling.facts;

import io.gpuspec.core.report.Finding;
import io.gpuspec.core.spi.PodTemplate;
import io.gpuspec.core.spi.Subject;
import io.gpuspec.scheduling.model.volcano.PodGroup;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * Volcano's PodGroup and pod webhooks (<a
 * href="https://volcano.sh/en/docs/podgroup/">PodGroup</a>): a PodGroup's {@code networkTopology},
 * and each {@code subGroupPolicy}'s, gives at most one of {@code highestTierAllowed} and {@code
 * highestTierName} ({@code validateNetworkTopology}); a pod of the Volcano scheduler gives at most
 * one of {@code volcano.sh/jdb-min-available} and {@code volcano.sh/jdb-max-unavailable}, as a
 * positive integer or a percentage from 1% to 99% ({@code validateAnnotation}). Every finding is a
 * rejection.
 */
public final class VolcanoAdmissionFacts {

  /** The fewest pods of the group that must stay available. */
  public static final String MIN_AVAILABLE = "volcano.sh/jdb-min-available";

  /** The most pods of the group that may be unavailable. */
  public static final String MAX_UNAVAILABLE = "volcano.sh/jdb-max-unavailable";

  private VolcanoAdmissionFacts() {}

  /** VP3: one highest tier in the PodGroup's network topology and each sub-group policy's. */
  public static List<Finding> podGroupTopology(PodGroup group) {
    List<Finding> findings = new ArrayList<>();
    if (group.getSpec() == null) {
      return findings;
    }
    if (bothTiers(group.getSpec().getNetworkTopology())) {
      findings.add(VolcanoJobTaskFacts.bothTiers("spec.networkTopology.highestTierName"));
    }
    List<Map<String, Object>> policies =
        group.getSpec().getSubGroupPolicy() == null
            ? List.of()
            : group.getSpec().getSubGroupPolicy();
    for (int i = 0; i < policies.size(); i++) {
      Map<String, Object> policy = policies.get(i);
      if (policy != null
          && policy.get("networkTopology") instanceof Map<?, ?> topology
          && bothTiers(topology)) {
        findings.add(
            VolcanoJobTaskFacts.bothTiers(
                "spec.subGroupPolicy[" + i + "].networkTopology.highestTierName"));
        break; // the webhook reports the first policy only
      }
    }
    return findings;
  }

  private static boolean bothTiers(@Nullable Map<?, ?> topology) {
    return topology != null
        && topology.get("highestTierAllowed") != null
        && topology.get("highestTierName") instanceof String name
        && !name.isEmpty();
  }

  /**
   * VPD1 on a pod template whose pods Volcano schedules: at most one disruption-budget annotation,
   * each a positive integer or 1%–99%.
   */
  public static List<Finding> budgetAnnotations(PodTemplate template) {
    Map<String, String> annotations = Subject.annotations(template.metadata());
    List<Finding> findings = new ArrayList<>();
    for (String key : List.of(MIN_AVAILABLE, MAX_UNAVAILABLE)) {
      String value = annotations.get(key);
      if (value != null && !validBudget(value)) {
        findings.add(
            Finding.rejection(
                template.metadataPath() + ".annotations[" + key + "]",
                "\""
                    + value
                    + "\" is neither a positive integer nor a percentage from 1% to 99%;"
                    + " Volcano's pod webhook rejects the pod",
                "give a number of pods, e.g. \"2\", or a percentage, e.g. \"50%\""));
        return findings; // the webhook stops at the first bad value
      }
    }
    if (annotations.containsKey(MIN_AVAILABLE) && annotations.containsKey(MAX_UNAVAILABLE)) {
      findings.add(
          Finding.rejection(
              template.metadataPath() + ".annotations[" + MAX_UNAVAILABLE + "]",
              "both "
                  + MIN_AVAILABLE
                  + " and "
                  + MAX_UNAVAILABLE
                  + " are given; Volcano's pod webhook accepts one",
              "keep one of the two annotations"));
    }
    return findings;
  }

  /** As {@code intstr.Parse} then Volcano's {@code validateIntPercentageStr} read the value. */
  static boolean validBudget(String value) {
    if (value.matches("[+-]?[0-9]+")) {
      try {
        return Integer.parseInt(value) > 0;
      } catch (NumberFormatException tooLong) {
        return false;
      }
    }
    String percent = value.replace("%", "");
    if (!percent.matches("[+-]?[0-9]{1,10}")) {
      return false;
    }
    long number = Long.parseLong(percent);
    return number > 0 && number < 100;
  }
}
