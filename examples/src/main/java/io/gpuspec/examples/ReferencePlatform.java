package io.gpuspec.examples;

import static io.gpuspec.examples.ReferenceScheduling.EXPERIMENT;
import static io.gpuspec.examples.ReferenceScheduling.INFERENCE;
import static io.gpuspec.examples.ReferenceScheduling.ML_RESEARCH;
import static io.gpuspec.examples.ReferenceScheduling.RESEARCH_GANGS;
import static io.gpuspec.examples.ReferenceScheduling.RESEARCH_TRAINING;
import static io.gpuspec.examples.ReferenceScheduling.SERVING;
import static io.gpuspec.examples.ReferenceScheduling.TRAINING;
import static io.gpuspec.examples.ReferenceScheduling.VISION;
import static io.gpuspec.examples.ReferenceScheduling.VISION_GANGS;
import static io.gpuspec.examples.ReferenceScheduling.VISION_TRAINING;

import io.gpuspec.core.CpuPool;
import io.gpuspec.core.GpuCatalogue;
import io.gpuspec.core.InferenceDeployment;
import io.gpuspec.core.NodePool;
import io.gpuspec.core.NodeTaint;
import io.gpuspec.core.Platform;
import io.gpuspec.core.PoolPurpose;
import io.gpuspec.core.PriorityRef;
import io.gpuspec.core.TrainingJob;
import io.gpuspec.core.WorkloadVolume;
import io.gpuspec.core.check.Gpuspec;
import io.gpuspec.sharing.DevicePluginConfig;
import io.gpuspec.sharing.DevicePluginConfigMap;
import io.gpuspec.sharing.GpuOperatorValues;
import io.gpuspec.sharing.GpuSharing;
import io.gpuspec.sharing.MigLayout;
import io.gpuspec.sharing.MigPartedConfigMap;
import io.gpuspec.sharing.MigStrategy;
import io.gpuspec.sharing.SharedResource;
import io.gpuspec.sharing.SharingConfig;
import io.gpuspec.sharing.SharingStrategy;
import io.gpuspec.sharing.dra.ClaimedWorkload;
import io.gpuspec.sharing.dra.DraSharing;
import io.gpuspec.sharing.dra.GpuClaimRequest;
import io.gpuspec.sharing.dra.GpuClaimTemplate;
import io.gpuspec.sharing.dra.PodClaim;
import io.gpuspec.tfjob.CleanPodPolicy;
import io.gpuspec.tfjob.TfJob;
import java.util.List;
import java.util.Map;

/**
 * The reference platform: a 50-node on-prem cluster whose 15 GPU nodes form a GFD-labelled A100
 * training pool, an H100 training pool labelled with the {@code gpu.model} scheme and an L40S
 * inference pool labelled with the {@code gpu-type} scheme, all on InfiniBand, and whose 35 nodes
 * without GPUs run preprocessing, data loading and serving front-ends ({@link #CPU}). Distributed
 * training on H100 is admitted by Kueue only within one InfiniBand domain. Datasets live on CephFS
 * claims, scratch on local NVMe; A100 and H100 never mix in one job. Two training teams, {@code
 * vision} and {@code ml-research}, queue their jobs in Kueue and gang distributed ones with
 * Volcano; online inference runs unqueued at the highest tier ({@link ReferenceScheduling}).
 *
 * <p>Shared GPUs for small inference services (docs/sharing.md): a T4 pool time-sliced four ways
 * and renamed ({@code nvidia.com/gpu.shared}), an L4 pool shared by CUDA MPS, and an A100 pool
 * partitioned into {@code 1g.10gb} MIG instances under the mixed strategy ({@code
 * nvidia.com/mig-1g.10gb}); their device-plugin and mig-parted ConfigMaps, the GPU Operator's helm
 * values ({@link #gpuOperatorValues()}, written beside the manifests), and a workload that gets an
 * A100 through a DRA claim.
 */
public final class ReferencePlatform {

