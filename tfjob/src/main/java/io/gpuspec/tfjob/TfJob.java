package io.gpuspec.tfjob;

import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.ObjectMeta;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.PodTemplateSpec;
import io.fabric8.kubernetes.api.model.PodTemplateSpecBuilder;
import io.gpuspec.core.GpuPlacement;
import io.gpuspec.core.GpuSpecStyle;
import io.gpuspec.core.InvalidSpecException;
import io.gpuspec.core.ManifestSource;
import io.gpuspec.core.NamedPort;
import io.gpuspec.core.NodePool;
import io.gpuspec.core.PodTemplates;
import io.gpuspec.core.WorkloadShapes;
import io.gpuspec.core.facts.BatchFacts;
import io.gpuspec.core.facts.GpuFitFacts;
import io.gpuspec.core.facts.GpuModelFacts;
import io.gpuspec.core.facts.MetadataFacts;
import io.gpuspec.core.facts.PodFacts;
import io.gpuspec.core.kubeflow.ReplicaSpec;
import io.gpuspec.core.kubeflow.RunPolicy;
import io.gpuspec.core.kubeflow.SchedulingPolicy;
import io.gpuspec.core.manifest.NameFormat;
import io.gpuspec.core.report.ObjectRef;
import io.gpuspec.tfjob.facts.TfJobFacts;
import io.gpuspec.tfjob.model.TFJob;
import io.gpuspec.tfjob.model.TFJobSpec;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.UnaryOperator;
import org.immutables.value.Value;
import org.jspecify.annotations.Nullable;

/**
 * A distributed TensorFlow training run as a Kubeflow {@code TFJob}: Chief/Master, Worker, PS and
 * Evaluator replicas whose {@code tensorflow} container exposes {@code tfjob-port} 2222, GPU
 * replicas placed on one pool (its required affinity and exact tolerations, requests equal to
 * limits), run policy and gang scheduling.
 *
 * <pre>{@code
 * TfJob mnist = TfJob.named("mnist").namespace("ml").onPool(a100Train)
 *     .chief(c -> c.image(img).gpus(1))
 *     .workers(4, w -> w.image(img).gpus(1).restartPolicy(RestartPolicy.ON_FAILURE))
 *     .ps(2, p -> p.image(img).gpus(0).cpu("4").memory("16Gi"))
 *     .cleanPodPolicy(CleanPodPolicy.RUNNING)
 *     .build();
 * }</pre>
 *
 * <p>{@link Builder#onFirstFitting} takes pools in order of preference ("A100 first, else H100")
 * and pins the whole job to the first one that can hold it, so a job never mixes GPU models.
 *
 * <p>Variants start from a built job: {@link #from(TfJob)} copies every setting and later calls
 * replace values. Replica types are added, and each type may be given once; {@code
 * replicaSpecs(List.of())} drops the base's replicas before giving new ones:
 *
 * <pre>{@code
 * TfJob bert = TfJob.from(mnist).name("bert").replicaSpecs(List.of())
 *     .chief(c -> c.image(img).gpus(8))
 *     .workers(2, w -> w.image(img).gpus(8))
 *     .build();
 * }</pre>
 */
@Value.Immutable
@GpuSpecStyle
public abstract class TfJob implements ManifestSource {

  /** The container the operator injects {@code TF_CONFIG} into. */
  public static final String CONTAINER = "tensorflow";

  /** The port the operator's per-replica Services point at. */
  public static final NamedPort PORT = new NamedPort("tfjob-port", 2222);

  public abstract String name();

  @Value.Default
  public String namespace() {
    return "default";
  }

  /** Extra labels of the TFJob object (its pods get {@link TfReplica#labels()}). */
  public abstract Map<String, String> labels();

  public abstract Map<String, String> annotations();

  /** The pool of the GPU replicas that name none themselves. */
  public abstract Optional<GpuPlacement> placement();

  /** Pools in order of preference; the job runs on the first that can hold all of it. */
  public abstract List<NodePool> candidatePools();

  /** The replica types, at most one of each. */
  public abstract List<TfReplica> replicaSpecs();

  public abstract Optional<CleanPodPolicy> cleanPodPolicy();

  public abstract Optional<Integer> ttlSecondsAfterFinished();

  public abstract Optional<Long> activeDeadlineSeconds();

  public abstract Optional<Integer> backoffLimit();

  public abstract Optional<Boolean> suspend();

  public abstract Optional<GangScheduling> schedulingPolicy();

  public abstract Optional<SuccessPolicy> successPolicy();

  public abstract Optional<Boolean> enableDynamicWorker();

