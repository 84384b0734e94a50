package io.gpuspec.trainer;

import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.ObjectMeta;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.api.model.PodTemplateSpec;
import io.fabric8.kubernetes.api.model.batch.v1.JobTemplateSpecBuilder;
import io.gpuspec.core.InvalidSpecException;
import io.gpuspec.core.kubeflow.ReplicaSpec;
import io.gpuspec.core.kubeflow.RunPolicy;
import io.gpuspec.trainer.merge.TrainJobMerge;
import io.gpuspec.trainer.model.JobSetSpec;
import io.gpuspec.trainer.model.JobSetTemplateSpec;
import io.gpuspec.trainer.model.MLPolicy;
import io.gpuspec.trainer.model.PodGroupPolicy;
import io.gpuspec.trainer.model.ReplicatedJob;
import io.gpuspec.trainer.model.RuntimeRef;
import io.gpuspec.trainer.model.TrainJob;
import io.gpuspec.trainer.model.TrainJobSpec;
import io.gpuspec.trainer.model.Trainer;
import io.gpuspec.trainer.model.TrainingRuntime;
import io.gpuspec.trainer.model.TrainingRuntimeSpec;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import tools.jackson.databind.json.JsonMapper;

/**
 * Moves a Kubeflow {@code TFJob} (training-operator v1) to Trainer v2: a {@code TrainingRuntime} of
 * the job's namespace named {@code <job>-runtime} holding its replica templates as replicated jobs,
 * and a {@code TrainJob} on it. The Worker replicas become the trainer nodes ({@code node}, their
 * container {@code tensorflow} renamed {@code node}, {@code numNodes} the worker count); a Chief
 * (or Master) becomes the one-pod job {@code chief}, and when there are no Workers the trainer
 * node; PS and Evaluator become the jobs {@code ps} and {@code evaluator} with as many pods. Pod
 * templates keep their placement, resources and security settings, so the GPU rules judge the
 * migrated job as they judged the TFJob.
 *
 * <p>What does not carry over is listed in {@link Result#notCarried()}: Trainer v2 has no
 * TensorFlow plugin, so nothing injects {@code TF_CONFIG} (the program builds its cluster spec from
 * the JobSet's pod host names) and no per-replica Services exist; per-replica restart policies,
 * {@code cleanPodPolicy}, {@code backoffLimit}, {@code ttlSecondsAfterFinished}, {@code
 * successPolicy}, {@code enableDynamicWorker}, and a gang's {@code minAvailable}, queue and
 * priority (a Volcano runtime gangs all pods of the job).
 */
public final class TfJobMigration {

  private static final JsonMapper MAPPER = JsonMapper.builder().build();

  /** The container Kubeflow's TFJob runs TensorFlow in. */
  public static final String TENSORFLOW = "tensorflow";

  /**
   * The migrated objects.
   *
   * @param runtime the TrainingRuntime holding the job's replica templates
   * @param trainJob the TrainJob on it
   * @param notCarried what the TFJob set that Trainer v2 has no place for, one sentence each
   */
  public record Result(TrainingRuntime runtime, TrainJob trainJob, List<String> notCarried) {
    public Result {
      notCarried = List.copyOf(notCarried);
    }

    /** The runtime and the job, in the order they are applied. */
    public List<HasMetadata> objects() {
      return List.of(runtime, trainJob);
    }
  }

  private TfJobMigration() {}

  /**
   * Migrates a TFJob given as its metadata, replica specs by type ({@code Chief}, {@code Master},
   * {@code Worker}, {@code PS}, {@code Evaluator}) and run policy, e.g. {@code
   * migrate(tf.getMetadata(), tf.getSpec().getTfReplicaSpecs(), tf.getSpec().getRunPolicy())}.
   *
   * @throws InvalidSpecException when the job has no Chief, Master or Worker to train on
   */
  public static Result migrate(
      ObjectMeta metadata, Map<String, ReplicaSpec> replicaSpecs, RunPolicy runPolicy) {
    String name = metadata == null || metadata.getName() == null ? "" : metadata.getName();
    String namespace = metadata == null ? null : metadata.getNamespace();
    Map<String, ReplicaSpec> specs = replicaSpecs == null ? Map.of() : replicaSpecs;
    ReplicaSpec workers = specs.get("Worker");
    String coordinatorType = specs.containsKey("Chief") ? "Chief" : "Master";
    ReplicaSpec coordinator = specs.get(coordinatorType);
    InvalidSpecException.require(
        (workers != null && workers.replicaCount() > 0) || coordinator != null,
        "tfjob \"" + name + "\" tfReplicaSpecs",
        "has no Chief, Master or Worker replica to train on",
        "give the job Worker replicas (or a Chief)");
    List<String> notCarried = new ArrayList<>();
    notCarried.add(
        "TF_CONFIG: Trainer v2 has no TensorFlow plugin; build the cluster spec from the JobSet's"
            + " pod host names (<job>-<replicated job>-0-<index>.<job>)");
    notCarried.add(
        "the per-replica Services on port tfjob-port (2222); the JobSet's headless"
            + " Service gives every pod a host name");
    List<ReplicatedJob> jobs = new ArrayList<>();
    int numNodes = 1;
    if (workers != null && workers.replicaCount() > 0) {
      jobs.add(job(TrainJobMerge.NODE, workers, true, 1, notCarried, "Worker"));
      numNodes = workers.replicaCount();
      if (coordinator != null) {
        jobs.add(job("chief", coordinator, false, 1, notCarried, coordinatorType));
      }
    } else if (coordinator != null) {
      jobs.add(job(TrainJobMerge.NODE, coordinator, true, 1, notCarried, coordinatorType));
    }
    for (String other : List.of("PS", "Evaluator")) {
      ReplicaSpec spec = specs.get(other);
      if (spec != null && spec.replicaCount() > 0) {
        jobs.add(
            job(
                other.toLowerCase(Locale.ROOT),
                spec,
                false,
                spec.replicaCount(),
                notCarried,
                other));
      }
    }
    specs.keySet().stream()
        .filter(type -> !List.of("Chief", "Master", "Worker", "PS", "Evaluator").contains(type))
        .forEach(type -> notCarried.add("replica type " + type + ", which TFJob does not know"));

    TrainingRuntimeSpec runtimeSpec = new TrainingRuntimeSpec();
    MLPolicy ml = new MLPolicy();
    ml.setNumNodes(numNodes);
    runtimeSpec.setMlPolicy(ml);
    JobSetSpec jobSet = new JobSetSpec();
    jobSet.setReplicatedJobs(jobs);
    JobSetTemplateSpec template = new JobSetTemplateSpec();
    template.setSpec(jobSet);
    runtimeSpec.setTemplate(template);

    TrainJobSpec spec = new TrainJobSpec();
    spec.setRuntimeRef(new RuntimeRef(TrainJob.GROUP, TrainingRuntime.KIND, name + "-runtime"));
    Trainer trainer = new Trainer();
    trainer.setNumNodes(numNodes);
    spec.setTrainer(trainer);
    runPolicy(runPolicy, spec, runtimeSpec, notCarried);

    TrainingRuntime runtime =
        new TrainingRuntime(
            new ObjectMetaBuilder().withName(name + "-runtime").withNamespace(namespace).build(),
            runtimeSpec);
    ObjectMeta jobMeta =
        new ObjectMetaBuilder()
            .withName(name)
            .withNamespace(namespace)
            .withLabels(metadata == null ? null : metadata.getLabels())
            .withAnnotations(metadata == null ? null : metadata.getAnnotations())
            .build();
    return new Result(runtime, new TrainJob(jobMeta, spec), notCarried);
  }

