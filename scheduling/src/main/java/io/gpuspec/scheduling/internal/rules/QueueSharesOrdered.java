package io.gpuspec.scheduling.internal.rules;

import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.spi.BaseRule;
import io.gpuspec.core.spi.CheckContext;
import io.gpuspec.core.spi.RuleInfo;
import io.gpuspec.scheduling.facts.VolcanoQueueFacts;
import io.gpuspec.scheduling.model.volcano.Queue;

/**
 * SCH011: per resource, a Volcano Queue's {@code guarantee} ≤ {@code deserved} ≤ {@code
 * capability}, a guarantee comes with a deserved share, and no amount is negative or a fraction of
 * a GPU: what is reserved must fit in the fair share, which must fit under the ceiling. Volcano's
 * queue webhook rejects other queues (https://volcano.sh/en/docs/queue/).
 */
public final class QueueSharesOrdered extends BaseRule {

  public QueueSharesOrdered() {
    super(
        RuleInfo.builder()
            .id("SCH011")
            .severity(Severity.ERROR)
            .title("A Volcano Queue's guarantee ≤ deserved ≤ capability, per resource")
            .why(
                "Volcano rejects a queue that reserves more than its fair share or whose fair share"
                    + " is above its ceiling.")
            .fix(
                "Order the amounts per resource: guarantee ≤ deserved ≤ capability, with a deserved"
                    + " share for every guaranteed resource.")
            .apiServerRejects(true)
            .addKinds("Queue")
            .documentation(Sched.VOLCANO_QUEUE_DOCS)
            .build());
  }

  @Override
  public void check(ManifestSet manifests, CheckContext context) {
    for (Queue queue : manifests.ofType(Queue.class)) {
      VolcanoQueueFacts.sharesOrdered(queue).forEach(f -> context.report(queue, f));
    }
  }
}