  /** The pool the job's GPU replicas run on by default: {@link #placement()} or the first fit. */
  public Optional<GpuPlacement> jobPlacement() {
    if (placement().isPresent() || candidatePools().isEmpty()) {
      return placement();
    }
    return candidatePools().stream()
        .filter(this::fits)
        .findFirst()
        .map(GpuPlacement::on)
        .or(
            () -> {
              throw new InvalidSpecException(
                  where() + " candidatePools",
                  "no pool of "
                      + candidatePools().stream().map(NodePool::name).toList()
                      + " can hold the job's "
                      + demand(null)
                      + " GPUs",
                  "lower replicas or gpus, or add a larger pool");
            });
  }

  /** Where a replica's pods run: its own pool, else the job's for GPU replicas, else anywhere. */
  public Optional<GpuPlacement> placementOf(TfReplica replica) {
    if (replica.placement().isPresent()) {
      return replica.placement();
    }
    return replica.gpus() > 0 ? jobPlacement() : Optional.empty();
  }

  /** Pods of all replica types together. */
  public int totalReplicas() {
    return Math.toIntExact(replicaPods()); // bounded at build()
  }

  private long replicaPods() {
    return replicaSpecs().stream().mapToLong(TfReplica::replicas).sum();
  }

  /** The pools the replicas run on: each replica's own, else the job's for GPU replicas. */
  @Override
  public List<NodePool> nodePools() {
    return replicaSpecs().stream()
        .map(this::placementOf)
        .flatMap(Optional::stream)
        .map(GpuPlacement::pool)
        .distinct()
        .toList();
  }

  @Override
  public List<HasMetadata> toManifests() {
    return List.of(toTfJob());
  }

  /** The rendered TFJob. */
  public TFJob toTfJob() {
    TFJobSpec spec = new TFJobSpec();
    Map<String, ReplicaSpec> replicas = new LinkedHashMap<>();
    replicaSpecs().stream()
        .sorted(Comparator.comparing(TfReplica::type))
        .forEach(r -> replicas.put(r.type().text(), replicaSpec(r)));
    spec.setTfReplicaSpecs(replicas);
    spec.setRunPolicy(runPolicy());
    successPolicy().ifPresent(p -> spec.setSuccessPolicy(p.text()));
    enableDynamicWorker().ifPresent(spec::setEnableDynamicWorker);
    Map<String, String> objectLabels = new TreeMap<>();
    objectLabels.put(PodTemplates.APP_NAME, name());
    objectLabels.put(PodTemplates.MANAGED_BY, "gpuspec");
    objectLabels.putAll(labels());
    return new TFJob(
        new ObjectMetaBuilder()
            .withName(name())
            .withNamespace(namespace())
            .withLabels(objectLabels)
            .withAnnotations(new TreeMap<>(annotations()))
            .build(),
        spec);
  }

  private ReplicaSpec replicaSpec(TfReplica replica) {
    Map<String, String> labels = PodTemplates.labels(name(), replica);
    labels.put(COMPONENT, replica.type().text().toLowerCase(Locale.ROOT));
    Container main =
        PodTemplates.container(
                CONTAINER, replica, replica, List.of(PORT.toContainerPort()), placementOf(replica))
            .build();
    // No pod restartPolicy: the operator derives it from the replica's restartPolicy.
    PodTemplateSpec template =
        new PodTemplateSpecBuilder()
            .withNewMetadata()
            .withLabels(labels)
            .withAnnotations(new TreeMap<>(replica.annotations()))
            .endMetadata()
            .withSpec(PodTemplates.build(replica, placementOf(replica), main, null))
            .build();
    return new ReplicaSpec(replica.replicas(), replica.restartPolicy().text(), template);
  }

  private RunPolicy runPolicy() {
    RunPolicy policy = new RunPolicy();
    cleanPodPolicy().ifPresent(p -> policy.setCleanPodPolicy(p.text()));
    ttlSecondsAfterFinished().ifPresent(policy::setTtlSecondsAfterFinished);
    activeDeadlineSeconds().ifPresent(policy::setActiveDeadlineSeconds);
    backoffLimit().ifPresent(policy::setBackoffLimit);
    suspend().ifPresent(policy::setSuspend);
    schedulingPolicy()
        .ifPresent(
            gang -> {
              SchedulingPolicy scheduling = new SchedulingPolicy();
              gang.minAvailable().ifPresent(scheduling::setMinAvailable);
              gang.queue().ifPresent(scheduling::setQueue);
              gang.priorityClass().ifPresent(scheduling::setPriorityClass);
              gang.scheduleTimeoutSeconds().ifPresent(scheduling::setScheduleTimeoutSeconds);
              policy.setSchedulingPolicy(scheduling);
            });
    return policy;
  }

