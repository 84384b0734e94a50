package io.gpuspec.scheduling;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.gpuspec.core.GpuSpecStyle;
import io.gpuspec.core.ManifestSource;
import io.gpuspec.scheduling.model.kueue.LocalQueue;
import io.gpuspec.scheduling.model.kueue.LocalQueueSpec;
import java.util.List;
import java.util.Map;
import org.immutables.value.Value;

/**
 * A Kueue {@code LocalQueue} ({@code kueue.x-k8s.io/v1beta2}): a namespace's entry to a {@link
 * KueueClusterQueue}. Workloads join it with the label {@code kueue.x-k8s.io/queue-name}
 * (https://kueue.sigs.k8s.io/docs/concepts/local_queue/); {@link #queueLabel()} gives it.
 *
 * <pre>{@code
 * KueueLocalQueue queue = KueueLocalQueue.named("training").namespace("team-a")
 *     .clusterQueue(teamA).build();
 * job.getMetadata().getLabels().putAll(queue.queueLabel());
 * }</pre>
 */
@Value.Immutable
@GpuSpecStyle
public abstract class KueueLocalQueue implements ManifestSource {

  /** The label that puts a workload in a LocalQueue of its namespace. */
  public static final String QUEUE_NAME_LABEL = "kueue.x-k8s.io/queue-name";

  public abstract String name();

  public abstract String namespace();

  /** The ClusterQueue's name. */
  public abstract String clusterQueue();

  /** The value of {@code app.kubernetes.io/part-of}. */
  @Value.Default
  public String partOf() {
    return Meta.DEFAULT_PART_OF;
  }

  /** The label to stamp on a workload (Job, TFJob, ...) to queue it here. */
  public Map<String, String> queueLabel() {
    return Map.of(QUEUE_NAME_LABEL, name());
  }

  @Override
  public List<HasMetadata> toManifests() {
    return List.of(toLocalQueue());
  }

  /** The rendered LocalQueue. */
  public LocalQueue toLocalQueue() {
    LocalQueueSpec spec = new LocalQueueSpec();
    spec.setClusterQueue(clusterQueue());
    return new LocalQueue(Meta.namespaced(name(), namespace(), partOf()), spec);
  }

  @Value.Check
  protected void check() {
    String where = "local queue \"" + namespace() + "/" + name() + "\"";
    Meta.requireSubdomain(where, name());
    Meta.requireLabel(where + " namespace", namespace());
    Meta.requireSubdomain(where + " clusterQueue", clusterQueue());
    Meta.requirePartOf(where, partOf());
    // The queue name is also a label value on workloads.
    Meta.requireLabels(where + " queueLabel", queueLabel());
  }

  /** Starts a local queue with this name. */
  public static Builder named(String name) {
    return new Builder().name(name);
  }

  /**
   * Builds {@link KueueLocalQueue} values: set the attributes, then {@code build()}, which checks
   * them.
   */
  public static final class Builder extends ImmutableKueueLocalQueue.Builder {
    /** Points the queue at this cluster queue. */
    public Builder clusterQueue(KueueClusterQueue queue) {
      return (Builder) clusterQueue(queue.name());
    }
  }

  @Override
  public String toString() {
    return "KueueLocalQueue[" + namespace() + "/" + name() + " -> " + clusterQueue() + "]";
  }
}
