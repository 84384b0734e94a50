package com.example.rules;

import io.gpuspec.core.GpuCatalogue;
import io.gpuspec.core.InferenceDeployment;
import io.gpuspec.core.NodePool;
import io.gpuspec.core.Platform;
import io.gpuspec.core.PlatformSpec;

/** A Deployment without a team label: TEAM001 fires on it. */
public final class ServingPlatform implements PlatformSpec {
  @Override
  public Platform platform() {
    NodePool l4 = NodePool.named("l4").model(GpuCatalogue.L4).gpusPerNode(2).nodeCount(2).build();
    return Platform.builder()
        .addPools(l4)
        .add(
            InferenceDeployment.named("chat")
                .namespace("serving")
                .onPool(l4)
                .image("triton")
                .gpus(1)
                .build())
        .build();
  }
}