  private String where() {
    return "tfjob \"" + name() + "\"";
  }

  /** Whether every GPU replica without a pool of its own fits on {@code pool}. */
  private boolean fits(NodePool pool) {
    return replicaSpecs().stream()
            .filter(r -> r.gpus() > 0 && r.placement().isEmpty())
            .allMatch(r -> r.gpus() <= pool.gpusPerNode())
        && demand(null) <= pool.totalGpus();
  }

  /** GPUs the replicas on {@code pool} need at once; {@code null} means the job's own pool. */
  private long demand(@Nullable NodePool pool) {
    return replicaSpecs().stream()
        .filter(r -> r.gpus() > 0)
        .filter(
            r ->
                pool == null
                    ? r.placement().isEmpty()
                    : placementOf(r).map(p -> p.pool().equals(pool)).orElse(false))
        .mapToLong(r -> (long) r.replicas() * r.gpus())
        .sum();
  }

  @Value.Check
  protected void check() {
    String where = where();
    WorkloadShapes.labels(where, labels());
    InvalidSpecException.require(
        !replicaSpecs().isEmpty(),
        where,
        "there are no replicas",
        "add replicas, e.g. .workers(2, w -> w.image(...))");
    InvalidSpecException.require(
        placement().isEmpty() || candidatePools().isEmpty(),
        where + " pool",
        "both onPool and onFirstFitting are set",
        "use one of them");
    Set<ReplicaType> seen = EnumSet.noneOf(ReplicaType.class);
    for (TfReplica replica : replicaSpecs()) {
      InvalidSpecException.require(
          seen.add(replica.type()),
          where + " " + replica.type().text(),
          "the replica type is given twice",
          "give each replica type once, with its replica count");
    }
    for (TfReplica replica : replicaSpecs()) {
      String at = where + " " + replica.type().text();
      WorkloadShapes.container(at, replica, placementOf(replica));
      WorkloadShapes.pod(at, replica, COMPONENT);
    }
    InvalidSpecException.requireCount(
        where + " replicas",
        replicaPods(),
        "run fewer pods: the job's total is a Kubernetes count");
    nodePools()
        .forEach(
            pool ->
                InvalidSpecException.require(
                    demand(pool) <= pool.totalGpus(),
                    where + " gpus",
                    demand(pool)
                        + " GPUs at once on pool \""
                        + pool.name()
                        + "\", which has "
                        + pool.totalGpus(),
                    "lower replicas or gpus, or use a larger pool"));
  }

  /**
   * Renders the job and throws the first finding of the facts on it (core's {@link MetadataFacts},
   * {@link PodFacts} and {@link GpuFitFacts} on each replica's pod template with the job's pools as
   * the fleet, as the rule judges a pod whose selector admits several of them, {@link
   * GpuModelFacts} on the replicas that train, {@link BatchFacts} on the run policy, then this
   * module's {@link TfJobFacts}), as its rule reports it.
   */
  private void requireFacts() {
    TFJob rendered = toTfJob();
    ObjectRef object = ObjectRef.of(rendered);
    Map<String, ObjectMeta> templates = new LinkedHashMap<>();
    TfJobFacts.replicaSpecs(rendered)
        .forEach(
            (type, spec) ->
                templates.put(
                    TfJobFacts.path(type) + ".template.metadata",
                    Objects.requireNonNull(spec.getTemplate()).getMetadata()));
    InvalidSpecException.requireNone(
        MetadataFacts.RULE,
        object,
        MetadataFacts.workload(rendered, NameFormat.DNS1035_LABEL, templates));
    for (TfReplica replica : replicaSpecs()) {
      String type = replica.type().text();
      ReplicaSpec spec = Objects.requireNonNull(TfJobFacts.replicaSpecs(rendered).get(type));
      PodSpec pod = Objects.requireNonNull(spec.getTemplate()).getSpec();
      String path = TfJobFacts.path(type) + ".template.spec";
      PodFacts.of(pod, path)
          .forEach((rule, findings) -> InvalidSpecException.requireNone(rule, object, findings));
      placementOf(replica)
          .ifPresent(
              p ->
                  InvalidSpecException.requireNone(
                      GpuFitFacts.RULE, object, p.pool().gpuFit(pod, path, nodePools())));
    }
    InvalidSpecException.requireNone(GpuModelFacts.RULE, object, GpuModelFacts.oneModel(pinned()));
    InvalidSpecException.requireNone(
        BatchFacts.RULE,
        object,
        BatchFacts.limits(
            "spec.runPolicy",
            backoffLimit().orElse(null),
            activeDeadlineSeconds().orElse(null),
            ttlSecondsAfterFinished().orElse(null)));
    TfJobFacts.all(rendered)
        .forEach((ruleId, findings) -> InvalidSpecException.requireNone(ruleId, object, findings));
  }

