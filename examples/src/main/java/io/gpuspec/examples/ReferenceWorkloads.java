package io.gpuspec.examples;

import static io.gpuspec.examples.ReferencePriorities.EXPERIMENT;
import static io.gpuspec.examples.ReferencePriorities.INFERENCE;
import static io.gpuspec.examples.ReferencePriorities.TRAINING;
import static io.gpuspec.examples.ReferenceTenancy.ML_RESEARCH;
import static io.gpuspec.examples.ReferenceTenancy.RESEARCH_GANGS;
import static io.gpuspec.examples.ReferenceTenancy.RESEARCH_TRAINING;
import static io.gpuspec.examples.ReferenceTenancy.SERVING;
import static io.gpuspec.examples.ReferenceTenancy.SERVING_BATCH;
import static io.gpuspec.examples.ReferenceTenancy.VISION;
import static io.gpuspec.examples.ReferenceTenancy.VISION_GANGS;
import static io.gpuspec.examples.ReferenceTenancy.VISION_TRAINING;

import io.fabric8.kubernetes.api.model.batch.v1.CronJob;
import io.fabric8.kubernetes.api.model.batch.v1.CronJobBuilder;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.api.model.batch.v1.JobBuilder;
import io.gpuspec.core.InferenceDeployment;
import io.gpuspec.core.ManifestSource;
import io.gpuspec.core.NodePool;
import io.gpuspec.core.NodeTaint;
import io.gpuspec.core.PriorityRef;
import io.gpuspec.core.TrainingJob;
import io.gpuspec.core.WorkloadVolume;
import io.gpuspec.core.check.Gpuspec;
import io.gpuspec.scheduling.Team;
import io.gpuspec.sharing.dra.ClaimedWorkload;
import io.gpuspec.sharing.dra.PodClaim;
import io.gpuspec.tfjob.CleanPodPolicy;
import io.gpuspec.tfjob.TfJob;
import java.util.ArrayList;
import java.util.List;

/**
 * The reference platform's Deployments, Jobs, TFJobs and CronJob, each running as its team's
 * ServiceAccount ({@link ReferenceTrainer} has the TrainJobs and the LeaderWorkerSet):
 *
 * <ul>
 *   <li>serving: embeddings on L40S, a small model on MIG slices, a model server that gets an A100
 *       through a DRA claim, a gateway on the CPU pool (all always on, {@code inference-critical}),
 *       and a batch embedding Job queued in its L40S share;
 *   <li>research: single-pod training and distillation Jobs queued in the teams' LocalQueues, a
 *       fine-tuning Job and two TFJobs gang-scheduled by Volcano and admitted by Kueue within one
 *       InfiniBand domain, notebooks on the time-sliced T4s, preprocessing on the CPU pool, and a
 *       nightly CronJob that copies checkpoints to MinIO.
 * </ul>
 */
final class ReferenceWorkloads {

  private static final String PYTORCH = "nvcr.io/nvidia/pytorch:24.08-py3";
  private static final String TENSORFLOW = "tensorflow/tensorflow:2.15.0-gpu";
  private static final String TRITON = "nvcr.io/nvidia/tritonserver:24.08-py3";
  private static final String NOTEBOOK = "registry.example.com/notebooks/pytorch-cuda:2024.08";

  /** The annotation that names the Secret a workload needs and who creates it. */
  static final String EXTERNAL_SECRET = "gpu-platform.example.com/external-secret";

  private ReferenceWorkloads() {}

