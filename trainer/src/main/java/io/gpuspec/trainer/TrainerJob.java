package io.gpuspec.trainer;

import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.ResourceRequirements;
import io.fabric8.kubernetes.api.model.batch.v1.JobTemplateSpecBuilder;
import io.gpuspec.core.Fleet;
import io.gpuspec.core.GpuSpecStyle;
import io.gpuspec.core.InvalidSpecException;
import io.gpuspec.core.ManifestSource;
import io.gpuspec.core.PodTemplates;
import io.gpuspec.core.facts.MetadataFacts;
import io.gpuspec.core.manifest.NameFormat;
import io.gpuspec.core.report.ObjectRef;
import io.gpuspec.trainer.facts.TrainerFacts;
import io.gpuspec.trainer.merge.EffectiveJobSet;
import io.gpuspec.trainer.merge.TrainJobMerge;
import io.gpuspec.trainer.model.JobSetSpec;
import io.gpuspec.trainer.model.JobSetTemplateSpec;
import io.gpuspec.trainer.model.ReplicatedJob;
import io.gpuspec.trainer.model.RuntimePatch;
import io.gpuspec.trainer.model.RuntimeRef;
import io.gpuspec.trainer.model.TrainJob;
import io.gpuspec.trainer.model.TrainJobSpec;
import io.gpuspec.trainer.model.Trainer;
import io.gpuspec.trainer.model.TrainingRuntimeSpec;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.immutables.value.Value;

/**
 * A Kubeflow Trainer v2 {@code TrainJob} on a {@link TrainerRuntime}: the runtime object is
 * referenced (never a name to mistype), the trainer nodes may change image, command, args, env,
 * node count and GPUs per node ({@code resourcesPerNode} with requests equal to limits), and stay
 * on the runtime's pool, so the nodes that train together run on one GPU model. {@link #queue}
 * submits it to a Kueue LocalQueue: the label {@code kueue.x-k8s.io/queue-name} and {@code suspend:
 * true}, which Kueue lifts when it admits the job.
 *
 * <pre>{@code
 * TrainerJob llama = TrainerJob.named("llama-sft").namespace("ml").runtime(torchH100)
 *     .numNodes(2).gpusPerNode(8).image("registry.example.com/llama-sft:1.4")
 *     .addCommand("torchrun", "/workspace/train.py").queue("training").build();
 * }</pre>
 */
@Value.Immutable
@GpuSpecStyle
public abstract class TrainerJob implements ManifestSource {

  /** The GPU resource trainer nodes request (runtimes run on pools of whole GPUs). */
  public static final String GPU = "nvidia.com/gpu";

  /** The label that queues a workload in a Kueue LocalQueue of its namespace. */
  public static final String QUEUE_LABEL = "kueue.x-k8s.io/queue-name";

  /** The manager of the runtime patch that sets {@link #serviceAccountName}. */
  public static final String PATCH_MANAGER = "gpuspec.io/service-account";

  public abstract String name();

  @Value.Default
  public String namespace() {
    return "default";
  }

  /** The runtime the job runs on. */
  public abstract TrainerRuntime runtime();

  /** Trainer nodes; the runtime's {@code numNodes} when absent. */
  public abstract Optional<Integer> numNodes();

  /** GPUs per trainer node; the runtime's when absent. */
  public abstract Optional<Integer> gpusPerNode();

  /** The trainer image; the runtime's when absent. */
  public abstract Optional<String> image();

  public abstract List<String> command();

  public abstract List<String> args();

  public abstract Map<String, String> env();

  /** The Kueue LocalQueue (of the job's namespace) the job is submitted to, if any. */
  public abstract Optional<String> queue();

  public abstract Map<String, String> labels();

  /**
   * The ServiceAccount every pod of the job runs as (the trainer nodes and any other replicated job
   * of the runtime), set by a runtime patch of manager {@value #PATCH_MANAGER}: a
   * ClusterTrainingRuntime serves several namespaces, so the account belongs to the job.
   */
  public abstract Optional<String> serviceAccountName();

  /** The trainer nodes it runs. */
  public int nodes() {
    return numNodes().orElse(runtime().numNodes());
  }

  /** The GPUs each trainer node requests. */
  public int gpus() {
    return gpusPerNode().orElse(runtime().gpusPerNode());
  }

  @Override
  public List<HasMetadata> toManifests() {
    return List.of(toTrainJob());
  }

  /** The rendered TrainJob. */
  @Value.Lazy
  public TrainJob toTrainJob() {
    Map<String, String> labels = new TreeMap<>(labels());
    labels.put(PodTemplates.APP_NAME, name());
    labels.put(PodTemplates.MANAGED_BY, "gpuspec");
    queue().ifPresent(q -> labels.put(QUEUE_LABEL, q));
    TrainJobSpec spec = new TrainJobSpec();
    spec.setRuntimeRef(new RuntimeRef(TrainJob.GROUP, runtime().kind(), runtime().name()));
    Trainer trainer = new Trainer();
    image().ifPresent(trainer::setImage);
    trainer.setCommand(new ArrayList<>(command()));
    trainer.setArgs(new ArrayList<>(args()));
    List<EnvVar> env = new ArrayList<>();
    new TreeMap<>(env()).forEach((key, value) -> env.add(new EnvVar(key, value, null)));
    trainer.setEnv(env);
    numNodes().ifPresent(trainer::setNumNodes);
    if (gpusPerNode().isPresent()) {
      Map<String, Quantity> gpu = new LinkedHashMap<>();
      gpu.put(GPU, new Quantity(Integer.toString(gpus())));
      ResourceRequirements resources = new ResourceRequirements();
      resources.setLimits(gpu);
      resources.setRequests(new LinkedHashMap<>(gpu));
      trainer.setResourcesPerNode(resources);
    }
    spec.setTrainer(trainer);
    serviceAccountName().ifPresent(account -> spec.setRuntimePatches(List.of(asAccount(account))));
    if (queue().isPresent()) {
      spec.setSuspend(true);
    }
    return new TrainJob(
        new ObjectMetaBuilder()
            .withName(name())
            .withNamespace(namespace())
            .withLabels(labels)
            .build(),
        spec);
  }

