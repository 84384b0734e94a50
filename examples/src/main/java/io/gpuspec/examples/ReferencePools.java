package io.gpuspec.examples;

import io.gpuspec.core.CpuPool;
import io.gpuspec.core.GpuCatalogue;
import io.gpuspec.core.Interconnect;
import io.gpuspec.core.LabelScheme;
import io.gpuspec.core.NodePool;
import io.gpuspec.core.PoolPurpose;
import io.gpuspec.core.RdmaDevices;
import io.gpuspec.core.TopologyLevel;
import io.gpuspec.core.TopologySpread;

/**
 * The pools of the reference platform's 50 nodes, which both its workloads ({@link
 * ReferencePlatform}) and its Kueue flavors ({@link ReferenceScheduling}) name: three dedicated GPU
 * pools (15 nodes) on InfiniBand, and 35 nodes without GPUs for preprocessing, data loading and
 * serving front-ends.
 */
final class ReferencePools {

  /**
   * The InfiniBand domain (the leaf switch) of a GPU node: training gangs require one, so that
   * their collectives never cross the spine.
   */
  public static final TopologyLevel IB_DOMAIN =
      TopologyLevel.of("ib-domain", "topology.example.com/ib-domain");

  /**
   * 6 nodes of 8 A100-80GB, NVLink within a node and InfiniBand between nodes (8 rdma/ib each), in
   * two InfiniBand domains of 3 nodes, labelled by GPU Feature Discovery.
   */
  public static final NodePool A100_TRAIN =
      NodePool.named("a100-train")
          .model(GpuCatalogue.A100_80GB)
          .gpusPerNode(8)
          .nodeCount(6)
          .purpose(PoolPurpose.TRAINING)
          .interconnect(Interconnect.INFINIBAND)
          .rdma(RdmaDevices.ib(8))
          .spread(TopologySpread.over(IB_DOMAIN).domain("ib-a1", 3).domain("ib-a2", 3))
          .dedicated(true)
          .build();

  /**
   * 4 nodes of 8 H100 SXM on InfiniBand (8 rdma/ib each), one InfiniBand domain, labelled gpu.model
   * / gpu.mem / gpu.pool.
   */
  public static final NodePool H100_TRAIN =
      NodePool.named("h100-train")
          .model(GpuCatalogue.H100_80GB_SXM)
          .labelScheme(LabelScheme.gpuModel())
          .gpusPerNode(8)
          .nodeCount(4)
          .purpose(PoolPurpose.TRAINING)
          .interconnect(Interconnect.INFINIBAND)
          .rdma(RdmaDevices.ib(8))
          .spread(TopologySpread.over(IB_DOMAIN).domain("ib-h1", 4))
          .build();

  /**
   * 5 nodes of 4 L40S for inference on InfiniBand, labelled gpu-type / workload-class / node-type.
   */
  public static final NodePool L40S_INFERENCE =
      NodePool.named("l40s-inference")
          .model(GpuCatalogue.L40S)
          .labelScheme(LabelScheme.gpuType())
          .gpusPerNode(4)
          .nodeCount(5)
          .purpose(PoolPurpose.INFERENCE)
          .interconnect(Interconnect.INFINIBAND)
          .build();

  /**
   * 35 nodes without GPUs or InfiniBand (64 cores, 256 GiB; what the kubelet leaves allocatable),
   * labelled node-type=cpu: preprocessing, data loading and serving front-ends.
   */
  public static final CpuPool CPU =
      CpuPool.named("cpu")
          .putLabel("node-type", "cpu")
          .nodeCount(35)
          .cpu("62")
          .memory("250Gi")
          .pods(110)
          .build();

  private ReferencePools() {}
}