  /** Every workload of this file; {@code gpuspec}'s workload adapters size the gangs. */
  static List<ManifestSource> workloads(Gpuspec gpuspec) {
    List<ManifestSource> all = new ArrayList<>(serving());
    all.add(
        ReferenceTenancy.queued(
            training("resnet50-a100", VISION, ReferencePools.A100_TRAIN, 8, 1, TRAINING).toJob(),
            VISION_TRAINING,
            TRAINING));
    all.add(
        ReferenceTenancy.queued(
            training("distill-l40s", ML_RESEARCH, ReferencePools.L40S_INFERENCE, 1, 2, EXPERIMENT)
                .toJob(),
            RESEARCH_TRAINING,
            EXPERIMENT));
    all.addAll(
        ReferenceTenancy.gangQueuedInOneIbDomain(
            gpuspec,
            training("llama-finetune-h100", ML_RESEARCH, ReferencePools.H100_TRAIN, 8, 2, TRAINING)
                .toJob(),
            RESEARCH_GANGS,
            RESEARCH_TRAINING,
            TRAINING));
    all.addAll(
        ReferenceTenancy.gangQueuedInOneIbDomain(
            gpuspec,
            tensorflow("mnist-a100", VISION, ReferencePools.A100_TRAIN, 4, 1).toTfJob(),
            VISION_GANGS,
            VISION_TRAINING,
            TRAINING,
            "Chief",
            "Worker"));
    all.addAll(
        ReferenceTenancy.gangQueuedInOneIbDomain(
            gpuspec,
            tensorflow("bert-h100", ML_RESEARCH, ReferencePools.H100_TRAIN, 2, 8).toTfJob(),
            RESEARCH_GANGS,
            RESEARCH_TRAINING,
            TRAINING,
            "Chief",
            "Worker"));
    all.add(notebooks(VISION, 6));
    all.add(notebooks(ML_RESEARCH, 8));
    all.add(tokenizeCorpus());
    all.add(() -> List.of(backupCheckpoints()));
    return all;
  }

  /** The serving team's always-on services and its queued batch work. */
  private static List<ManifestSource> serving() {
    return List.of(
        inference("embeddings", 3)
            .onPool(ReferencePools.L40S_INFERENCE)
            .sharedMemory("4Gi")
            .port("grpc", 8001)
            .port("metrics", 8002)
            .livenessPath("/v2/health/live")
            .build(),
        inference("whisper-mig", 7).onPool(ReferencePools.A100_MIG).build(),
        ClaimedWorkload.builder()
            .workload(inference("vision-dra", 2).gpus(0).build())
            .addClaims(PodClaim.of("gpu", ReferenceSharing.A100_CLAIM))
            .addTolerate(NodeTaint.GPU)
            .build(),
        InferenceDeployment.named("gateway")
            .namespace(SERVING.namespace())
            .serviceAccountName(SERVING.serviceAccount())
            .priority(INFERENCE)
            .image("registry.example.com/serving/gateway:2.3")
            .replicas(3)
            .gpus(0)
            .cpu("2")
            .memory("4Gi")
            .onCpuPool(ReferencePools.CPU)
            .port("http", 8080)
            .readinessPath("/healthz")
            .build(),
        ReferenceTenancy.queued(
            TrainingJob.named("batch-embed")
                .namespace(SERVING.namespace())
                .serviceAccountName(SERVING.serviceAccount())
                .priority(TRAINING)
                .image(TRITON)
                .addArgs("python3", "/models/embed_corpus.py", "--out=/models/index")
                .gpus(1)
                .cpu("8")
                .memory("32Gi")
                .parallelism(2)
                .completions(8)
                .backoffLimit(2)
                .ttlSecondsAfterFinished(86_400)
                .onPool(ReferencePools.L40S_INFERENCE)
                .addVolume(WorkloadVolume.dataset("models", "/models", "model-repository"))
                .build()
                .toJob(),
            SERVING_BATCH,
            TRAINING));
  }

  /** A Triton model server of the serving team, one GPU (of its pool's kind) per replica. */
  private static InferenceDeployment.Builder inference(String name, int replicas) {
    return InferenceDeployment.named(name)
        .namespace(SERVING.namespace())
        .serviceAccountName(SERVING.serviceAccount())
        .priority(INFERENCE)
        .image(TRITON)
        .addArgs("tritonserver", "--model-repository=/models")
        .replicas(replicas)
        .gpus(1)
        .cpu("4")
        .memory("16Gi")
        .port("http", 8000)
        .readinessPath("/v2/health/ready")
        .addVolume(WorkloadVolume.dataset("models", "/models", "model-repository"));
  }