  /** 6 nodes of 8 A100-80GB on InfiniBand in two domains, labelled by GPU Feature Discovery. */
  public static final NodePool A100_TRAIN = ReferencePools.A100_TRAIN;

  /** 4 nodes of 8 H100 SXM on InfiniBand, one domain, labelled gpu.model / gpu.mem / gpu.pool. */
  public static final NodePool H100_TRAIN = ReferencePools.H100_TRAIN;

  /** 5 nodes of 4 L40S for inference, labelled gpu-type / workload-class / node-type. */
  public static final NodePool L40S_INFERENCE = ReferencePools.L40S_INFERENCE;

  /** 35 nodes without GPUs: preprocessing, data loading and serving front-ends. */
  public static final CpuPool CPU = ReferencePools.CPU;

  /** 4 nodes of 1 T4, time-sliced 4 ways and advertised as nvidia.com/gpu.shared. */
  public static final NodePool T4_SHARED =
      NodePool.named("t4-shared")
          .model(GpuCatalogue.T4)
          .gpusPerNode(1)
          .nodeCount(4)
          .purpose(PoolPurpose.INFERENCE)
          .sharing(
              GpuSharing.of(
                  "tesla-t4-x4",
                  DevicePluginConfig.builder()
                      .migStrategy(MigStrategy.NONE)
                      .sharing(
                          SharingConfig.builder()
                              .strategy(SharingStrategy.TIME_SLICING)
                              .renameByDefault(true)
                              .failRequestsGreaterThanOne(true)
                              .addResources(SharedResource.of("nvidia.com/gpu", 4))
                              .build())
                      .build()))
          .build();

  /** 2 nodes of 2 L4, each GPU shared by 4 CUDA MPS clients (nvidia.com/gpu: 8 per node). */
  public static final NodePool L4_MPS =
      NodePool.named("l4-mps")
          .model(GpuCatalogue.L4)
          .gpusPerNode(2)
          .nodeCount(2)
          .purpose(PoolPurpose.INFERENCE)
          .sharing(GpuSharing.mps("l4-mps-4", 4))
          .build();

  /**
   * 1 node of 8 A100-80GB, each GPU seven 1g.10gb MIG instances (nvidia.com/mig-1g.10gb: 56), in
   * the second A100 InfiniBand domain (the training flavor's labels select it too, so it carries
   * the level Kueue's topology reads).
   */
  public static final NodePool A100_MIG =
      NodePool.named("a100-mig")
          .model(GpuCatalogue.A100_80GB)
          .gpusPerNode(8)
          .nodeCount(1)
          .purpose(PoolPurpose.INFERENCE)
          .putTopology(ReferencePools.IB_DOMAIN, "ib-a2")
          .sharing(
              GpuSharing.mig(
                  "a100-mig-mixed",
                  MigStrategy.MIXED,
                  "all-1g.10gb",
                  MigLayout.uniform("1g.10gb", 7)))
          .build();

  private static final List<NodePool> POOLS =
      List.of(A100_TRAIN, H100_TRAIN, L40S_INFERENCE, T4_SHARED, L4_MPS, A100_MIG);

  /** The device-plugin configs of the shared pools, one named config each. */
  public static final DevicePluginConfigMap DEVICE_PLUGIN_CONFIGS =
      DevicePluginConfigMap.ofPools("device-plugin-configs", POOLS).build();

  /** The MIG layouts of the partitioned pools, and MIG off for nodes that select all-disabled. */
  public static final MigPartedConfigMap MIG_PARTED_CONFIG =
      MigPartedConfigMap.ofPools(
              "reference-mig-parted-config", POOLS, Map.of("all-disabled", MigLayout.disabled()))
          .build();

