package io.gpuspec.scheduling;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.gpuspec.core.GpuSpecStyle;
import io.gpuspec.core.InvalidSpecException;
import io.gpuspec.core.ManifestSource;
import io.gpuspec.core.PriorityRef;
import io.gpuspec.scheduling.facts.VolcanoPodGroupFacts;
import io.gpuspec.scheduling.model.volcano.PodGroup;
import io.gpuspec.scheduling.model.volcano.PodGroupSpec;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.immutables.value.Value;

/**
 * A Volcano {@code PodGroup} ({@code scheduling.volcano.sh/v1beta1}): Volcano admits the group only
 * when {@code minMember} of its pods (and {@code minResources}) fit at once
 * (https://volcano.sh/en/docs/podgroup/). Pods join it with the annotation {@code
 * scheduling.k8s.io/group-name} and {@code schedulerName: volcano}; {@link Gang} builds both sides.
 *
 * <pre>{@code
 * VolcanoPodGroup group = VolcanoPodGroup.named("resnet").namespace("ml").minMember(4)
 *     .putMinResource("nvidia.com/gpu", "32").queue(research).priority(PriorityTier.trainingNormal())
 *     .build();
 * }</pre>
 */
@Value.Immutable
@GpuSpecStyle
public abstract class VolcanoPodGroup implements ManifestSource {

  public abstract String name();

  @Value.Default
  public String namespace() {
    return "default";
  }

  /** Pods that must be schedulable together, at least 1. */
  public abstract int minMember();

  /** Pods that must be schedulable together per task (e.g. {@code worker}), for Volcano Jobs. */
  public abstract Map<String, Integer> minTaskMember();

  /** Resources that must be free together, by resource name. */
  public abstract Map<String, String> minResources();

  /** The Volcano Queue; absent means Volcano's {@code default} queue. */
  public abstract Optional<String> queue();

  /** The priority tier whose PriorityClass the group has. */
  public abstract Optional<PriorityRef> priority();

  /** The value of {@code app.kubernetes.io/part-of}. */
  @Value.Default
  public String partOf() {
    return Meta.DEFAULT_PART_OF;
  }

  @Override
  public List<HasMetadata> toManifests() {
    return List.of(toPodGroup());
  }

  /** The rendered PodGroup. */
  public PodGroup toPodGroup() {
    PodGroupSpec spec = new PodGroupSpec();
    spec.setMinMember(minMember());
    spec.setMinTaskMember(new TreeMap<>(minTaskMember()));
    spec.setMinResources(Quantities.toQuantities(minResources()));
    queue().ifPresent(spec::setQueue);
    priority().map(PriorityRef::priorityClassName).ifPresent(spec::setPriorityClassName);
    return new PodGroup(Meta.namespaced(name(), namespace(), partOf()), spec);
  }

  @Value.Check
  protected void check() {
    String where = "podgroup \"" + name() + "\"";
    Meta.requireSubdomain(where, name());
    Meta.requireLabel(where + " namespace", namespace());
    InvalidSpecException.require(
        minMember() >= 0,
        where + " minMember",
        minMember() + " is negative",
        "give the number of pods that must start together, at least 1");
    minTaskMember()
        .forEach(
            (task, count) ->
                InvalidSpecException.require(
                    count >= 0,
                    where + " minTaskMember " + task,
                    count + " is negative",
                    "give the number of pods of the task that must start together, 0 or more"));
    Quantities.requireResources(where + " minResources", minResources());
    queue().ifPresent(q -> Meta.requireSubdomain(where + " queue", q));
    Meta.requirePartOf(where, partOf());
  }

  /** Starts a PodGroup with this name. */
  public static Builder named(String name) {
    return new Builder().name(name);
  }

  /**
   * Builds {@link VolcanoPodGroup} values: set the attributes, then {@code build()}, which checks
   * them.
   */
  public static final class Builder extends ImmutableVolcanoPodGroup.Builder {
    /** Builds the group; a group the rules would refuse fails with their finding. */
    @Override
    public VolcanoPodGroup build() {
      VolcanoPodGroup group = super.build();
      PodGroup rendered = group.toPodGroup();
      Meta.requireNone(rendered, "SCH008", VolcanoPodGroupFacts.minMemberGangs(rendered));
      return group;
    }

    /** Builds without the rules' facts, to compare {@link #build()} with the rules. */
    VolcanoPodGroup buildUnchecked() {
      return super.build();
    }

    /** Queues the group in this Volcano queue. */
    public Builder queue(VolcanoQueue queue) {
      return (Builder) queue(queue.name());
    }
  }

  @Override
  public String toString() {
    return "VolcanoPodGroup[" + namespace() + "/" + name() + ", minMember=" + minMember() + "]";
  }
}