  /** The replicas that train on GPUs, each pinned to its pool's model, as GPU004 reads them. */
  private List<GpuModelFacts.PinnedReplica> pinned() {
    List<GpuModelFacts.PinnedReplica> pinned = new ArrayList<>();
    for (TfReplica replica : replicaSpecs()) {
      String type = replica.type().text();
      if (replica.replicas() > 0 && replica.gpus() > 0 && GpuModelFacts.trainsTogether(type)) {
        placementOf(replica)
            .map(GpuPlacement::pool)
            .ifPresent(
                pool ->
                    pinned.add(
                        new GpuModelFacts.PinnedReplica(
                            type,
                            TfJobFacts.path(type) + ".template.spec",
                            Set.of(pool.model().name()),
                            Set.of(pool.modelLabel()))));
      }
    }
    return pinned;
  }

  private static final String COMPONENT = "app.kubernetes.io/component";

  /** Starts a TFJob with this name (a DNS-1035 label). */
  public static Builder named(String name) {
    return new Builder().name(name);
  }

  /**
   * A builder holding everything {@code base} sets; later calls replace single values, add to lists
   * and maps, and {@code build()} checks the result as a whole.
   */
  public static Builder from(TfJob base) {
    return new Builder().from(base);
  }

  /** Builds {@link TfJob} values: set the attributes, then {@code build()}, which checks them. */
  public static final class Builder extends ImmutableTfJob.Builder {

    /**
     * Builds the job: the checks of the DSL's shape, then the rendered TFJob against this module's
     * facts, whose first finding is thrown as the rule reports it.
     *
     * @throws InvalidSpecException when the spec is impossible
     */
    @Override
    public TfJob build() {
      TfJob job = super.build();
      job.requireFacts();
      return job;
    }

    /** The job with its shape checked but not its facts, to compare build() with the rules. */
    TfJob buildUnchecked() {
      return super.build();
    }

    /** Runs the GPU replicas on this pool: its required affinity and tolerations. */
    public Builder onPool(NodePool pool) {
      return placement(
          GpuPlacement.on(InvalidSpecException.requireValue(pool, "tf job builder onPool")));
    }

    /**
     * Runs the GPU replicas on the first of these pools that can hold them all (GPUs per pod and in
     * total), e.g. {@code onFirstFitting(a100, h100)}: one model per job, chosen when rendering.
     */
    public Builder onFirstFitting(NodePool... inOrderOfPreference) {
      return addCandidatePools(inOrderOfPreference);
    }

    /** The one Chief replica. */
    public Builder chief(UnaryOperator<TfReplica.Builder> spec) {
      return replica(ReplicaType.CHIEF, 1, spec);
    }

    /** The one Master replica (the older name of Chief). */
    public Builder master(UnaryOperator<TfReplica.Builder> spec) {
      return replica(ReplicaType.MASTER, 1, spec);
    }

    public Builder workers(int count, UnaryOperator<TfReplica.Builder> spec) {
      return replica(ReplicaType.WORKER, count, spec);
    }

    /** Parameter servers; {@code gpus(0)} keeps them off the GPU pool. */
    public Builder ps(int count, UnaryOperator<TfReplica.Builder> spec) {
      return replica(ReplicaType.PS, count, spec);
    }

    public Builder evaluator(UnaryOperator<TfReplica.Builder> spec) {
      return replica(ReplicaType.EVALUATOR, 1, spec);
    }

    /** Gang scheduling settings. */
    public Builder schedulingPolicy(UnaryOperator<GangScheduling.Builder> spec) {
      return schedulingPolicy(
          built(spec, GangScheduling.builder(), "tf job builder schedulingPolicy").build());
    }

    private Builder replica(ReplicaType type, int count, UnaryOperator<TfReplica.Builder> spec) {
      String where = "tf job builder " + type.text();
      return addReplicaSpec(built(spec, TfReplica.builder(type).replicas(count), where).build());
    }

    /** What {@code spec} makes of {@code start}; a null spec or result is an invalid spec. */
    private static <B> B built(UnaryOperator<B> spec, B start, String where) {
      return InvalidSpecException.requireValue(
          InvalidSpecException.requireValue(spec, where).apply(start), where + " result");
    }
  }
}
