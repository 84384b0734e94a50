package io.gpuspec.tfjob;

import io.gpuspec.core.GpuSpecStyle;
import io.gpuspec.core.InvalidSpecException;
import io.gpuspec.core.Labels;
import io.gpuspec.core.PriorityRef;
import java.util.Optional;
import org.immutables.value.Value;

/**
 * Gang scheduling of a TFJob ({@code runPolicy.schedulingPolicy}): the operator creates a PodGroup
 * so that at least {@code minAvailable} pods start together or none do.
 *
 * <pre>{@code
 * GangScheduling.builder().minAvailable(5).queue("research").priorityClass("train-high").build()
 * }</pre>
 */
@Value.Immutable
@GpuSpecStyle
public abstract class GangScheduling {

  /** Pods that must start together; absent means all of them. */
  public abstract Optional<Integer> minAvailable();

  /** The scheduler's queue, e.g. a Volcano Queue. */
  public abstract Optional<String> queue();

  /** The PriorityClass of the PodGroup. */
  public abstract Optional<String> priorityClass();

  /** How long the gang may wait to be scheduled. */
  public abstract Optional<Integer> scheduleTimeoutSeconds();

  @Value.Check
  protected void check() {
    minAvailable()
        .ifPresent(
            min ->
                InvalidSpecException.require(
                    min >= 1,
                    "schedulingPolicy minAvailable",
                    min + " is not positive",
                    "use 1 or more pods, or leave it out to gang all pods"));
    queue()
        .ifPresent(
            queue ->
                InvalidSpecException.require(
                    Labels.isDns1123Subdomain(queue),
                    "schedulingPolicy queue",
                    "\"" + queue + "\" is not a valid name",
                    "use the name of a queue, e.g. research"));
    priorityClass()
        .ifPresent(
            name ->
                InvalidSpecException.require(
                    Labels.isDns1123Subdomain(name),
                    "schedulingPolicy priorityClass",
                    "\"" + name + "\" is not a valid name",
                    "use the name of a PriorityClass"));
    scheduleTimeoutSeconds()
        .ifPresent(
            seconds ->
                InvalidSpecException.require(
                    seconds > 0,
                    "schedulingPolicy scheduleTimeoutSeconds",
                    seconds + " is not positive",
                    "give the timeout in seconds"));
  }

  public static Builder builder() {
    return new Builder();
  }

  /**
   * A builder holding everything {@code base} sets; later calls replace single values, add to lists
   * and maps, and {@code build()} checks the result as a whole.
   */
  public static Builder from(GangScheduling base) {
    return new Builder().from(base);
  }

  /**
   * Builds {@link GangScheduling} values: set the attributes, then {@code build()}, which checks
   * them.
   */
  public static final class Builder extends ImmutableGangScheduling.Builder {
    /** The PodGroup's PriorityClass, by the tier that defines it. */
    public Builder priorityClass(PriorityRef tier) {
      return priorityClass(tier.priorityClassName());
    }
  }
}