  /** A team's notebook servers, one time-sliced T4 share each, always on at the training tier. */
  private static InferenceDeployment notebooks(Team team, int replicas) {
    return InferenceDeployment.named("notebooks")
        .namespace(team.namespace())
        .serviceAccountName(team.serviceAccount())
        .priority(TRAINING)
        .image(NOTEBOOK)
        .addArgs("start-notebook.py", "--ServerApp.base_url=/" + team.name())
        .replicas(replicas)
        .gpus(1)
        .cpu("4")
        .memory("16Gi")
        .onPool(ReferencePools.T4_NOTEBOOKS)
        .port("http", 8888)
        .readinessPath("/" + team.name() + "/api")
        .addVolume(WorkloadVolume.dataset("datasets", "/data", "datasets-cephfs"))
        .build();
  }

  /** Tokenizing the raw corpus: 16 CPU pods on the CPU pool, outside the GPU queues. */
  private static TrainingJob tokenizeCorpus() {
    return TrainingJob.named("tokenize-corpus")
        .namespace(ML_RESEARCH.namespace())
        .serviceAccountName(ML_RESEARCH.serviceAccount())
        .priority(EXPERIMENT)
        .image("registry.example.com/ml/tokenize:1.4")
        .addArgs("--input=/data/raw", "--output=/data/tokens")
        .gpus(0)
        .cpu("8")
        .memory("32Gi")
        .parallelism(16)
        .completions(16)
        .backoffLimit(4)
        .ttlSecondsAfterFinished(86_400)
        .onCpuPool(ReferencePools.CPU)
        .addVolume(WorkloadVolume.dataset("datasets", "/data", "datasets-cephfs"))
        .build();
  }

  /**
   * Every night, copies the fine-tuning checkpoints (mounted read-only) to the team's MinIO bucket
   * on the CPU pool. The endpoint and bucket come from a ConfigMap ({@code envFrom}), the keys from
   * a Secret ({@code secretKeyRef}) that the platform team creates: no credential is written here.
   */
  static CronJob backupCheckpoints() {
    Team team = ML_RESEARCH;
    Job job =
        TrainingJob.named("backup-checkpoints")
            .namespace(team.namespace())
            .serviceAccountName(team.serviceAccount())
            .priority(TRAINING)
            .image("amazon/aws-cli:2.17.40")
            .addCommand("sh", "-c")
            .addArgs(
                "aws s3 sync /checkpoints \"s3://${BACKUP_BUCKET}/llama-finetune-h100/\""
                    + " --only-show-errors")
            .gpus(0)
            .cpu("2")
            .memory("4Gi")
            .backoffLimit(3)
            .activeDeadlineSeconds(14_400L)
            .ttlSecondsAfterFinished(86_400)
            .onCpuPool(ReferencePools.CPU)
            .addVolume(
                WorkloadVolume.dataset(
                    "checkpoints", "/checkpoints", ReferenceStorage.LLAMA_CHECKPOINTS))
            .build()
            .toJob();
    Job withMinio =
        new JobBuilder(job)
            .editSpec()
            .editTemplate()
            .editSpec()
            .editFirstContainer()
            .addNewEnvFrom()
            .withNewConfigMapRef(ReferenceStorage.MINIO_ENDPOINT, false)
            .endEnvFrom()
            .addNewEnv()
            .withName("AWS_ACCESS_KEY_ID")
            .withNewValueFrom()
            .withNewSecretKeyRef("AWS_ACCESS_KEY_ID", ReferenceStorage.MINIO_CREDENTIALS, false)
            .endValueFrom()
            .endEnv()
            .addNewEnv()
            .withName("AWS_SECRET_ACCESS_KEY")
            .withNewValueFrom()
            .withNewSecretKeyRef("AWS_SECRET_ACCESS_KEY", ReferenceStorage.MINIO_CREDENTIALS, false)
            .endValueFrom()
            .endEnv()
            .endContainer()
            .endSpec()
            .endTemplate()
            .endSpec()
            .build();
    return new CronJobBuilder()
        .withNewMetadata()
        .withName("backup-checkpoints")
        .withNamespace(team.namespace())
        .withLabels(job.getMetadata().getLabels())
        .addToAnnotations(
            EXTERNAL_SECRET,
            ReferenceStorage.MINIO_CREDENTIALS
                + ": created by the platform team with the team's MinIO keys"
                + " (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY); not part of these manifests")
        .endMetadata()
        .withNewSpec()
        .withSchedule("30 2 * * *")
        .withTimeZone("Etc/UTC")
        .withConcurrencyPolicy("Forbid")
        .withStartingDeadlineSeconds(3_600L)
        .withSuccessfulJobsHistoryLimit(3)
        .withFailedJobsHistoryLimit(3)
        .withNewJobTemplate()
        .withNewMetadata()
        .withLabels(job.getMetadata().getLabels())
        .endMetadata()
        .withSpec(withMinio.getSpec())
        .endJobTemplate()
        .endSpec()
        .build();
  }

