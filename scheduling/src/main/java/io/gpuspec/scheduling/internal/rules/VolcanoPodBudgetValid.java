package io.gpuspec.scheduling.internal.rules;

import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.spi.BaseRule;
import io.gpuspec.core.spi.CheckContext;
import io.gpuspec.core.spi.PodTemplate;
import io.gpuspec.core.spi.RuleInfo;
import io.gpuspec.core.spi.Workload;
import io.gpuspec.scheduling.facts.VolcanoAdmissionFacts;
import io.gpuspec.scheduling.model.volcano.batch.Job;

/**
 * SCH041: the pods Volcano schedules give at most one of {@code volcano.sh/jdb-min-available} and
 * {@code volcano.sh/jdb-max-unavailable}, as a positive integer or 1%–99%, as Volcano's pod webhook
 * requires. Read on pod templates with {@code schedulerName: volcano} and on the task templates of
 * Volcano Jobs (whose pods take the job's scheduler). The fact is {@link
 * VolcanoAdmissionFacts#budgetAnnotations}.
 *
 * <p>Upstream: <a
 * href="https://github.com/volcano-sh/volcano/blob/v1.15.1/pkg/webhooks/admission/pods/validate/admit_pod.go">Volcano's
 * pod webhook</a>.
 */
public final class VolcanoPodBudgetValid extends BaseRule {

  public VolcanoPodBudgetValid() {
    super(
        RuleInfo.builder()
            .apiServerRejects(true)
            .id("SCH041")
            .severity(Severity.ERROR)
            .title("A Volcano pod's disruption-budget annotations are valid")
            .why(
                "Volcano's pod webhook rejects a pod of the Volcano scheduler with both jdb annotations, or with a value that is neither a positive integer nor a percentage from 1% to 99%.")
            .fix(
                "Keep one of volcano.sh/jdb-min-available and volcano.sh/jdb-max-unavailable, with a valid value.")
            .addKinds("*")
            .documentation(Sched.VOLCANO_PODGROUP_DOCS)
            .build());
  }

  @Override
  public void check(ManifestSet manifests, CheckContext context) {
    for (Workload workload : context.workloads()) {
      boolean volcanoJob = workload.object() instanceof Job;
      for (PodTemplate template : workload.templates()) {
        String scheduler = template.spec().getSchedulerName();
        if (Sched.VOLCANO.equals(scheduler) || (volcanoJob && scheduler == null)) {
          VolcanoAdmissionFacts.budgetAnnotations(template)
              .forEach(f -> context.report(workload.object(), f));
        }
      }
    }
  }
}
