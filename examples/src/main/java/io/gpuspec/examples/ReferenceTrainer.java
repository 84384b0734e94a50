package io.gpuspec.examples;

import io.gpuspec.core.ManifestSource;
import io.gpuspec.lws.LeaderWorkerSet;
import io.gpuspec.scheduling.PodSetTopology;
import io.gpuspec.trainer.MlFramework;
import io.gpuspec.trainer.TrainerJob;
import io.gpuspec.trainer.TrainerRuntime;
import java.util.List;

/**
 * The reference platform's Kubeflow Trainer v2 and LeaderWorkerSet workloads: a PyTorch
 * ClusterTrainingRuntime per training pool (its GPU nodes admitted by Kueue within one InfiniBand
 * domain), a TrainJob of each team queued in its Kueue LocalQueue whose pods run as the team's
 * ServiceAccount, and a model served across the two 8-GPU nodes of the H100 inference pool by a
 * LeaderWorkerSet (a leader and one worker per group, vLLM's multi-node serving).
 */
final class ReferenceTrainer {

  private static final String TORCH = "pytorch/pytorch:2.13.0-cuda13.0-cudnn9-runtime";
  private static final String VLLM = "vllm/vllm-openai:v0.11.0";

  /** Kueue admits every TrainJob of a training runtime only within one InfiniBand domain. */
  private static final PodSetTopology IN_ONE_IB_DOMAIN =
      PodSetTopology.required(ReferenceTenancy.FABRIC, ReferencePools.IB_DOMAIN.key());

  /** PyTorch runtime on the A100 training pool. */
  static final TrainerRuntime TORCH_A100 =
      TrainerRuntime.named("torch-a100")
          .onPool(ReferencePools.A100_TRAIN)
          .framework(MlFramework.TORCH)
          .image(TORCH)
          .putNodeAnnotation(IN_ONE_IB_DOMAIN.annotation(), IN_ONE_IB_DOMAIN.value())
          .build();

  /** PyTorch runtime on the H100 training pool. */
  static final TrainerRuntime TORCH_H100 =
      TrainerRuntime.named("torch-h100")
          .onPool(ReferencePools.H100_TRAIN)
          .framework(MlFramework.TORCH)
          .image(TORCH)
          .putNodeAnnotation(IN_ONE_IB_DOMAIN.annotation(), IN_ONE_IB_DOMAIN.value())
          .build();

  private ReferenceTrainer() {}

  /** The runtimes, the TrainJobs and the LeaderWorkerSet. */
  static List<ManifestSource> workloads() {
    TrainerJob vit =
        TrainerJob.named("vit-a100")
            .namespace(ReferenceTenancy.VISION.namespace())
            .serviceAccountName(ReferenceTenancy.VISION.serviceAccount())
            .runtime(TORCH_A100)
            .numNodes(2)
            .image("registry.example.com/vision/vit:3.1")
            .addCommand("torchrun", "/workspace/train.py", "--data=/data")
            .queue(ReferenceTenancy.VISION_TRAINING.name())
            .build();
    TrainerJob llama =
        TrainerJob.named("llama-sft-h100")
            .namespace(ReferenceTenancy.ML_RESEARCH.namespace())
            .serviceAccountName(ReferenceTenancy.ML_RESEARCH.serviceAccount())
            .runtime(TORCH_H100)
            .numNodes(2)
            .image("registry.example.com/research/llama-sft:1.4")
            .addCommand("torchrun", "/workspace/sft.py")
            .putEnv("NCCL_DEBUG", "WARN")
            .queue(ReferenceTenancy.RESEARCH_TRAINING.name())
            .build();
    LeaderWorkerSet serving =
        LeaderWorkerSet.named("llama-405b")
            .namespace(ReferenceTenancy.SERVING.namespace())
            .serviceAccountName(ReferenceTenancy.SERVING.serviceAccount())
            .onPool(ReferencePools.H100_INFERENCE)
            .size(2)
            .priorityClassName(ReferencePriorities.INFERENCE.priorityClassName())
            .image(VLLM)
            .cpu("32")
            .memory("512Gi")
            .sharedMemory("16Gi")
            .addLeaderCommand(
                "sh",
                "-c",
                "bash /vllm-workspace/examples/online_serving/multi-node-serving.sh leader"
                    + " --ray_cluster_size=$(LWS_GROUP_SIZE); vllm serve"
                    + " meta-llama/Llama-3.1-405B-Instruct-FP8 --port 8080"
                    + " --tensor-parallel-size 8 --pipeline-parallel-size 2")
            .leaderPort(8080)
            .addCommand(
                "sh",
                "-c",
                "bash /vllm-workspace/examples/online_serving/multi-node-serving.sh worker"
                    + " --ray_address=$(LWS_LEADER_ADDRESS)")
            .build();
    return List.of(TORCH_A100, TORCH_H100, vit, llama, serving);
  }
}
