package io.gpuspec.core;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.api.model.batch.v1.JobBuilder;
import io.gpuspec.core.facts.BatchFacts;
import io.gpuspec.core.report.ObjectRef;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.immutables.value.Value;

/**
 * A GPU training run as a batch {@code Job}: pods placed on one pool (so a parallel job never mixes
 * GPU models), GPU requests equal to limits, a Job-valid restart policy, retry and deadline
 * settings, scratch and dataset volumes, and Pod Security "restricted" defaults.
 *
 * <pre>{@code
 * TrainingJob resnet = TrainingJob.named("resnet50").namespace("ml")
 *     .image("nvcr.io/nvidia/pytorch:24.08-py3").gpus(8).onPool(a100)
 *     .backoffLimit(2).activeDeadlineSeconds(86_400L)
 *     .addVolume(WorkloadVolume.scratch("/scratch", "500Gi", "local-nvme"))
 *     .build();
 * }</pre>
 *
 * <p>Team defaults are a job like any other; {@link #from(TrainingJob)} starts a variant holding
 * all its settings, later calls replace values (lists and maps are added to; {@code volumes(...)},
 * {@code env(...)}, {@code args(...)} replace them), and {@code build()} checks the variant as a
 * whole:
 *
 * <pre>{@code
 * TrainingJob teamDefaults = TrainingJob.named("defaults").namespace("ml")
 *     .image("nvcr.io/nvidia/pytorch:24.08-py3").cpu("16").memory("64Gi").gpus(8).onPool(a100)
 *     .backoffLimit(2).sharedMemory("64Gi")
 *     .build();
 * TrainingJob resnet = TrainingJob.from(teamDefaults).name("resnet50")
 *     .parallelism(2).completions(2)
 *     .build();
 * TrainingJob probe = TrainingJob.from(teamDefaults).name("probe").gpus(1).build();
 * }</pre>
 */
@Value.Immutable
@GpuSpecStyle
public abstract class TrainingJob implements ContainerAttributes, PodAttributes, ManifestSource {

  /** Job pod restart policies: the API server rejects {@code Always} for Jobs. */
  public enum RestartPolicy {
    ON_FAILURE("OnFailure"),
    NEVER("Never");

    private final String text;

    RestartPolicy(String text) {
      this.text = text;
    }

    public String text() {
      return text;
    }
  }

  /** What {@code build()} rendered, for the first {@link #toManifests()}. */
  private final FirstRender<Job> firstRender = new FirstRender<>();

  public abstract String name();

  @Value.Default
  public String namespace() {
    return "default";
  }

  public abstract Optional<GpuPlacement> placement();

  /** The pool without GPUs the pods run on, for a workload that requests no GPU. */
  public abstract Optional<CpuPool> cpuPool();

  @Value.Default
  public RestartPolicy restartPolicy() {
    return RestartPolicy.ON_FAILURE;
  }

  public abstract Optional<Integer> backoffLimit();

  public abstract Optional<Long> activeDeadlineSeconds();

  public abstract Optional<Integer> ttlSecondsAfterFinished();

  @Value.Default
  public int completions() {
    return 1;
  }

  @Value.Default
  public int parallelism() {
    return 1;
  }

  @Override
  public List<NodePool> nodePools() {
    return placement().map(p -> List.of(p.pool())).orElse(List.of());
  }

  @Override
  public List<CpuPool> cpuPools() {
    return cpuPool().map(List::of).orElse(List.of());
  }

  @Override
  public List<HasMetadata> toManifests() {
    return List.of(firstRender.take(this::toJob));
  }

