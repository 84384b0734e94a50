package io.gpuspec.scheduling;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.PodTemplateSpec;
import io.fabric8.kubernetes.api.model.PodTemplateSpecBuilder;
import io.gpuspec.core.GpuSpecStyle;
import io.gpuspec.core.InvalidSpecException;
import io.gpuspec.core.ManifestSource;
import io.gpuspec.core.PriorityRef;
import io.gpuspec.scheduling.facts.VolcanoPodGroupFacts;
import io.gpuspec.scheduling.model.volcano.PodGroup;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.immutables.value.Value;

/**
 * Gang scheduling with Volcano for a workload of {@code pods} identical pods: the {@link
 * VolcanoPodGroup} that makes all of them start together or none (minMember = pods, minResources =
 * pods × per-pod resources), and what the workload's pod templates need to join it: {@code
 * schedulerName: volcano} and the annotation {@code scheduling.k8s.io/group-name: <group>}
 * (https://volcano.sh/en/docs/podgroup/).
 *
 * <pre>{@code
 * Gang gang = Gang.named("resnet").namespace("ml").pods(4)
 *     .putPerPod("nvidia.com/gpu", "8").putPerPod("cpu", "32").putPerPod("memory", "256Gi")
 *     .queue(research).priority(PriorityTier.trainingNormal())
 *     .build();
 * PodTemplateSpec template = gang.stamp(job.getSpec().getTemplate());
 * }</pre>
 *
 * <p>Checked at build with SCH008's fact on the rendered PodGroup ({@link VolcanoPodGroupFacts}):
 * the gang is at least one pod.
 */
@Value.Immutable
@GpuSpecStyle
public abstract class Gang implements ManifestSource {

  /** The scheduler that honours PodGroups. */
  public static final String SCHEDULER_NAME = "volcano";

  /** The pod annotation that names a pod's PodGroup. */
  public static final String GROUP_NAME_ANNOTATION = "scheduling.k8s.io/group-name";

  /** The PodGroup's name. */
  public abstract String name();

  @Value.Default
  public String namespace() {
    return "default";
  }

  /** Pods of the workload; all must start together. */
  public abstract int pods();

  /** Resources one pod requests, by resource name (e.g. {@code nvidia.com/gpu: 8}). */
  public abstract Map<String, String> perPod();

  /** The Volcano Queue; absent means Volcano's {@code default} queue. */
  public abstract Optional<String> queue();

  /** The priority tier of the group. */
  public abstract Optional<PriorityRef> priority();

  /** The value of {@code app.kubernetes.io/part-of}. */
  @Value.Default
  public String partOf() {
    return Meta.DEFAULT_PART_OF;
  }

  /** The PodGroup: {@code minMember} = {@link #pods()}, minResources = pods × per-pod resources. */
  @Value.Lazy
  public VolcanoPodGroup podGroup() {
    Map<String, String> total = new LinkedHashMap<>();
    perPod()
        .forEach((resource, quantity) -> total.put(resource, Quantities.times(quantity, pods())));
    return VolcanoPodGroup.named(name())
        .namespace(namespace())
        .minMember(pods())
        .putAllMinResources(total)
        .queue(queue())
        .priority(priority())
        .partOf(partOf())
        .buildUnchecked(); // its facts are this gang's, checked when the gang is built
  }

  /** The annotations a member pod carries. */
  public Map<String, String> podAnnotations() {
    return Map.of(GROUP_NAME_ANNOTATION, name());
  }

  /**
   * A copy of {@code template} that joins the gang: {@code schedulerName: volcano} and the group
   * annotation added, everything else kept.
   *
   * @throws InvalidSpecException if the template already names another scheduler or group
   */
  public PodTemplateSpec stamp(PodTemplateSpec template) {
    String where = "gang \"" + name() + "\" pod template";
    Optional<String> scheduler =
        Optional.ofNullable(template.getSpec()).map(spec -> spec.getSchedulerName());
    InvalidSpecException.require(
        scheduler.map(SCHEDULER_NAME::equals).orElse(true),
        where + " schedulerName",
        "it already names scheduler \"" + scheduler.orElse("") + "\"",
        "remove schedulerName so that Volcano schedules the gang");
    Optional<String> group =
        Optional.ofNullable(template.getMetadata())
            .map(meta -> meta.getAnnotations())
            .map(annotations -> annotations.get(GROUP_NAME_ANNOTATION));
    InvalidSpecException.require(
        group.map(name()::equals).orElse(true),
        where + " annotations",
        "it already joins group \"" + group.orElse("") + "\"",
        "stamp each template with one gang only");
    return new PodTemplateSpecBuilder(template)
        .editOrNewMetadata()
        .addToAnnotations(GROUP_NAME_ANNOTATION, name())
        .endMetadata()
        .editOrNewSpec()
        .withSchedulerName(SCHEDULER_NAME)
        .endSpec()
        .build();
  }

  @Override
  public List<HasMetadata> toManifests() {
    return podGroup().toManifests();
  }

  @Value.Check
  protected void check() {
    String where = "gang \"" + name() + "\"";
    Meta.requireSubdomain(where, name());
    Meta.requireLabel(where + " namespace", namespace());
    queue().ifPresent(q -> Meta.requireSubdomain(where + " queue", q));
    Meta.requirePartOf(where, partOf());
    InvalidSpecException.require(
        pods() >= 0,
        where + " pods",
        pods() + " is negative",
        "give the number of pods that must start together, at least 1");
    Quantities.requireResources(where + " perPod", perPod());
  }

  /** Starts a gang whose PodGroup has this name. */
  public static Builder named(String name) {
    return new Builder().name(name);
  }

  /** Builds {@link Gang} values: set the attributes, then {@code build()}, which checks them. */
  public static final class Builder extends ImmutableGang.Builder {
    /** Builds the gang; a gang of no pods fails with SCH008's finding on its PodGroup. */
    @Override
    public Gang build() {
      Gang gang = super.build();
      PodGroup group = gang.podGroup().toPodGroup();
      Meta.requireNone(group, "SCH008", VolcanoPodGroupFacts.minMemberGangs(group));
      return gang;
    }

    /** Builds without the rules' facts, to compare {@link #build()} with the rules. */
    Gang buildUnchecked() {
      return super.build();
    }

    /** Queues the gang in this Volcano queue. */
    public Builder queue(VolcanoQueue queue) {
      return (Builder) queue(queue.name());
    }
  }

  @Override
  public String toString() {
    return "Gang[" + namespace() + "/" + name() + " x" + pods() + "]";
  }
}
