package com.example.gpuconsumer;

import io.gpuspec.core.GpuCatalogue;
import io.gpuspec.core.Interconnect;
import io.gpuspec.core.NodePool;
import io.gpuspec.core.Platform;
import io.gpuspec.core.PoolPurpose;
import io.gpuspec.core.TrainingJob;
import io.gpuspec.core.WorkloadVolume;
import io.gpuspec.tfjob.CleanPodPolicy;
import io.gpuspec.tfjob.RestartPolicy;
import io.gpuspec.tfjob.TfJob;

/** A small team platform written with gpuspec's DSL, as a downstream project would. */
public final class TeamPlatform {

  /** Two nodes of eight A100s, reserved for training. */
  public static final NodePool A100 =
      NodePool.named("team-a100")
          .model(GpuCatalogue.A100_80GB)
          .gpusPerNode(8)
          .nodeCount(2)
          .purpose(PoolPurpose.TRAINING)
          .interconnect(Interconnect.NVLINK)
          .dedicated(true)
          .build();

  private static final String PYTORCH = "nvcr.io/nvidia/pytorch:24.08-py3";
  private static final String TENSORFLOW = "tensorflow/tensorflow:2.15.0-gpu";

  private TeamPlatform() {}

  /** One PyTorch job and one distributed TensorFlow job on the A100 pool. */
  public static Platform build() {
    TrainingJob resnet =
        TrainingJob.named("resnet50")
            .namespace("team-ml")
            .image(PYTORCH)
            .gpus(8)
            .cpu("32")
            .memory("256Gi")
            .onPool(A100)
            .backoffLimit(2)
            .activeDeadlineSeconds(86_400L)
            .addVolume(WorkloadVolume.scratch("/scratch", "500Gi", "local-nvme"))
            .build();
    TfJob mnist =
        TfJob.named("mnist")
            .namespace("team-ml")
            .onPool(A100)
            .chief(c -> c.image(TENSORFLOW).gpus(1).restartPolicy(RestartPolicy.ON_FAILURE))
            .workers(3, w -> w.image(TENSORFLOW).gpus(1).restartPolicy(RestartPolicy.ON_FAILURE))
            .ps(1, p -> p.image(TENSORFLOW).gpus(0).cpu("4").memory("16Gi"))
            .cleanPodPolicy(CleanPodPolicy.RUNNING)
            .backoffLimit(3)
            .build();
    return Platform.builder().addPools(A100).add(resnet, mnist).build();
  }
}
