package io.gpuspec.bench;

import io.gpuspec.core.GpuCatalogue;
import io.gpuspec.core.InferenceDeployment;
import io.gpuspec.core.NodePool;
import io.gpuspec.core.Platform;
import io.gpuspec.core.PoolPurpose;
import io.gpuspec.core.TrainingJob;
import java.util.Locale;

/**
 * The objects the generate benchmarks render (listed in {@code bench/cdk8s/OBJECTS.md}): {@code
 * count / 2} training Jobs {@code train-NNNN} (1 to 8 GPUs, 8 CPUs, 64Gi) and as many inference
 * Deployments {@code serve-NNNN} (1 GPU), in namespaces {@code team-0} to {@code team-9}, all on
 * one A100 pool.
 */
final class GenerateObjects {

  private GenerateObjects() {}

  /** The A100 pool every object runs on. */
  static NodePool pool() {
    return NodePool.named("a100-train")
        .model(GpuCatalogue.A100_80GB)
        .gpusPerNode(8)
        .nodeCount(16)
        .purpose(PoolPurpose.TRAINING)
        .build();
  }

  /** {@code count} objects (an even number) through the DSL, each {@code build()} checked. */
  static Platform platform(NodePool pool, int count) {
    if (count < 2 || count % 2 != 0) {
      throw new IllegalArgumentException(
          "generate objects: " + count + " is not a positive even count; give 2, 4, ... objects");
    }
    Platform.Builder platform = Platform.builder();
    for (int i = 0; i < count / 2; i++) {
      platform.add(
          TrainingJob.named(String.format(Locale.ROOT, "train-%04d", i))
              .namespace("team-" + (i % 10))
              .image("nvcr.io/nvidia/pytorch:24.08-py3")
              .gpus(1 + i % 8)
              .cpu("8")
              .memory("64Gi")
              .onPool(pool)
              .backoffLimit(2)
              .build());
    }
    for (int i = 0; i < count / 2; i++) {
      platform.add(
          InferenceDeployment.named(String.format(Locale.ROOT, "serve-%04d", i))
              .namespace("team-" + (i % 10))
              .onPool(pool)
              .image("nvcr.io/nvidia/tritonserver:24.08-py3")
              .gpus(1)
              .build());
    }
    return platform.build();
  }
}
