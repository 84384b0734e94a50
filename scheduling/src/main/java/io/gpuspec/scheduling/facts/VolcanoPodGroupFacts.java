package io.gpuspec.scheduling.facts;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.gpuspec.core.report.Finding;
import io.gpuspec.core.spi.Subject;
import io.gpuspec.scheduling.model.volcano.PodGroup;
import java.util.List;

/**
 * Facts about a Volcano PodGroup (https://volcano.sh/en/docs/podgroup/), reported by SCH008: it
 * gangs at least one pod, and no more pods than the workloads that join it create. A PodGroup, a
 * {@code Gang} or a {@code WorkloadGang} built by the DSL throws the first finding of these.
 */
public final class VolcanoPodGroupFacts {

  private VolcanoPodGroupFacts() {}

  /** The pods of one workload that join a PodGroup. */
  public record Member(HasMetadata workload, int pods) {}

  /**
   * SCH008: {@code spec.minMember} is set and not 0; a group of 0 gangs nothing. A negative value
   * is the PodGroup CRD's ({@code minimum: 0}), reported by the cel module's CRD001, not here.
   */
  public static List<Finding> minMemberGangs(PodGroup group) {
    Integer minMember = group.getSpec() == null ? null : group.getSpec().getMinMember();
    if (minMember != null && minMember != 0) {
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

  /**
   * SCH008: {@code spec.minMember} is at most the pods of the workloads that join the group, when
   * some do ({@code joining} empty: nothing to compare with). A group of fewer than 1 pod is {@link
   * #minMemberGangs}'s.
   */
  public static List<Finding> minMemberWithinPods(PodGroup group, List<Member> joining) {
    Integer minMember = group.getSpec() == null ? null : group.getSpec().getMinMember();
    if (joining.isEmpty() || minMember == null || minMember < 1) {
      return List.of();
    }
    int pods = joining.stream().mapToInt(Member::pods).sum();
    if (minMember <= pods) {
      return List.of();
    }
    List<String> who =
        joining.stream().map(m -> Subject.of(m.workload()) + " " + m.pods()).toList();
    return List.of(
        new Finding(
            "spec.minMember",
            "minMember "
                + minMember
                + " but only "
                + pods
                + " pods join it ("
                + String.join(", ", who)
                + "); Volcano waits for "
                + minMember
                + " pods that never come and never starts the gang",
            "set minMember to at most " + pods + ", or give the workloads more replicas"));
  }
}
