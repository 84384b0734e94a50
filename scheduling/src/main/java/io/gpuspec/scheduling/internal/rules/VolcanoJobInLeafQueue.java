package io.gpuspec.scheduling.internal.rules;

import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.spi.BaseRule;
import io.gpuspec.core.spi.CheckContext;
import io.gpuspec.core.spi.RuleInfo;
import io.gpuspec.scheduling.facts.VolcanoQueueTreeFacts;
import io.gpuspec.scheduling.model.volcano.Queue;
import io.gpuspec.scheduling.model.volcano.batch.Job;
import java.util.List;

/**
 * SCH038: a Volcano Job's queue is a leaf queue: not {@code root}, and no Queue of the set names it
 * as parent, as Volcano's job webhook requires. The fact is {@link
 * VolcanoQueueTreeFacts#leafQueue}.
 *
 * <p>Upstream: <a
 * href="https://github.com/volcano-sh/volcano/blob/v1.15.1/pkg/webhooks/admission/jobs/validate/admit_job.go">Volcano's
 * job webhook</a>.
 */
public final class VolcanoJobInLeafQueue extends BaseRule {

  public VolcanoJobInLeafQueue() {
    super(
        RuleInfo.builder()
            .apiServerRejects(true)
            .id("SCH038")
            .severity(Severity.ERROR)
            .title("A Volcano Job is submitted to a leaf queue")
            .why(
                "Volcano's job webhook rejects a job in the root queue or in a queue that has child queues.")
            .fix("Submit the job to a leaf queue.")
            .addKinds("Job", "Queue")
            .documentation(Sched.VOLCANO_QUEUE_DOCS)
            .build());
  }

  @Override
  public void check(ManifestSet manifests, CheckContext context) {
    List<Queue> queues = manifests.ofType(Queue.class);
    for (Job job : manifests.ofType(Job.class)) {
      VolcanoQueueTreeFacts.leafQueue(job, queues).forEach(f -> context.report(job, f));
    }
  }
}
