package io.gpuspec.core.internal.rules;

import io.fabric8.kubernetes.api.model.batch.v1.CronJob;
import io.gpuspec.core.facts.CronJobFacts;
import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.spi.BaseRule;
import io.gpuspec.core.spi.CheckContext;
import io.gpuspec.core.spi.RuleInfo;

/**
 * K8S029: the API server rejects a CronJob whose schedule does not parse as standard cron or names
 * a time zone, whose timeZone is not an explicit IANA zone, whose concurrencyPolicy is unknown,
 * whose deadline or history limits are negative, or whose job template sets a selector. The facts
 * are {@link CronJobFacts}.
 *
 * <p>Upstream: <a
 * href="https://kubernetes.io/docs/concepts/workloads/controllers/cron-jobs/">CronJob</a> and <a
 * href="https://github.com/kubernetes/kubernetes/blob/master/pkg/apis/batch/validation/validation.go">batch
 * validation</a>.
 */
public final class CronJobScheduleValid extends BaseRule {
  public CronJobScheduleValid() {
    super(
        RuleInfo.builder()
            .apiServerRejects(true)
            .id(CronJobFacts.RULE)
            .severity(Severity.ERROR)
            .title("A CronJob's schedule, timeZone, concurrencyPolicy and limits are valid")
            .why(
                "The API server rejects a CronJob whose schedule is not five cron fields or a macro, holds TZ= or CRON_TZ=, whose timeZone is empty, Local or unknown, whose concurrencyPolicy is not Allow, Forbid or Replace, or whose startingDeadlineSeconds or history limits are negative.")
            .fix(
                "Write the schedule as minute hour day-of-month month day-of-week (or @daily etc.), put the zone in spec.timeZone (e.g. Etc/UTC), and use Allow, Forbid or Replace.")
            .addKinds("CronJob")
            .documentation("https://kubernetes.io/docs/concepts/workloads/controllers/cron-jobs/")
            .build());
  }

  @Override
  public void check(ManifestSet manifests, CheckContext context) {
    for (CronJob cron : manifests.ofType(CronJob.class)) {
      CronJobFacts.spec(cron.getSpec()).forEach(f -> context.report(cron, f));
    }
  }
}
