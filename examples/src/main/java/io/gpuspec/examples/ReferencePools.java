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
import io.gpuspec.sharing.DevicePluginConfig;
import io.gpuspec.sharing.GpuSharing;
import io.gpuspec.sharing.MigLayout;
import io.gpuspec.sharing.MigStrategy;
import io.gpuspec.sharing.SharedResource;
import io.gpuspec.sharing.SharingConfig;
import io.gpuspec.sharing.SharingStrategy;
import java.util.List;

/**
 * The reference platform's 50 nodes: 15 GPU nodes, InfiniBand on the GPU nodes only, and 35 CPU
 * nodes.
 *
 * <ul>
 *   <li>training: {@link #A100_TRAIN} (4 nodes, two InfiniBand domains) and {@link #H100_TRAIN} (4
 *       nodes, one domain), NVLink within a node and InfiniBand between nodes, dedicated to
 *       training so that A100 and H100 never mix in one job;
 *   <li>inference: {@link #H100_INFERENCE} (2 nodes, one domain) for a model served across nodes,
 *       {@link #A100_MIG} (1 node, each GPU seven MIG instances) for small models and {@link
 *       #L40S_INFERENCE} (2 nodes) for embeddings;
 *   <li>notebooks: {@link #T4_NOTEBOOKS} (2 nodes), each GPU time-sliced four ways;
 *   <li>{@link #CPU}: 35 nodes for preprocessing, data loading, front-ends and backups.
 * </ul>
 *
 * Each pool is labelled the way its nodes are in the cluster: GPU Feature Discovery labels, or one
 * of the {@code gpu.model} and {@code gpu-type} schemes.
 */
final class ReferencePools {

  /**
   * The InfiniBand domain (the leaf switch) of a GPU node: training gangs require one, so that
   * their collectives never cross the spine.
   */
  static final TopologyLevel IB_DOMAIN =
      TopologyLevel.of("ib-domain", "topology.example.com/ib-domain");

  /** 4 nodes of 8 A100-80GB on InfiniBand (8 rdma/ib each), two domains of 2, GFD labels. */
  static final NodePool A100_TRAIN =
      NodePool.named("a100-train")
          .model(GpuCatalogue.A100_80GB)
          .gpusPerNode(8)
          .nodeCount(4)
          .purpose(PoolPurpose.TRAINING)
          .interconnect(Interconnect.INFINIBAND)
          .rdma(RdmaDevices.ib(8))
          .spread(TopologySpread.over(IB_DOMAIN).domain("ib-a1", 2).domain("ib-a2", 2))
          .dedicated(true)
          .build();

  /** 4 nodes of 8 H100 SXM on InfiniBand, one domain, labelled gpu.model / gpu.mem / gpu.pool. */
  static final NodePool H100_TRAIN =
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
   * 2 nodes of 8 H100 SXM for a model too large for one node, on InfiniBand in their own domain,
   * labelled like the H100 training pool (gpu.pool tells them apart).
   */
  static final NodePool H100_INFERENCE =
      NodePool.named("h100-inference")
          .model(GpuCatalogue.H100_80GB_SXM)
          .labelScheme(LabelScheme.gpuModel())
          .gpusPerNode(8)
          .nodeCount(2)
          .purpose(PoolPurpose.INFERENCE)
          .interconnect(Interconnect.INFINIBAND)
          .rdma(RdmaDevices.ib(8))
          .spread(TopologySpread.over(IB_DOMAIN).domain("ib-h2", 2))
          .build();

  /**
   * 1 node of 8 A100-80GB, each GPU seven 1g.10gb MIG instances (nvidia.com/mig-1g.10gb: 56), in
   * the second A100 InfiniBand domain (the A100 training flavor's labels select it too, so it
   * carries the level Kueue's topology reads).
   */
  static final NodePool A100_MIG =
      NodePool.named("a100-mig")
          .model(GpuCatalogue.A100_80GB)
          .gpusPerNode(8)
          .nodeCount(1)
          .purpose(PoolPurpose.INFERENCE)
          .putTopology(IB_DOMAIN, "ib-a2")
          .sharing(
              GpuSharing.mig(
                  "a100-mig-mixed",
                  MigStrategy.MIXED,
                  "all-1g.10gb",
                  MigLayout.uniform("1g.10gb", 7)))
          .build();

  /** 2 nodes of 4 L40S for embeddings and batch inference, labelled gpu-type / workload-class. */
  static final NodePool L40S_INFERENCE =
      NodePool.named("l40s-inference")
          .model(GpuCatalogue.L40S)
          .labelScheme(LabelScheme.gpuType())
          .gpusPerNode(4)
          .nodeCount(2)
          .purpose(PoolPurpose.INFERENCE)
          .interconnect(Interconnect.INFINIBAND)
          .build();

  /**
   * 2 nodes of 4 T4 for notebooks, each GPU time-sliced 4 ways and advertised as {@code
   * nvidia.com/gpu.shared} (16 per node), so that a notebook never believes it has a GPU alone.
   */
  static final NodePool T4_NOTEBOOKS =
      NodePool.named("t4-notebooks")
          .model(GpuCatalogue.T4)
          .gpusPerNode(4)
          .nodeCount(2)
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

  /**
   * 35 nodes without GPUs or InfiniBand (64 cores, 256 GiB; what the kubelet leaves allocatable),
   * labelled node-type=cpu: preprocessing, data loading, serving front-ends and backups.
   */
  static final CpuPool CPU =
      CpuPool.named("cpu")
          .putLabel("node-type", "cpu")
          .nodeCount(35)
          .cpu("62")
          .memory("250Gi")
          .pods(110)
          .build();

  /** Every GPU pool, in the order the fleet file lists them. */
  static final List<NodePool> GPU_POOLS =
      List.of(A100_TRAIN, H100_TRAIN, H100_INFERENCE, A100_MIG, L40S_INFERENCE, T4_NOTEBOOKS);

  private ReferencePools() {}
}
