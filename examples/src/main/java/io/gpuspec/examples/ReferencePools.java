package io.gpuspec.examples;

import io.gpuspec.core.GpuCatalogue;
import io.gpuspec.core.Interconnect;
import io.gpuspec.core.LabelScheme;
import io.gpuspec.core.NodePool;
import io.gpuspec.core.PoolPurpose;

/**
 * The three dedicated pools of the reference platform, which both its workloads ({@link
 * ReferencePlatform}) and its Kueue flavors ({@link ReferenceScheduling}) name.
 */
final class ReferencePools {

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

  private ReferencePools() {}
}
