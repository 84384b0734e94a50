package io.gpuspec.scheduling.facts;

import io.fabric8.kubernetes.api.model.Quantity;
import io.gpuspec.core.facts.ResourceNames;
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
   * SCH011: the amounts of {@code capability}, {@code deserved} and {@code guarantee} are valid
   * quantity values (not negative; whole numbers of integer resources such as {@code
   * nvidia.com/gpu}), and per resource guarantee ≤ deserved ≤ capability, where a guarantee needs a
   * deserved share of its resource: Volcano's queue webhook ({@code
   * validateResourceQuantityOfQueue}) rejects a guarantee with none.
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
    values(findings, "spec.capability", spec.getCapability());
    values(findings, "spec.deserved", spec.getDeserved());
    values(findings, "spec.guarantee.resource", guarantee);
    new TreeMap<>(guarantee)
        .forEach(
            (resource, quantity) -> {
              if (!spec.getDeserved().containsKey(resource)) {
                findings.add(
                    new Finding(
                        "spec.deserved[" + resource + "]",
                        "the queue guarantees "
                            + resource
                            + " but has no deserved share of it; Volcano rejects the queue"
                            + " (deserved must be at least the guarantee)",
                        "add deserved "
                            + resource
                            + " of at least the guarantee (and at most the capability)"));
              }
            });
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
    return findings;
  }

  private static void values(List<Finding> findings, String path, Map<String, Quantity> amounts) {
    new TreeMap<>(amounts)
        .forEach(
            (resource, quantity) -> {
              if (quantity != null) {
                ResourceNames.quantityValue(resource, quantity, path + "[" + resource + "]")
                    .ifPresent(findings::add);
              }
            });
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
