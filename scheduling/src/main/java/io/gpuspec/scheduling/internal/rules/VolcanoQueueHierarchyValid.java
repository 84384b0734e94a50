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
 * SCH037: a Volcano Queue's hierarchy annotations ({@code volcano.sh/hierarchy} and {@code
 * volcano.sh/hierarchy-weights}) have one weight per level, each above 0, no other queue of the set
 * has a path below this queue's, and no queue is its own parent, as Volcano's queue webhook
 * requires. The facts are {@link VolcanoQueueTreeFacts#attributes} and {@link
 * VolcanoQueueTreeFacts#pathNotInner}.
 *
 * <p>Upstream: <a
 * href="https://github.com/volcano-sh/volcano/blob/v1.15.1/pkg/webhooks/admission/queues/validate/validate_queue.go">Volcano's
 * queue webhook</a>.
 */
public final class VolcanoQueueHierarchyValid extends BaseRule {

  public VolcanoQueueHierarchyValid() {
    super(
        RuleInfo.builder()
            .apiServerRejects(true)
            .id("SCH037")
            .severity(Severity.ERROR)
            .title("A Volcano Queue's hierarchy annotations and parent are well formed")
            .why(
                "Volcano's queue webhook rejects hierarchy and weight annotations of different lengths, a weight that is not a number above 0, a queue whose path another queue's path extends, and a queue that is its own parent.")
            .fix(
                "Give one weight above 0 per level, keep queues at leaf paths, and name another queue (or root) as parent.")
            .addKinds("Queue")
            .documentation(Sched.VOLCANO_QUEUE_DOCS)
            .build());
  }

  @Override
  public void check(ManifestSet manifests, CheckContext context) {
    List<Queue> queues = manifests.ofType(Queue.class);
    for (Queue queue : queues) {
      VolcanoQueueTreeFacts.attributes(queue).forEach(f -> context.report(queue, f));
      VolcanoQueueTreeFacts.pathNotInner(queue, queues).forEach(f -> context.report(queue, f));
    }
  }
}
