package io.gpuspec.trainer;

import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.ContainerBuilder;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.ObjectMeta;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.PodSpecBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.batch.v1.JobTemplateSpecBuilder;
import io.gpuspec.core.GpuPlacement;
import io.gpuspec.core.GpuSpecStyle;
import io.gpuspec.core.InvalidSpecException;
import io.gpuspec.core.ManifestSource;
import io.gpuspec.core.NodePool;
import io.gpuspec.core.PodTemplates;
import io.gpuspec.core.facts.ContainerFacts;
import io.gpuspec.core.report.ObjectRef;
import io.gpuspec.trainer.facts.TrainerFacts;
import io.gpuspec.trainer.merge.TrainJobMerge;
import io.gpuspec.trainer.model.ClusterTrainingRuntime;
import io.gpuspec.trainer.model.JobSetSpec;
import io.gpuspec.trainer.model.JobSetTemplateSpec;
import io.gpuspec.trainer.model.MLPolicy;
import io.gpuspec.trainer.model.MpiPolicy;
import io.gpuspec.trainer.model.PodGroupPolicy;
import io.gpuspec.trainer.model.ReplicatedJob;
import io.gpuspec.trainer.model.TrainingRuntime;
import io.gpuspec.trainer.model.TrainingRuntimeSpec;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.immutables.value.Value;

/**
 * A platform-owned Kubeflow Trainer runtime placed on one pool: a {@code ClusterTrainingRuntime}
 * (or, with a namespace, a {@code TrainingRuntime}) whose trainer nodes run one image with {@code
 * gpusPerNode} GPUs (requests equal to limits) on the pool's nodes (its required affinity and
 * exactly its tolerations), under a restricted security context. TrainJobs reference it ({@link
 * TrainerJob}); they may change the image, command, node count and GPUs per node, never the pool,
 * so every node that trains together runs on one GPU model.
 *
 * <pre>{@code
 * TrainerRuntime torch = TrainerRuntime.named("torch-h100").onPool(h100Train)
 *     .framework(MlFramework.TORCH).image("pytorch/pytorch:2.13.0-cuda13.0-cudnn9-runtime")
 *     .gang(GangPolicy.volcano()).build();
 * }</pre>
 */
@Value.Immutable
@GpuSpecStyle
public abstract class TrainerRuntime implements ManifestSource {

  public abstract String name();

  /** The namespace of a {@code TrainingRuntime}; none for a {@code ClusterTrainingRuntime}. */
  public abstract Optional<String> namespace();

  /** The pool every node of the runtime runs on. */
  public abstract NodePool pool();

  @Value.Default
  public MlFramework framework() {
    return MlFramework.TORCH;
  }

  /** The trainer nodes when a TrainJob does not say ({@code mlPolicy.numNodes}). */
  @Value.Default
  public int numNodes() {
    return 1;
  }

  /** GPUs per trainer node when a TrainJob does not say: a whole node of the pool by default. */
  @Value.Default
  public int gpusPerNode() {
    return pool().gpusPerNode();
  }

  public abstract String image();

  @Value.Default
  public String cpu() {
    return "8";
  }

  @Value.Default
  public String memory() {
    return "64Gi";
  }

  /** Gang scheduling of the job's pods, if any. */
  public abstract Optional<GangPolicy> gang();

  /**
   * Annotations of the GPU nodes' pod template (replicated job {@code node}), where Kueue reads a
   * TrainJob's pod-set settings: {@code kueue.x-k8s.io/podset-required-topology:
   * topology.example.com/ib-domain} admits every TrainJob of the runtime only within one domain of
   * that level.
   */
  public abstract Map<String, String> nodeAnnotations();

  /** Whether it renders as a namespaced {@code TrainingRuntime}. */
  public boolean namespaced() {
    return namespace().isPresent();
  }

  /** The kind it renders as. */
  public String kind() {
    return namespaced() ? TrainingRuntime.KIND : ClusterTrainingRuntime.KIND;
  }

