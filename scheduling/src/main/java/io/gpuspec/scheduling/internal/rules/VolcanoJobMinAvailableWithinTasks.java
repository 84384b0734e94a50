package io.gpuspec.scheduling.internal.rules;

import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.spi.BaseRule;
import io.gpuspec.core.spi.CheckContext;
import io.gpuspec.core.spi.RuleInfo;
import io.gpuspec.scheduling.internal.support.VolcanoJobAdapter;
import io.gpuspec.scheduling.model.volcano.batch.Job;
import io.gpuspec.scheduling.model.volcano.batch.TaskSpec;
import java.util.List;

/**
 * SCH009: a Volcano Job's {@code minAvailable} is at most the sum of its tasks' replicas, and each
 * task's {@code minAvailable} at most its replicas. Volcano's admission rejects a job that breaks
 * either (https://volcano.sh/en/docs/vcjob/): its gang could never be complete.
 */
public final class VolcanoJobMinAvailableWithinTasks extends BaseRule {

  public VolcanoJobMinAvailableWithinTasks() {
    super(
        RuleInfo.builder()
            .id("SCH009")
            .severity(Severity.ERROR)
            .title("A Volcano Job's minAvailable is at most its tasks' replicas")
            .why(
                "Volcano rejects a job whose minAvailable exceeds the pods its tasks create: the"
                    + " gang could never be complete.")
            .fix("Lower minAvailable, or raise the tasks' replicas.")
            .addKinds("Job")
            .documentation(Sched.VOLCANO_JOB_DOCS)
            .apiServerRejects(true)
            .build());
  }

  @Override
  public void check(ManifestSet manifests, CheckContext context) {
    for (Job job : manifests.ofType(Job.class)) {
      if (job.getSpec() == null) {
        continue;
      }
      List<TaskSpec> tasks = job.getSpec().getTasks();
      int total = 0;
      for (int i = 0; i < tasks.size(); i++) {
        TaskSpec task = tasks.get(i);
        if (task == null) {
          continue;
        }
        int replicas = VolcanoJobAdapter.replicas(task);
        total += replicas;
        Integer min = task.getMinAvailable();
        if (min != null && min > replicas) {
          context.report(
              job,
              "spec.tasks[" + i + "].minAvailable",
              "task \""
                  + task.getName()
                  + "\": minAvailable "
                  + min
                  + " but the task has "
                  + replicas
                  + " replicas; Volcano rejects the job",
              "set the task's minAvailable to at most " + replicas);
        }
      }
      Integer min = job.getSpec().getMinAvailable();
      if (min != null && min > total) {
        context.report(
            job,
            "spec.minAvailable",
            "minAvailable "
                + min
                + " but its tasks have "
                + total
                + " replicas together; Volcano rejects the job, whose gang could never be"
                + " complete",
            "set minAvailable to at most " + total + ", or raise the tasks' replicas");
      }
    }
  }
}
