package io.gpuspec.core.internal.rules;

import io.fabric8.kubernetes.api.model.batch.v1.CronJob;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.gpuspec.core.facts.JobFacts;
import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.spi.BaseRule;
import io.gpuspec.core.spi.CheckContext;
import io.gpuspec.core.spi.RuleInfo;

/**
 * K8S028: the API server rejects a Job whose completion fields break batch {@code validateJobSpec}:
 * negative parallelism or completions, an unknown completionMode, an Indexed Job without
 * completions or with pods whose host names would not be DNS labels, per-index limits or a
 * successPolicy on a NonIndexed Job, an unknown podReplacementPolicy, a malformed managedBy. Also
 * inside a CronJob's job template. The facts are {@link JobFacts}.
 *
 * <p>Upstream: <a
 * href="https://kubernetes.io/docs/concepts/workloads/controllers/job/#completion-mode">Job
 * completion mode</a> and <a
 * href="https://github.com/kubernetes/kubernetes/blob/master/pkg/apis/batch/validation/validation.go">batch
 * validation</a>.
 */
public final class JobCompletionFieldsValid extends BaseRule {
  public JobCompletionFieldsValid() {
    super(
        RuleInfo.builder()
            .apiServerRejects(true)
            .id(JobFacts.RULE)
            .severity(Severity.ERROR)
            .title(
                "A Job's completion mode, per-index limits, successPolicy and managedBy are valid")
            .why(
                "The API server rejects a Job with negative parallelism or completions, an Indexed Job without completions, backoffLimitPerIndex, maxFailedIndexes or a successPolicy on a NonIndexed Job, succeededIndexes that do not parse, an unknown podReplacementPolicy or a managedBy that is not a domain-prefixed path.")
            .fix(
                "Use completionMode Indexed with completions for ranked workers, keep per-index limits and successPolicy on Indexed Jobs, podReplacementPolicy Failed or TerminatingOrFailed, managedBy <domain>/<path>.")
            .addKinds("Job", "CronJob")
            .documentation(
                "https://kubernetes.io/docs/concepts/workloads/controllers/job/#completion-mode")
            .build());
  }

  @Override
  public void check(ManifestSet manifests, CheckContext context) {
    for (Job job : manifests.ofType(Job.class)) {
      JobFacts.spec("spec", job.getSpec()).forEach(f -> context.report(job, f));
      String name = job.getMetadata() == null ? null : job.getMetadata().getName();
      JobFacts.indexedHostnames(name, job.getSpec()).forEach(f -> context.report(job, f));
    }
    for (CronJob cron : manifests.ofType(CronJob.class)) {
      if (cron.getSpec() != null && cron.getSpec().getJobTemplate() != null) {
        JobFacts.spec("spec.jobTemplate.spec", cron.getSpec().getJobTemplate().getSpec())
            .forEach(f -> context.report(cron, f));
      }
    }
  }
}