  @Override
  public List<HasMetadata> toManifests() {
    return List.of(toRuntime());
  }

  /** The rendered runtime, a {@code TrainingRuntime} or {@code ClusterTrainingRuntime}. */
  @Value.Lazy
  public HasMetadata toRuntime() {
    ObjectMeta meta =
        new ObjectMetaBuilder()
            .withName(name())
            .withNamespace(namespace().orElse(null))
            .withLabels(
                Map.of(
                    PodTemplates.APP_NAME,
                    name(),
                    PodTemplates.MANAGED_BY,
                    "gpuspec",
                    "trainer.kubeflow.org/framework",
                    framework().name().toLowerCase(Locale.ROOT)))
            .build();
    TrainingRuntimeSpec spec = new TrainingRuntimeSpec();
    spec.setMlPolicy(mlPolicy());
    gang()
        .ifPresent(
            g -> {
              PodGroupPolicy policy = new PodGroupPolicy();
              if (g.usesVolcano()) {
                policy.setVolcano(new LinkedHashMap<>());
              } else {
                policy.setCoscheduling(new LinkedHashMap<>());
              }
              spec.setPodGroupPolicy(policy);
            });
    JobSetSpec jobSet = new JobSetSpec();
    List<ReplicatedJob> jobs = new ArrayList<>();
    if (framework() == MlFramework.MPI) {
      jobs.add(job(TrainJobMerge.NODE, false));
      jobs.add(job("launcher", true));
    } else {
      jobs.add(job(TrainJobMerge.NODE, true));
    }
    jobSet.setReplicatedJobs(jobs);
    JobSetTemplateSpec template = new JobSetTemplateSpec();
    template.setSpec(jobSet);
    spec.setTemplate(template);
    return namespaced() ? new TrainingRuntime(meta, spec) : new ClusterTrainingRuntime(meta, spec);
  }

  private MLPolicy mlPolicy() {
    MLPolicy ml = new MLPolicy();
    ml.setNumNodes(numNodes());
    switch (framework()) {
      case TORCH -> ml.setTorch(new LinkedHashMap<>());
      case JAX -> ml.setJax(new LinkedHashMap<>());
      case XGBOOST -> ml.setXgboost(new LinkedHashMap<>());
      case MPI -> {
        MpiPolicy mpi = new MpiPolicy();
        mpi.setRunLauncherAsNode(true);
        ml.setMpi(mpi);
      }
    }
    return ml;
  }

  private ReplicatedJob job(String name, boolean trainer) {
    ReplicatedJob job = new ReplicatedJob();
    job.setName(name);
    Map<String, String> labels = new LinkedHashMap<>();
    if (trainer) {
      labels.put(TrainJobMerge.ANCESTOR_LABEL, TrainJobMerge.TRAINER);
    }
    job.setTemplate(
        new JobTemplateSpecBuilder()
            .withNewMetadata()
            .withLabels(labels.isEmpty() ? null : labels)
            .endMetadata()
            .withNewSpec()
            .withNewTemplate()
            .withNewMetadata()
            .withLabels(Map.of(PodTemplates.APP_NAME, name(), PodTemplates.MANAGED_BY, "gpuspec"))
            .endMetadata()
            .withSpec(podSpec())
            .endTemplate()
            .endSpec()
            .build());
    if (labels.isEmpty()) {
      job.getTemplate().setMetadata(null); // as it reads back: no empty metadata
    }
    if (name.equals(TrainJobMerge.NODE) && !nodeAnnotations().isEmpty()) {
      job.getTemplate()
          .getSpec()
          .getTemplate()
          .getMetadata()
          .setAnnotations(new TreeMap<>(nodeAnnotations()));
    }
    return job;
  }

