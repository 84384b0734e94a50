package io.gpuspec.scheduling.internal.rules;

import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.spi.BaseRule;
import io.gpuspec.core.spi.CheckContext;
import io.gpuspec.core.spi.RuleInfo;
import io.gpuspec.scheduling.facts.VolcanoQueueFacts;
import io.gpuspec.scheduling.model.volcano.Queue;

/**
 * SCH010: a Volcano Queue's {@code weight} is 1 to 65535, the bounds of the Queue CRD; the API
 * server rejects other values (https://volcano.sh/en/docs/queue/).
 */
public final class QueueWeightInRange extends BaseRule {

  public QueueWeightInRange() {
    super(
        RuleInfo.builder()
            .id("SCH010")
            .severity(Severity.ERROR)
            .title("A Volcano Queue's weight is 1 to 65535")
            .why("The Queue CRD accepts weights from 1 to 65535 only.")
            .fix("Give the queue a weight from 1 to 65535.")
            .addKinds("Queue")
            .documentation(Sched.VOLCANO_QUEUE_DOCS)
            .apiServerRejects(true)
            .build());
  }

  @Override
  public void check(ManifestSet manifests, CheckContext context) {
    for (Queue queue : manifests.ofType(Queue.class)) {
      VolcanoQueueFacts.weight(queue).forEach(f -> context.report(queue, f));
    }
  }
}