  /** A whole A100 with at least 40 GiB, claimed through NVIDIA's DRA driver and time-sliced. */
  public static final GpuClaimTemplate A100_CLAIM =
      GpuClaimTemplate.named("a100-40gb-or-more")
          .namespace("serving")
          .addRequests(
              GpuClaimRequest.gpu("gpu")
                  .productContains("a100")
                  .minMemory("40Gi")
                  .sharing(DraSharing.timeSlicing(DraSharing.Interval.LONG))
                  .build())
          .build();

  private static final String PYTORCH = "nvcr.io/nvidia/pytorch:24.08-py3";
  private static final String TENSORFLOW = "tensorflow/tensorflow:2.15.0-gpu";
  private static final String TRITON = "nvcr.io/nvidia/tritonserver:24.08-py3";

  private ReferencePlatform() {}

  /** The whole platform, with the modules visible from this class's loader. */
  public static Platform build() {
    return build(Gpuspec.load(ReferencePlatform.class.getClassLoader()));
  }

  /** The whole platform; {@code gpuspec}'s workload adapters size the gangs. */
  public static Platform build(Gpuspec gpuspec) {
    Platform.Builder platform =
        Platform.builder()
            .addPools(A100_TRAIN, H100_TRAIN, L40S_INFERENCE)
            .add(
                inference("llm-a100", A100_TRAIN, 2, 2),
                inference("llm-h100", H100_TRAIN, 2, 4),
                inference("embeddings", L40S_INFERENCE, 3, 1));
    ReferenceScheduling.policy().forEach(platform::add);
    platform.add(
        ReferenceScheduling.queued(
            training("resnet50-a100", VISION, A100_TRAIN, 8, 1).toJob(), VISION_TRAINING, TRAINING),
        ReferenceScheduling.queued(
            training("distill-l40s", ML_RESEARCH, L40S_INFERENCE, 1, 2, EXPERIMENT).toJob(),
            RESEARCH_TRAINING,
            EXPERIMENT));
    ReferenceScheduling.gangQueuedInOneIbDomain(
            gpuspec,
            training("llama-finetune-h100", ML_RESEARCH, H100_TRAIN, 8, 2).toJob(),
            RESEARCH_GANGS,
            RESEARCH_TRAINING,
            TRAINING)
        .forEach(platform::add);
    ReferenceScheduling.gangQueuedInOneIbDomain(
            gpuspec,
            tensorflow("mnist-a100", VISION, A100_TRAIN, 4, 1).toTfJob(),
            VISION_GANGS,
            VISION_TRAINING,
            TRAINING,
            "Chief",
            "Worker")
        .forEach(platform::add);
    ReferenceScheduling.gangQueuedInOneIbDomain(
            gpuspec,
            tensorflow("bert-h100", ML_RESEARCH, H100_TRAIN, 2, 8).toTfJob(),
            RESEARCH_GANGS,
            RESEARCH_TRAINING,
            TRAINING,
            "Chief",
            "Worker")
        .forEach(platform::add);
    ReferenceTrainer.workloads().forEach(platform::add);
    platform
        .addCpuPools(CPU)
        .add(
            TrainingJob.named("tokenize-corpus")
                .namespace(ML_RESEARCH)
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
                .onCpuPool(CPU)
                .addVolume(WorkloadVolume.dataset("datasets", "/data", "datasets-cephfs"))
                .build(),
            InferenceDeployment.named("gateway")
                .namespace(SERVING)
                .priority(INFERENCE)
                .image("registry.example.com/serving/gateway:2.3")
                .replicas(3)
                .gpus(0)
                .cpu("2")
                .memory("4Gi")
                .onCpuPool(CPU)
                .port("http", 8080)
                .readinessPath("/healthz")
                .build());
    platform
        .addPools(T4_SHARED, L4_MPS, A100_MIG)
        .add(
            DEVICE_PLUGIN_CONFIGS,
            MIG_PARTED_CONFIG,
            smallInference("chat-t4", T4_SHARED, 4),
            smallInference("rerank-l4", L4_MPS, 8),
            smallInference("whisper-mig", A100_MIG, 7),
            A100_CLAIM,
            ClaimedWorkload.builder()
                .workload(
                    InferenceDeployment.named("vision-dra")
                        .namespace(SERVING)
                        .priority(INFERENCE)
                        .image(TRITON)
                        .addArgs("tritonserver", "--model-repository=/models")
                        .replicas(2)
                        .gpus(0)
                        .cpu("8")
                        .memory("32Gi")
                        .port("http", 8000)
                        .readinessPath("/v2/health/ready")
                        .addVolume(WorkloadVolume.dataset("models", "/models", "model-repository"))
                        .build())
                .addClaims(PodClaim.of("gpu", A100_CLAIM))
                .addTolerate(NodeTaint.GPU)
                .build());
    return platform.build();
  }