  private PodSpec podSpec() {
    GpuPlacement placement = GpuPlacement.on(pool());
    Map<String, Quantity> resources = new LinkedHashMap<>();
    resources.put("cpu", new Quantity(cpu()));
    resources.put("memory", new Quantity(memory()));
    resources.put(TrainerJob.GPU, new Quantity(Integer.toString(gpusPerNode())));
    Container node =
        new ContainerBuilder()
            .withName(TrainJobMerge.NODE)
            .withImage(image())
            .withNewResources()
            .withLimits(resources)
            .withRequests(new LinkedHashMap<>(resources))
            .endResources()
            .withNewSecurityContext()
            .withAllowPrivilegeEscalation(false)
            .withNewCapabilities()
            .withDrop("ALL")
            .endCapabilities()
            .endSecurityContext()
            .build();
    PodSpecBuilder spec =
        new PodSpecBuilder()
            .withRestartPolicy("Never")
            .withAutomountServiceAccountToken(false)
            .withNewSecurityContext()
            .withRunAsNonRoot(true)
            .withNewSeccompProfile()
            .withType("RuntimeDefault")
            .endSeccompProfile()
            .endSecurityContext()
            .withAffinity(placement.nodeAffinity())
            .withTolerations(placement.tolerations())
            .withContainers(node);
    gang().ifPresent(g -> spec.withSchedulerName(g.schedulerName()));
    return spec.build();
  }

  @Value.Check
  protected void check() {
    String where = "trainer runtime \"" + name() + "\"";
    InvalidSpecException.require(
        numNodes() >= 1, where + " numNodes", "is " + numNodes(), "run at least 1 node");
    InvalidSpecException.require(
        gpusPerNode() >= 1 && gpusPerNode() <= pool().gpusPerNode(),
        where + " gpusPerNode",
        "is "
            + gpusPerNode()
            + " but nodes of pool \""
            + pool().name()
            + "\" have "
            + pool().gpusPerNode()
            + " GPUs",
        "request 1 to " + pool().gpusPerNode() + " GPUs per node");
    InvalidSpecException.require(
        pool().sharing().isEmpty(),
        where + " pool",
        "pool \"" + pool().name() + "\" shares its GPUs",
        "run training runtimes on a pool of whole GPUs");
  }

  /** Renders the runtime and throws the first finding of its facts, as its rule reports it. */
  void requireFacts() {
    HasMetadata rendered = toRuntime();
    ObjectRef object = ObjectRef.of(rendered);
    InvalidSpecException.requireNone(
        TrainerFacts.GANG_SCHEDULER, object, TrainerFacts.gangScheduler(rendered));
    JobSetSpec jobSet = TrainJobMerge.runtimeSpec(rendered).getTemplate().getSpec();
    for (int i = 0; i < jobSet.getReplicatedJobs().size(); i++) {
      InvalidSpecException.requireNone(
          ContainerFacts.RULE,
          object,
          ContainerFacts.namesAndImages(
              jobSet.getReplicatedJobs().get(i).getTemplate().getSpec().getTemplate().getSpec(),
              "spec.template.spec.replicatedJobs[" + i + "].template.spec.template.spec",
              true,
              false));
    }
  }

  /** Starts a runtime with this name. */
  public static Builder named(String name) {
    return new Builder().name(name);
  }

  /**
   * Builds {@link TrainerRuntime} values: set the attributes, then {@code build()}, which checks
   * them.
   */
  public static final class Builder extends ImmutableTrainerRuntime.Builder {

    /**
     * Builds the runtime: the checks of the DSL's shape, then its facts.
     *
     * @throws InvalidSpecException when the spec is impossible
     */
    @Override
    public TrainerRuntime build() {
      TrainerRuntime runtime = super.build();
      runtime.requireFacts();
      return runtime;
    }

    /** The runtime with its shape checked but not its facts, to compare build() with the rules. */
    TrainerRuntime buildUnchecked() {
      return super.build();
    }

    /** Runs every node of the runtime on this pool. */
    public Builder onPool(NodePool pool) {
      return pool(InvalidSpecException.requireValue(pool, "trainer runtime builder onPool"));
    }
  }
}
