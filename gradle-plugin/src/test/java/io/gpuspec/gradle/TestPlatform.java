package io.gpuspec.gradle;

import io.gpuspec.core.GpuCatalogue;
import io.gpuspec.core.InferenceDeployment;
import io.gpuspec.core.NodePool;
import io.gpuspec.core.Platform;
import io.gpuspec.core.PlatformSpec;

/** A spec class as a project writes it, for running the tasks' actions. */
public final class TestPlatform implements PlatformSpec {
  @Override
  public Platform platform() {
    NodePool l4 = NodePool.named("l4").model(GpuCatalogue.L4).gpusPerNode(2).nodeCount(2).build();
    return Platform.builder()
        .addPools(l4)
        .add(
            InferenceDeployment.named("chat")
                .namespace("serving")
                .onPool(l4)
                .image("nvcr.io/nvidia/tritonserver:24.08-py3")
                .gpus(1)
                .build())
        .build();
  }
}
