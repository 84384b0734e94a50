package io.gpuspec.scheduling.internal.rules;

import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.spi.BaseRule;
import io.gpuspec.core.spi.CheckContext;
import io.gpuspec.core.spi.RuleInfo;
import io.gpuspec.scheduling.facts.VolcanoQueueTreeFacts;
import io.gpuspec.scheduling.model.volcano.Queue;
import java.util.List;

/**
 * SCH039: a Volcano child queue's capability is within its nearest ancestor's, and the guarantees
 * and deserved shares of a parent's children add up to at most the parent's, as Volcano's queue
 * webhook requires since 1.14. Judged within the set; a parent outside it says nothing. The fact is
 * {@link VolcanoQueueTreeFacts#withinParent}.
 *
 * <p>Upstream: <a
 * href="https://github.com/volcano-sh/volcano/blob/v1.15.1/pkg/webhooks/admission/queues/validate/validate_queue.go">Volcano's
 * queue webhook</a>.
 */
public final class VolcanoQueueWithinParent extends BaseRule {

  public VolcanoQueueWithinParent() {
    super(
        RuleInfo.builder()
            .apiServerRejects(true)
            .id("SCH039")
            .severity(Severity.ERROR)
            .title("A Volcano child queue's shares fit within its parent's")
            .why(
                "Volcano's queue webhook rejects a child queue whose capability is above an ancestor's, or whose guarantee or deserved share brings its siblings' sum above the parent's.")
            .fix("Lower the child's capability or shares, or raise the parent's.")
            .addKinds("Queue")
            .documentation(Sched.VOLCANO_QUEUE_DOCS)
            .build());
  }

  @Override
  public void check(ManifestSet manifests, CheckContext context) {
    List<Queue> queues = manifests.ofType(Queue.class);
    for (Queue queue : queues) {
      VolcanoQueueTreeFacts.withinParent(queue, queues).forEach(f -> context.report(queue, f));
    }
  }
}
