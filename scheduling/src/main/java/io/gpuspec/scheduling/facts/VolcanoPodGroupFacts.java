package io.gpuspec.scheduling.facts;

import io.gpuspec.core.report.Finding;
import io.gpuspec.scheduling.model.volcano.PodGroup;
import java.util.List;

/**
 * Facts about a Volcano PodGroup on its own (https://volcano.sh/en/docs/podgroup/): it gangs at
 * least one pod (reported by SCH008, which also compares {@code minMember} with the pods that join
 * the group). A PodGroup built by the DSL throws the first finding of these.
 */
public final class VolcanoPodGroupFacts {

  private VolcanoPodGroupFacts() {}

  /** SCH008: {@code spec.minMember} is at least 1; a group of 0 gangs nothing. */
  public static List<Finding> minMemberGangs(PodGroup group) {
    Integer minMember = group.getSpec() == null ? null : group.getSpec().getMinMember();
    if (minMember != null && minMember >= 1) {
      return List.of();
    }
    return List.of(
        new Finding(
            "spec.minMember",
            "minMember is "
                + (minMember == null ? "not set (0)" : minMember)
                + ", so the group gangs nothing: Volcano starts its pods one by one",
            "set minMember to the number of pods that must start together, at least 1"));
  }
}