  /** The rendered Job. */
  public Job toJob() {
    Map<String, String> labels = PodTemplates.labels(name(), this);
    PodSpec spec =
        PodTemplates.placeOn(
            PodTemplates.build(
                this,
                placement(),
                PodTemplates.container("main", this, this, List.of(), placement()).build(),
                restartPolicy().text()),
            cpuPool());
    Job job =
        new JobBuilder()
            .withNewMetadata()
            .withName(name())
            .withNamespace(namespace())
            .withLabels(labels)
            .withAnnotations(annotations())
            .endMetadata()
            .withNewSpec()
            .withCompletions(completions())
            .withParallelism(parallelism())
            .withBackoffLimit(backoffLimit().orElse(null))
            .withActiveDeadlineSeconds(activeDeadlineSeconds().orElse(null))
            .withTtlSecondsAfterFinished(ttlSecondsAfterFinished().orElse(null))
            .withNewTemplate()
            .withNewMetadata()
            .withLabels(labels)
            .endMetadata()
            .endTemplate()
            .endSpec()
            .build();
    // set, not given to the builders: they would copy the pod spec once per level above it
    job.getSpec().getTemplate().setSpec(spec);
    return job;
  }

  @Value.Check
  protected void check() {
    String where = "job \"" + name() + "\"";
    WorkloadShapes.container(where, this, placement(), cpuPool());
    WorkloadShapes.pod(where, this);
    InvalidSpecException.require(
        completions() >= 1,
        where + " completions",
        completions() + " is not positive",
        "use 1 or more");
    InvalidSpecException.require(
        parallelism() >= 1,
        where + " parallelism",
        parallelism() + " is not positive",
        "use 1 or more");
  }

  /** Renders the Job and throws the first finding of core's facts on it, as the rule reports it. */
  private void requireFacts() {
    Job rendered = toJob();
    TemplateFacts.require(rendered, rendered.getSpec().getTemplate(), placement());
    InvalidSpecException.requireNone(
        BatchFacts.RULE,
        ObjectRef.of(rendered),
        BatchFacts.limits(
            "spec",
            backoffLimit().orElse(null),
            activeDeadlineSeconds().orElse(null),
            ttlSecondsAfterFinished().orElse(null)));
    firstRender.keep(rendered);
  }

  /** Starts a Job with this name. */
  public static Builder named(String name) {
    return new Builder().name(name);
  }

  /**
   * A builder holding everything {@code base} sets; later calls replace single values, add to lists
   * and maps, and {@code build()} checks the result as a whole.
   */
  public static Builder from(TrainingJob base) {
    return new Builder().from(base);
  }

  /**
   * Builds {@link TrainingJob} values: set the attributes, then {@code build()}, which checks them.
   */
  public static final class Builder extends ImmutableTrainingJob.Builder {

    /**
     * Builds the Job: the checks of the DSL's shape, then the rendered Job against core's facts,
     * whose first finding is thrown as its rule reports it.
     *
     * @throws InvalidSpecException when the spec is impossible
     */
    @Override
    public TrainingJob build() {
      TrainingJob job = super.build();
      job.requireFacts();
      return job;
    }

    /** The Job with its shape checked but not its facts, to compare build() with the rules. */
    TrainingJob buildUnchecked() {
      return super.build();
    }

    /**
     * Places the pods on a pool without GPUs: required affinity to its labels, tolerations for its
     * taints; the pods request no GPU ({@code .gpus(0)}).
     */
    public Builder onCpuPool(CpuPool pool) {
      return cpuPool(InvalidSpecException.requireValue(pool, "training job builder onCpuPool"));
    }

    /**
     * Places the pods on a pool and requires an interconnect: the affinity also pins the pool's
     * interconnect label, e.g. {@code .onPool(h100, Interconnect.INFINIBAND)}.
     */
    public Builder onPool(NodePool pool, Interconnect interconnect) {
      return placement(
          GpuPlacement.on(
              InvalidSpecException.requireValue(pool, "training job builder onPool"),
              InvalidSpecException.requireValue(interconnect, "training job builder onPool")));
    }

    /** Places the pods on a pool: its required affinity and tolerations. */
    public Builder onPool(NodePool pool) {
      return placement(
          GpuPlacement.on(InvalidSpecException.requireValue(pool, "training job builder onPool")));
    }

    /**
     * Gives the pods this priority tier's PriorityClass: the typed form of {@code
     * priorityClassName(tier.priorityClassName())}.
     */
    public Builder priority(PriorityRef tier) {
      return priorityClassName(tier.priorityClassName());
    }
  }
}