  private static ReplicatedJob job(
      String name,
      ReplicaSpec replica,
      boolean trainer,
      int pods,
      List<String> notCarried,
      String type) {
    PodTemplateSpec pod =
        replica.getTemplate() == null
            ? new PodTemplateSpec()
            : MAPPER.treeToValue(MAPPER.valueToTree(replica.getTemplate()), PodTemplateSpec.class);
    if (trainer && pod.getSpec() != null) {
      for (Container container : pod.getSpec().getContainers()) {
        if (container != null && TENSORFLOW.equals(container.getName())) {
          container.setName(TrainJobMerge.NODE);
        }
      }
    }
    String restart = replica.getRestartPolicy();
    if (pod.getSpec() != null) {
      if ("Always".equals(restart) || "ExitCode".equals(restart) || restart == null) {
        pod.getSpec().setRestartPolicy("Never");
        if (restart != null) {
          notCarried.add(
              type
                  + " restartPolicy "
                  + restart
                  + " (a Job's pods restart OnFailure"
                  + " or Never; the migrated pods use Never)");
        }
      } else {
        pod.getSpec().setRestartPolicy(restart);
      }
    }
    Map<String, String> labels = new LinkedHashMap<>();
    if (trainer) {
      labels.put(TrainJobMerge.ANCESTOR_LABEL, TrainJobMerge.TRAINER);
    }
    ReplicatedJob job = new ReplicatedJob();
    job.setName(name);
    job.setTemplate(
        new JobTemplateSpecBuilder()
            .withNewMetadata()
            .withLabels(labels.isEmpty() ? null : labels)
            .endMetadata()
            .withNewSpec()
            .withParallelism(trainer ? null : pods)
            .withCompletions(trainer ? null : pods)
            .withTemplate(pod)
            .endSpec()
            .build());
    return job;
  }

  private static void runPolicy(
      RunPolicy policy, TrainJobSpec spec, TrainingRuntimeSpec runtime, List<String> notCarried) {
    if (policy == null) {
      return;
    }
    spec.setSuspend(policy.getSuspend());
    spec.setActiveDeadlineSeconds(policy.getActiveDeadlineSeconds());
    Optional.ofNullable(policy.getCleanPodPolicy())
        .ifPresent(p -> notCarried.add("runPolicy.cleanPodPolicy " + p + " (no equivalent)"));
    Optional.ofNullable(policy.getBackoffLimit())
        .ifPresent(
            b ->
                notCarried.add(
                    "runPolicy.backoffLimit "
                        + b
                        + " (set the runtime's JobSet"
                        + " failurePolicy.maxRestarts instead)"));
    Optional.ofNullable(policy.getTtlSecondsAfterFinished())
        .ifPresent(
            t ->
                notCarried.add(
                    "runPolicy.ttlSecondsAfterFinished "
                        + t
                        + " (set the runtime's"
                        + " JobSet ttlSecondsAfterFinished instead)"));
    if (policy.getSchedulingPolicy() != null) {
      PodGroupPolicy gang = new PodGroupPolicy();
      gang.setVolcano(new LinkedHashMap<>());
      runtime.setPodGroupPolicy(gang);
      notCarried.add(
          "runPolicy.schedulingPolicy minAvailable, queue and priorityClass (the"
              + " runtime's podGroupPolicy.volcano gangs every pod of the job; set"
              + " schedulerName: volcano in its templates)");
    }
  }
}
