package io.gpuspec.scheduling.internal.rules;

import io.fabric8.kubernetes.api.model.Quantity;
import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.spi.BaseRule;
import io.gpuspec.core.spi.CheckContext;
import io.gpuspec.core.spi.RuleInfo;
import io.gpuspec.scheduling.model.volcano.Queue;
import io.gpuspec.scheduling.model.volcano.QueueSpec;
import java.math.BigDecimal;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * SCH011: per resource, a Volcano Queue's {@code guarantee} ≤ {@code deserved} ≤ {@code capability}
 * (guarantee ≤ capability where no deserved share is given): what is reserved must fit in the fair
 * share, which must fit under the ceiling. Volcano's queue webhook rejects other queues
 * (https://volcano.sh/en/docs/queue/).
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
            .fix("Order the amounts per resource: guarantee ≤ deserved ≤ capability.")
            .addKinds("Queue")
            .documentation(Sched.VOLCANO_QUEUE_DOCS)
            .build());
  }

  @Override
  public void check(ManifestSet manifests, CheckContext context) {
    for (Queue queue : manifests.ofType(Queue.class)) {
      QueueSpec spec = queue.getSpec();
      if (spec == null) {
        continue;
      }
      Map<String, Quantity> guarantee =
          spec.getGuarantee() == null || spec.getGuarantee().getResource() == null
              ? Map.of()
              : spec.getGuarantee().getResource();
      atMost(
          queue,
          context,
          "guarantee",
          "spec.guarantee.resource",
          guarantee,
          "deserved",
          spec.getDeserved());
      atMost(
          queue,
          context,
          "deserved",
          "spec.deserved",
          spec.getDeserved(),
          "capability",
          spec.getCapability());
      Map<String, Quantity> withoutDeserved = new TreeMap<>(guarantee);
      withoutDeserved.keySet().removeAll(spec.getDeserved().keySet());
      atMost(
          queue,
          context,
          "guarantee",
          "spec.guarantee.resource",
          withoutDeserved,
          "capability",
          spec.getCapability());
    }
  }

  private static void atMost(
      Queue queue,
      CheckContext context,
      String lowName,
      String lowPath,
      Map<String, Quantity> low,
      String highName,
      Map<String, Quantity> high) {
    new TreeMap<>(low)
        .forEach(
            (resource, quantity) -> {
              Optional<BigDecimal> amount = Sched.amount(quantity);
              Optional<BigDecimal> ceiling = Sched.amount(high.get(resource));
              if (amount.isPresent()
                  && ceiling.isPresent()
                  && amount.get().compareTo(ceiling.get()) > 0) {
                context.report(
                    queue,
                    lowPath + "[" + resource + "]",
                    ""
                        + lowName
                        + " "
                        + resource
                        + " "
                        + Sched.quantity(resource, amount.get())
                        + " is more than the "
                        + highName
                        + " "
                        + Sched.quantity(resource, ceiling.get())
                        + "; Volcano rejects the queue",
                    "lower the "
                        + lowName
                        + " of "
                        + resource
                        + " to at most "
                        + Sched.quantity(resource, ceiling.get())
                        + " (guarantee ≤ deserved ≤ capability), or raise the "
                        + highName);
              }
            });
  }
}
