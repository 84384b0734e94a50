package io.gpuspec.examples;

import io.gpuspec.core.GpuCatalogue;
import io.gpuspec.core.InferenceDeployment;
import io.gpuspec.core.Interconnect;
import io.gpuspec.core.LabelScheme;
import io.gpuspec.core.NodePool;
import io.gpuspec.core.Platform;
import io.gpuspec.core.PoolPurpose;
import io.gpuspec.core.TrainingJob;
import io.gpuspec.core.WorkloadVolume;
import io.gpuspec.tfjob.CleanPodPolicy;
import io.gpuspec.tfjob.TfJob;

/**
 * The reference platform: a 50-node on-prem cluster whose 15 GPU nodes form a GFD-labelled A100
 * training pool, an H100 training pool labelled with the {@code gpu.model} scheme and an L40S
 * inference pool labelled with the {@code gpu-type} scheme. Datasets live on CephFS claims, scratch
 * on local NVMe; A100 and H100 never mix in one job.
 */
public final class ReferencePlatform {

  /** 6 nodes of 8 A100-80GB, NVLink, labelled by GPU Feature Discovery. */
  public static final NodePool A100_TRAIN =
      NodePool.named("a100-train")
          .model(GpuCatalogue.A100_80GB)
          .gpusPerNode(8)
          .nodeCount(6)
          .purpose(PoolPurpose.TRAINING)
          .interconnect(Interconnect.NVLINK)
          .dedicated(true)
          .build();

  /** 4 nodes of 8 H100 SXM on InfiniBand, labelled gpu.model / gpu.mem / gpu.pool. */
  public static final NodePool H100_TRAIN =
      NodePool.named("h100-train")
          .model(GpuCatalogue.H100_80GB_SXM)
          .labelScheme(LabelScheme.gpuModel())
          .gpusPerNode(8)
          .nodeCount(4)
          .purpose(PoolPurpose.TRAINING)
          .interconnect(Interconnect.INFINIBAND)
          .build();

  /** 5 nodes of 4 L40S for inference, labelled gpu-type / workload-class / node-type. */
  public static final NodePool L40S_INFERENCE =
      NodePool.named("l40s-inference")
          .model(GpuCatalogue.L40S)
          .labelScheme(LabelScheme.gpuType())
          .gpusPerNode(4)
          .nodeCount(5)
          .purpose(PoolPurpose.INFERENCE)
          .build();

  private static final String PYTORCH = "nvcr.io/nvidia/pytorch:24.08-py3";
  private static final String TENSORFLOW = "tensorflow/tensorflow:2.15.0-gpu";
  private static final String TRITON = "nvcr.io/nvidia/tritonserver:24.08-py3";

  private ReferencePlatform() {}

  /** The whole platform. */
  public static Platform build() {
    return Platform.builder()
        .addPools(A100_TRAIN, H100_TRAIN, L40S_INFERENCE)
        .add(
            inference("llm-a100", A100_TRAIN, 2, 2),
            inference("llm-h100", H100_TRAIN, 2, 4),
            inference("embeddings", L40S_INFERENCE, 3, 1),
            training("resnet50-a100", A100_TRAIN, 8, 1),
            training("llama-finetune-h100", H100_TRAIN, 8, 2),
            training("distill-l40s", L40S_INFERENCE, 2, 1),
            tensorflow("mnist-a100", A100_TRAIN, 4, 1),
            tensorflow("bert-h100", H100_TRAIN, 2, 8))
        .build();
  }

  private static InferenceDeployment inference(String name, NodePool pool, int replicas, int gpus) {
    return InferenceDeployment.named(name)
        .namespace("serving")
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
  private static TfJob tensorflow(String name, NodePool pool, int workers, int gpus) {
    return TfJob.named(name)
        .namespace("ml-research")
        .onPool(pool)
        .chief(c -> c.image(TENSORFLOW).gpus(gpus).cpu("16").memory("64Gi"))
        .workers(workers, w -> w.image(TENSORFLOW).gpus(gpus).cpu("16").memory("64Gi"))
        .ps(2, p -> p.image(TENSORFLOW).gpus(0).cpu("8").memory("32Gi"))
        .cleanPodPolicy(CleanPodPolicy.RUNNING)
        .backoffLimit(3)
        .ttlSecondsAfterFinished(86_400)
        .build();
  }

  private static TrainingJob training(String name, NodePool pool, int gpus, int parallelism) {
    return TrainingJob.named(name)
        .namespace("ml-research")
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
