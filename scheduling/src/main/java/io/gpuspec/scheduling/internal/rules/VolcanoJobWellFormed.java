package io.gpuspec.scheduling.internal.rules;

import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.spi.BaseRule;
import io.gpuspec.core.spi.CheckContext;
import io.gpuspec.core.spi.RuleInfo;
import io.gpuspec.scheduling.facts.VolcanoJobFacts;
import io.gpuspec.scheduling.facts.VolcanoJobTaskFacts;
import io.gpuspec.scheduling.model.volcano.batch.Job;

/**
 * SCH035: Volcano's job webhook rejects a Job without tasks, with two tasks of one name, with
 * dependsOn that is not a DAG of its tasks, with malformed lifecycle policies, or with job volumes
 * lacking a mount path or a claim, and for the name, plugin, partition and topology checks of
 * {@link VolcanoJobTaskFacts}. The facts are {@link VolcanoJobFacts} and {@link
 * VolcanoJobTaskFacts}.
 *
 * <p>Upstream: <a href="https://volcano.sh/en/docs/vcjob/">Volcano Job</a>.
 */
public final class VolcanoJobWellFormed extends BaseRule {
  public VolcanoJobWellFormed() {
    super(
        RuleInfo.builder()
            .apiServerRejects(true)
            .id(VolcanoJobFacts.RULE)
            .severity(Severity.ERROR)
            .title("A Volcano Job's tasks, dependencies, policies and volumes are well formed")
            .why(
                "Volcano's admission webhook rejects a job without tasks, with a repeated task name, with task dependencies that are cyclic or name another job's tasks, with policies that set both or neither of event and exitCode, name unknown events or actions, repeat an event or exit code, use exit code 0 or mix * with other events, with volumes without mountPath or claim, with a job name or task pod name over 63 characters, an unknown plugin or an mpi master task it lacks, a partition policy whose partitions do not multiply to the task's replicas, a network topology with both highestTierAllowed and highestTierName, or a topologyPolicy on a task whose containers do not request whole CPUs.")
            .fix(
                "Name tasks uniquely, depend only on the job's own tasks, give each policy either events or a non-zero exitCode with a known action, each volume a mountPath and one claim, keep names short, use Volcano's plugins, keep partitions consistent with replicas, give one highest tier, and request whole CPUs under a topologyPolicy.")
            .addKinds("Job")
            .documentation(Sched.VOLCANO_JOB_DOCS)
            .build());
  }

  @Override
  public void check(ManifestSet manifests, CheckContext context) {
    for (Job job : manifests.ofType(Job.class)) {
      VolcanoJobFacts.spec(job.getSpec()).forEach(f -> context.report(job, f));
      VolcanoJobTaskFacts.job(job).forEach(f -> context.report(job, f));
    }
  }
}