  /** A patch that runs the pods of every replicated job of the runtime as {@code account}. */
  private RuntimePatch asAccount(String account) {
    List<ReplicatedJob> jobs = new ArrayList<>();
    JobSetTemplateSpec runtimeTemplate =
        TrainJobMerge.runtimeSpec(runtime().toRuntime()).getTemplate();
    List<ReplicatedJob> runtimeJobs =
        runtimeTemplate == null || runtimeTemplate.getSpec() == null
            ? List.of()
            : runtimeTemplate.getSpec().getReplicatedJobs();
    for (ReplicatedJob runtimeJob : runtimeJobs) {
      ReplicatedJob job = new ReplicatedJob();
      job.setName(runtimeJob.getName());
      job.setTemplate(
          new JobTemplateSpecBuilder()
              .withNewSpec()
              .withNewTemplate()
              .withNewSpec()
              .withServiceAccountName(account)
              .endSpec()
              .endTemplate()
              .endSpec()
              .build());
      jobs.add(job);
    }
    JobSetSpec jobSet = new JobSetSpec();
    jobSet.setReplicatedJobs(jobs);
    JobSetTemplateSpec template = new JobSetTemplateSpec();
    template.setSpec(jobSet);
    TrainingRuntimeSpec patched = new TrainingRuntimeSpec();
    patched.setTemplate(template);
    RuntimePatch patch = new RuntimePatch();
    patch.setManager(PATCH_MANAGER);
    patch.setTrainingRuntimeSpec(patched);
    return patch;
  }

  /** What the job runs on its runtime, as the Trainer controller merges it. */
  public EffectiveJobSet effective() {
    return TrainJobMerge.merge(toTrainJob(), runtime().toRuntime());
  }

  @Value.Check
  protected void check() {
    String where = "trainer job \"" + name() + "\"";
    InvalidSpecException.require(
        nodes() >= 1, where + " numNodes", "is " + nodes(), "run at least 1 node");
    InvalidSpecException.require(
        gpus() >= 1 && gpus() <= runtime().pool().gpusPerNode(),
        where + " gpusPerNode",
        "is "
            + gpus()
            + " but nodes of pool \""
            + runtime().pool().name()
            + "\" have "
            + runtime().pool().gpusPerNode()
            + " GPUs",
        "request 1 to " + runtime().pool().gpusPerNode() + " GPUs per node");
    runtime()
        .namespace()
        .ifPresent(
            ns ->
                InvalidSpecException.require(
                    ns.equals(namespace()),
                    where + " runtime",
                    "TrainingRuntime \""
                        + runtime().name()
                        + "\" is in namespace \""
                        + ns
                        + "\" but the job in \""
                        + namespace()
                        + "\"",
                    "use a ClusterTrainingRuntime, or a TrainingRuntime of the job's namespace"));
  }

  /**
   * Renders the job and throws the first finding of its facts (names, the runtime reference, patch
   * targets, and the trainer nodes fitting the runtime's pool), as their rules report them.
   */
  void requireFacts() {
    TrainJob rendered = toTrainJob();
    ObjectRef object = ObjectRef.of(rendered);
    InvalidSpecException.requireNone(
        MetadataFacts.RULE,
        object,
        MetadataFacts.workload(rendered, NameFormat.DNS1035_LABEL, Map.of()));
    TrainerFacts.all(rendered, runtime().toRuntime())
        .forEach((ruleId, findings) -> InvalidSpecException.requireNone(ruleId, object, findings));
    InvalidSpecException.requireNone(
        TrainerFacts.NODES_FIT,
        object,
        TrainerFacts.trainerNodesFit(rendered, effective(), Fleet.of(runtime().pool())));
  }

  /** Starts a TrainJob with this name (a DNS-1035 label). */
  public static Builder named(String name) {
    return new Builder().name(name);
  }

  /**
   * Builds {@link TrainerJob} values: set the attributes, then {@code build()}, which checks them.
   */
  public static final class Builder extends ImmutableTrainerJob.Builder {

    /**
     * Builds the job: the checks of the DSL's shape, then its facts.
     *
     * @throws InvalidSpecException when the spec is impossible
     */
    @Override
    public TrainerJob build() {
      TrainerJob job = super.build();
      job.requireFacts();
      return job;
    }

    /** The job with its shape checked but not its facts, to compare build() with the rules. */
    TrainerJob buildUnchecked() {
      return super.build();
    }
  }
}