  /**
   * The GPU Operator's helm values fragment that points the device plugin and the MIG manager at
   * the two ConfigMaps; no global MIG strategy, so each config chooses its own. Not a Kubernetes
   * object: {@link GenerateReferencePlatform} writes it beside the manifests.
   */
  public static GpuOperatorValues gpuOperatorValues() {
    return GpuOperatorValues.builder()
        .devicePluginConfig(DEVICE_PLUGIN_CONFIGS)
        .migConfig(MIG_PARTED_CONFIG)
        .build();
  }

  /** A small inference service on a shared pool: one replica of the pool's resource per pod. */
  private static InferenceDeployment smallInference(String name, NodePool pool, int replicas) {
    return InferenceDeployment.named(name)
        .namespace(SERVING)
        .priority(INFERENCE)
        .image(TRITON)
        .addArgs("tritonserver", "--model-repository=/models")
        .replicas(replicas)
        .gpus(1)
        .cpu("4")
        .memory("16Gi")
        .onPool(pool)
        .port("http", 8000)
        .readinessPath("/v2/health/ready")
        .addVolume(WorkloadVolume.dataset("models", "/models", "model-repository"))
        .build();
  }

  private static InferenceDeployment inference(String name, NodePool pool, int replicas, int gpus) {
    return InferenceDeployment.named(name)
        .namespace(SERVING)
        .priority(INFERENCE)
        .image(TRITON)
        .addArgs("tritonserver", "--model-repository=/models")
        .replicas(replicas)
        .gpus(gpus)
        .cpu("8")
        .memory("32Gi")
        .onPool(pool)
        .port("http", 8000)
        .port("grpc", 8001)
        .port("metrics", 8002)
        .readinessPath("/v2/health/ready")
        .livenessPath("/v2/health/live")
        .sharedMemory("4Gi")
        .addVolume(WorkloadVolume.dataset("models", "/models", "model-repository"))
        .build();
  }

  /** A distributed TensorFlow job: Chief + Workers on one pool, two CPU-only parameter servers. */
  private static TfJob tensorflow(
      String name, String namespace, NodePool pool, int workers, int gpus) {
    return TfJob.named(name)
        .namespace(namespace)
        .onPool(pool)
        .chief(c -> c.image(TENSORFLOW).gpus(gpus).cpu("16").memory("64Gi").priority(TRAINING))
        .workers(
            workers,
            w -> w.image(TENSORFLOW).gpus(gpus).cpu("16").memory("64Gi").priority(TRAINING))
        .ps(2, p -> p.image(TENSORFLOW).gpus(0).cpu("8").memory("32Gi").priority(TRAINING))
        .cleanPodPolicy(CleanPodPolicy.RUNNING)
        .backoffLimit(3)
        .ttlSecondsAfterFinished(86_400)
        .build();
  }

  private static TrainingJob training(
      String name, String namespace, NodePool pool, int gpus, int parallelism) {
    return training(name, namespace, pool, gpus, parallelism, TRAINING);
  }

  private static TrainingJob training(
      String name,
      String namespace,
      NodePool pool,
      int gpus,
      int parallelism,
      PriorityRef priority) {
    return TrainingJob.named(name)
        .namespace(namespace)
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
