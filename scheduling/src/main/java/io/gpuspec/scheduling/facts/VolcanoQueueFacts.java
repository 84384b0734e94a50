package io.gpuspec.scheduling.facts;

import io.fabric8.kubernetes.api.model.Quantity;
import io.gpuspec.core.k8s.Amounts;
import io.gpuspec.core.k8s.GpuResources;
import io.gpuspec.core.report.Finding;
import io.gpuspec.scheduling.model.volcano.Queue;
import io.gpuspec.scheduling.model.volcano.QueueSpec;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.jspecify.annotations.Nullable;

/**
 * Facts about a Volcano Queue, as its CRD and webhook check them
 * (https://volcano.sh/en/docs/queue/): the weight's range (reported by SCH010) and guarantee ≤
 * deserved ≤ capability (SCH011). A queue built by the DSL throws the first finding of these.
 */
public final class VolcanoQueueFacts {

  /** The largest weight the Queue CRD accepts. */
  public static final int MAX_WEIGHT = 65535;

  private VolcanoQueueFacts() {}

  /** SCH010: {@code spec.weight} is 1 to {@value #MAX_WEIGHT}, when given. */
  public static List<Finding> weight(Queue queue) {
    Integer weight = queue.getSpec() == null ? null : queue.getSpec().getWeight();
    if (weight == null || (weight >= 1 && weight <= MAX_WEIGHT)) {
      return List.of();
    }
    return List.of(
        new Finding(
            "spec.weight",
            "weight "
                + weight
                + " is outside 1 to "
                + MAX_WEIGHT
                + "; the API server rejects the queue",
            "set a weight from 1 to " + MAX_WEIGHT + " (the queue's share relative to others)"));
  }

  /**
   * SCH011: per resource, guarantee ≤ deserved ≤ capability (guarantee ≤ capability where no
   * deserved share is given).
   */
  public static List<Finding> sharesOrdered(Queue queue) {
    QueueSpec spec = queue.getSpec();
    if (spec == null) {
      return List.of();
    }
    Map<String, Quantity> guarantee =
        spec.getGuarantee() == null || spec.getGuarantee().getResource() == null
            ? Map.of()
            : spec.getGuarantee().getResource();
    List<Finding> findings = new ArrayList<>();
    atMost(
        findings,
        "guarantee",
        "spec.guarantee.resource",
        guarantee,
        "deserved",
        spec.getDeserved());
    atMost(
        findings,
        "deserved",
        "spec.deserved",
        spec.getDeserved(),
        "capability",
        spec.getCapability());
    Map<String, Quantity> withoutDeserved = new TreeMap<>(guarantee);
    withoutDeserved.keySet().removeAll(spec.getDeserved().keySet());
    atMost(
        findings,
        "guarantee",
        "spec.guarantee.resource",
        withoutDeserved,
        "capability",
        spec.getCapability());
    return findings;
  }

  private static void atMost(
      List<Finding> findings,
      String lowName,
      String lowPath,
      Map<String, Quantity> low,
      String highName,
      Map<String, Quantity> high) {
    new TreeMap<>(low)
        .forEach(
            (resource, quantity) -> {
              Optional<BigDecimal> amount = amount(quantity);
              Optional<BigDecimal> ceiling = amount(high.get(resource));
              if (amount.isPresent()
                  && ceiling.isPresent()
                  && amount.get().compareTo(ceiling.get()) > 0) {
                String most = Amounts.format(resource, ceiling.get());
                findings.add(
                    new Finding(
                        lowPath + "[" + resource + "]",
                        lowName
                            + " "
                            + resource
                            + " "
                            + Amounts.format(resource, amount.get())
                            + " is more than the "
                            + highName
                            + " "
                            + most
                            + "; Volcano rejects the queue",
                        "lower the "
                            + lowName
                            + " of "
                            + resource
                            + " to at most "
                            + most
                            + " (guarantee ≤ deserved ≤ capability), or raise the "
                            + highName));
              }
            });
  }

  private static Optional<BigDecimal> amount(@Nullable Quantity quantity) {
    return quantity == null ? Optional.empty() : GpuResources.amount(quantity);
  }
}
