package io.gpuspec.scheduling;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.gpuspec.core.GpuSpecStyle;
import io.gpuspec.core.ManifestSource;
import io.gpuspec.scheduling.facts.VolcanoQueueFacts;
import io.gpuspec.scheduling.model.volcano.Guarantee;
import io.gpuspec.scheduling.model.volcano.Queue;
import io.gpuspec.scheduling.model.volcano.QueueSpec;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.immutables.value.Value;

/**
 * A Volcano {@code Queue} ({@code scheduling.volcano.sh/v1beta1}): a team's share of the cluster
 * for gang-scheduled jobs (https://volcano.sh/en/docs/queue/).
 *
 * <pre>{@code
 * VolcanoQueue research = VolcanoQueue.named("research").weight(4)
 *     .putCapability("nvidia.com/gpu", "32").putDeserved("nvidia.com/gpu", "16")
 *     .putGuarantee("nvidia.com/gpu", "8").reclaimable(true)
 *     .build();
 * }</pre>
 *
 * <p>Checked at build, with the facts the rules report ({@link VolcanoQueueFacts}): the weight is 1
 * to 65535 (the bounds of the upstream CRD); amounts are not negative, and whole numbers of GPUs;
 * per resource, guarantee ≤ deserved ≤ capability, and a guarantee comes with a deserved share:
 * what is reserved fits in the fair share, which fits under the ceiling.
 */
@Value.Immutable
@GpuSpecStyle
public abstract class VolcanoQueue implements ManifestSource {

  /** The highest queue weight the CRD accepts. */
  public static final int MAX_WEIGHT = VolcanoQueueFacts.MAX_WEIGHT;

  public abstract String name();

  /** The queue's share of the cluster relative to the other queues. */
  @Value.Default
  public int weight() {
    return 1;
  }

  /** The most the queue's pods may use at once, by resource name. */
  public abstract Map<String, String> capability();

  /** The queue's fair share; what it uses above it may be reclaimed by other queues. */
  public abstract Map<String, String> deserved();

  /** Resources reserved for the queue alone. */
  public abstract Map<String, String> guarantee();

  /** Whether other queues may reclaim what this queue uses above its deserved share. */
  public abstract Optional<Boolean> reclaimable();

  /** The value of {@code app.kubernetes.io/part-of}. */
  @Value.Default
  public String partOf() {
    return Meta.DEFAULT_PART_OF;
  }

  @Override
  public List<HasMetadata> toManifests() {
    return List.of(toQueue());
  }

  /** The rendered Queue. */
  public Queue toQueue() {
    QueueSpec spec = new QueueSpec();
    spec.setWeight(weight());
    spec.setCapability(Quantities.toQuantities(capability()));
    spec.setDeserved(Quantities.toQuantities(deserved()));
    if (!guarantee().isEmpty()) {
      Guarantee reserved = new Guarantee();
      reserved.setResource(Quantities.toQuantities(guarantee()));
      spec.setGuarantee(reserved);
    }
    reclaimable().ifPresent(spec::setReclaimable);
    return new Queue(Meta.clusterScoped(name(), partOf()), spec);
  }

  @Value.Check
  protected void check() {
    String where = "volcano queue \"" + name() + "\"";
    Meta.requireSubdomain(where, name());
    Quantities.requireResources(where + " capability", capability());
    Quantities.requireResources(where + " deserved", deserved());
    Quantities.requireResources(where + " guarantee", guarantee());
    Meta.requirePartOf(where, partOf());
  }

  /** Throws the first finding of the facts the rules report on the rendered queue. */
  private void requireFacts() {
    Queue queue = toQueue();
    Meta.requireNone(queue, "SCH010", VolcanoQueueFacts.weight(queue));
    Meta.requireNone(queue, "SCH011", VolcanoQueueFacts.sharesOrdered(queue));
  }

  /** Starts a queue with this name. */
  public static Builder named(String name) {
    return new Builder().name(name);
  }

  /**
   * Builds {@link VolcanoQueue} values: set the attributes, then {@code build()}, which checks
   * them.
   */
  public static final class Builder extends ImmutableVolcanoQueue.Builder {
    /** Builds the queue; a queue the rules would refuse fails with their finding. */
    @Override
    public VolcanoQueue build() {
      VolcanoQueue queue = super.build();
      queue.requireFacts();
      return queue;
    }

    /** Builds without the rules' facts, to compare {@link #build()} with the rules. */
    VolcanoQueue buildUnchecked() {
      return super.build();
    }
  }

  @Override
  public String toString() {
    return "VolcanoQueue[" + name() + "]";
  }
}
