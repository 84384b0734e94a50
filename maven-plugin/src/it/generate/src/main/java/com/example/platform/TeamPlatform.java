package com.example.platform;

import io.gpuspec.core.GpuCatalogue;
import io.gpuspec.core.InferenceDeployment;
import io.gpuspec.core.NodePool;
import io.gpuspec.core.Platform;
import io.gpuspec.core.PlatformSpec;
import io.gpuspec.tfjob.TfJob;

/** The team's platform: one A100 pool, a TFJob training on it, and a Deployment serving. */
public final class TeamPlatform implements PlatformSpec {
  @Override
  public Platform platform() {
    NodePool a100 =
        NodePool.named("a100").model(GpuCatalogue.A100_80GB).gpusPerNode(8).nodeCount(4).build();
    TfJob mnist =
        TfJob.named("mnist")
            .namespace("ml")
            .onPool(a100)
            .workers(2, w -> w.image("tensorflow/tensorflow:2.15.0-gpu").gpus(1))
            .build();
    InferenceDeployment chat =
        InferenceDeployment.named("chat")
            .namespace("serving")
            .onPool(a100)
            .image("nvcr.io/nvidia/tritonserver:24.08-py3")
            .gpus(1)
            .build();
    return Platform.builder().addPools(a100).add(mnist, chat).build();
  }
}
