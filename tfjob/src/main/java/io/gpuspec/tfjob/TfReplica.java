package io.gpuspec.tfjob;

import io.gpuspec.core.ContainerAttributes;
import io.gpuspec.core.GpuPlacement;
import io.gpuspec.core.GpuSpecStyle;
import io.gpuspec.core.InvalidSpecException;
import io.gpuspec.core.NodePool;
import io.gpuspec.core.PodAttributes;
import io.gpuspec.core.PriorityRef;
import java.util.Optional;
import org.immutables.value.Value;

/**
 * One replica type of a {@link TfJob}: how many pods, what their {@code tensorflow} container runs
 * and needs, and the restart policy. GPU replicas run on the job's pool unless {@link
 * Builder#onPool} names another pool of the same GPU model (a job never mixes models); a replica
 * with {@code gpus(0)} (a CPU-only parameter server) gets no pool and may run on CPU nodes.
 */
@Value.Immutable
@GpuSpecStyle
public abstract class TfReplica implements ContainerAttributes, PodAttributes {

  public abstract ReplicaType type();

  @Value.Default
  public int replicas() {
    return 1;
  }

  /** The operator's default is {@code Never}. */
  @Value.Default
  public RestartPolicy restartPolicy() {
    return RestartPolicy.NEVER;
  }

  /** A pool for this replica type only; empty means the job's pool (for GPU replicas). */
  public abstract Optional<GpuPlacement> placement();

  @Value.Check
  protected void check() {
    InvalidSpecException.require(
        replicas() >= 1,
        type().text() + " replicas",
        replicas() + " is not positive",
        "run 1 or more pods, or leave the " + type().text() + " replica type out");
  }

  /** Starts a replica of this type. */
  public static Builder builder(ReplicaType type) {
    return new Builder().type(type);
  }

  /**
   * A builder holding everything {@code base} sets; later calls replace single values, add to lists
   * and maps, and {@code build()} checks the result as a whole.
   */
  public static Builder from(TfReplica base) {
    return new Builder().from(base);
  }

  /**
   * Builds {@link TfReplica} values: set the attributes, then {@code build()}, which checks them.
   */
  public static final class Builder extends ImmutableTfReplica.Builder {
    /** Places this replica type on a pool other than the job's, with the same GPU model. */
    public Builder onPool(NodePool pool) {
      return placement(
          GpuPlacement.on(InvalidSpecException.requireValue(pool, "tf replica builder onPool")));
    }

    /**
     * Gives this replica type's pods the tier's PriorityClass: the typed form of {@code
     * priorityClassName(tier.priorityClassName())}.
     */
    public Builder priority(PriorityRef tier) {
      return priorityClassName(tier.priorityClassName());
    }
  }
}
