package io.gpuspec.scheduling.internal.rules;

import io.fabric8.kubernetes.api.model.scheduling.v1.PriorityClass;
import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.spi.CheckContext;
import io.gpuspec.core.spi.ReferenceRule;
import io.gpuspec.core.spi.RuleInfo;
import io.gpuspec.core.spi.Subject;
import io.gpuspec.scheduling.model.kueue.WorkloadPriorityClass;
import java.util.List;
import java.util.stream.Stream;

/**
 * SCH002: the label {@code kueue.x-k8s.io/priority-class} names a Kueue {@code
 * WorkloadPriorityClass} of the set (Kueue looks the label up as a WorkloadPriorityClass, not as a
 * PriorityClass; https://kueue.sigs.k8s.io/docs/concepts/workload_priority_class/). Kueue does not
 * create a Workload for a job whose class does not exist, so the job is never admitted. See {@link
 * ReferenceRule} for when a missing class is an error.
 */
public final class WorkloadPriorityClassExists extends ReferenceRule<WorkloadPriorityClass> {

  public WorkloadPriorityClassExists() {
    super(
        RuleInfo.builder()
            .id("SCH002")
            .severity(Severity.ERROR)
            .title("kueue.x-k8s.io/priority-class names a WorkloadPriorityClass of the set")
            .why(
                "Kueue resolves the label as a WorkloadPriorityClass; when it does not exist, no"
                    + " Workload is created and the job is never admitted.")
            .fix("Add the WorkloadPriorityClass, or name one that exists.")
            .addKinds("*")
            .documentation("https://kueue.sigs.k8s.io/docs/concepts/workload_priority_class/")
            .build(),
        "WorkloadPriorityClass",
        WorkloadPriorityClass.class);
  }

  @Override
  protected Stream<Reference> references(ManifestSet manifests, CheckContext context) {
    return manifests.objects().stream()
        .filter(Sched::outsideKueue)
        .map(
            object ->
                Reference.clusterScoped(
                    object,
                    "metadata.labels[" + Sched.KUEUE_PRIORITY + "]",
                    Subject.labels(object).get(Sched.KUEUE_PRIORITY),
                    "Kueue creates no Workload for it and never admits it"));
  }

  @Override
  protected String note(
      Reference reference, ManifestSet manifests, List<WorkloadPriorityClass> defined) {
    boolean onlyPriorityClass =
        manifests.ofType(PriorityClass.class).stream()
            .anyMatch(c -> Subject.name(c).equals(reference.name()));
    return onlyPriorityClass
        ? " (a PriorityClass of that name does not count: the label names a"
            + " WorkloadPriorityClass)"
        : "";
  }

  @Override
  protected String fix(Reference reference, List<WorkloadPriorityClass> defined) {
    return "add WorkloadPriorityClass \""
        + reference.name()
        + "\" (value as its PriorityClass), or name an existing one";
  }
}