  /** A distributed TensorFlow job: Chief + Workers on one pool, two CPU-only parameter servers. */
  private static TfJob tensorflow(String name, Team team, NodePool pool, int workers, int gpus) {
    String account = team.serviceAccount();
    return TfJob.named(name)
        .namespace(team.namespace())
        .onPool(pool)
        .chief(
            c ->
                c.image(TENSORFLOW)
                    .gpus(gpus)
                    .cpu("16")
                    .memory("64Gi")
                    .priority(TRAINING)
                    .serviceAccountName(account))
        .workers(
            workers,
            w ->
                w.image(TENSORFLOW)
                    .gpus(gpus)
                    .cpu("16")
                    .memory("64Gi")
                    .priority(TRAINING)
                    .serviceAccountName(account))
        .ps(
            2,
            p ->
                p.image(TENSORFLOW)
                    .gpus(0)
                    .cpu("8")
                    .memory("32Gi")
                    .priority(TRAINING)
                    .serviceAccountName(account))
        .cleanPodPolicy(CleanPodPolicy.RUNNING)
        .backoffLimit(3)
        .ttlSecondsAfterFinished(86_400)
        .build();
  }

  /** A PyTorch training Job with NVMe scratch, the team's datasets and its checkpoint claim. */
  private static TrainingJob training(
      String name, Team team, NodePool pool, int gpus, int parallelism, PriorityRef priority) {
    return TrainingJob.named(name)
        .namespace(team.namespace())
        .serviceAccountName(team.serviceAccount())
        .priority(priority)
        .image(PYTORCH)
        .addCommand("torchrun")
        .addArgs("--nproc-per-node=" + gpus, "/workspace/train.py", "--data=/data")
        .putEnv("NCCL_DEBUG", "WARN")
        .gpus(gpus)
        .cpu("32")
        .memory("256Gi")
        .parallelism(parallelism)
        .completions(parallelism)
        .backoffLimit(2)
        .activeDeadlineSeconds(172_800L)
        .ttlSecondsAfterFinished(86_400)
        .onPool(pool)
        .sharedMemory("64Gi")
        .addVolume(WorkloadVolume.scratch("/scratch", "1Ti", "local-nvme"))
        .addVolume(WorkloadVolume.dataset("datasets", "/data", "datasets-cephfs"))
        .addVolume(WorkloadVolume.claim("checkpoints", "/checkpoints", "checkpoints-" + name))
        .build();
  }
}
