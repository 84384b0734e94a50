package io.gpuspec.scheduling.internal.rules;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.scheduling.v1.PriorityClass;
import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.spi.BaseRule;
import io.gpuspec.core.spi.CheckContext;
import io.gpuspec.core.spi.RuleInfo;
import io.gpuspec.scheduling.model.kueue.WorkloadPriorityClass;
import java.util.List;

/**
 * SCH002: the label {@code kueue.x-k8s.io/priority-class} names a Kueue {@code
 * WorkloadPriorityClass} of the set (Kueue looks the label up as a WorkloadPriorityClass, not as a
 * PriorityClass; https://kueue.sigs.k8s.io/docs/concepts/workload_priority_class/). Kueue does not
 * create a Workload for a job whose class does not exist, so the job is never admitted. See {@link
 * Sched} for when a missing class is an error.
 */
public final class WorkloadPriorityClassExists extends BaseRule {

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
            .build());
  }

  @Override
  public void check(ManifestSet manifests, CheckContext context) {
    List<WorkloadPriorityClass> classes = manifests.ofType(WorkloadPriorityClass.class);
    boolean defined = !classes.isEmpty();
    for (HasMetadata object : manifests) {
      String name = Sched.labels(object).get(Sched.KUEUE_PRIORITY);
      if (name == null
          || name.isEmpty()
          || object.getApiVersion() == null
          || object.getApiVersion().startsWith("kueue.x-k8s.io/")
          || Sched.has(classes, name, "")) {
        continue;
      }
      boolean onlyPriorityClass = Sched.has(manifests.ofType(PriorityClass.class), name, "");
      context.report(
          Sched.missing(defined),
          object,
          "metadata.labels[" + Sched.KUEUE_PRIORITY + "]",
          Sched.missingMessage(
              Sched.of(object),
              "WorkloadPriorityClass",
              name,
              defined,
              "Kueue creates no Workload for it and never admits it"
                  + (onlyPriorityClass
                      ? " (a PriorityClass of that name does not count: the label names a"
                          + " WorkloadPriorityClass)"
                      : "")),
          "add WorkloadPriorityClass \""
              + name
              + "\" (value as its PriorityClass), or name an existing one");
    }
  }
}
