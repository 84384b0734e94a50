package io.gpuspec.examples;

import io.gpuspec.core.CpuPool;
import io.gpuspec.core.NodePool;
import io.gpuspec.core.Platform;
import io.gpuspec.core.check.Gpuspec;
import io.gpuspec.sharing.GpuOperatorValues;

/**
 * The reference platform our users described: a 50-node on-prem cluster of 15 GPU nodes and 35 CPU
 * nodes, put together from one file per concern:
 *
 * <ul>
 *   <li>{@link ReferencePools}: separate training (A100, H100) and inference pools (H100 across
 *       nodes, A100 MIG, L40S), time-sliced T4s for notebooks, InfiniBand on GPU nodes only;
 *   <li>{@link ReferenceSharing}: the device plugin's and MIG manager's configs, a DRA claim;
 *   <li>{@link ReferencePriorities}: three priority tiers;
 *   <li>{@link ReferenceTenancy}: three teams with their namespaces, ServiceAccounts, quotas, Kueue
 *       queues in one cohort (borrowing, preemption) and Volcano queues;
 *   <li>{@link ReferenceStorage}: NVMe scratch, Ceph (CephFS datasets, RBD checkpoints), MinIO;
 *   <li>{@link ReferenceWorkloads} and {@link ReferenceTrainer}: every workload, each running as
 *       its team's ServiceAccount.
 * </ul>
 *
 * A100 and H100 never mix in one job; distributed training is admitted only within one InfiniBand
 * domain.
 */
public final class ReferencePlatform {

  /** 4 nodes of 8 A100-80GB on InfiniBand in two domains, labelled by GPU Feature Discovery. */
  public static final NodePool A100_TRAIN = ReferencePools.A100_TRAIN;

  /** 4 nodes of 8 H100 SXM on InfiniBand, one domain, labelled gpu.model / gpu.mem / gpu.pool. */
  public static final NodePool H100_TRAIN = ReferencePools.H100_TRAIN;

  /** 2 nodes of 8 H100 SXM on InfiniBand for a model served across nodes. */
  public static final NodePool H100_INFERENCE = ReferencePools.H100_INFERENCE;

  /** 1 node of 8 A100-80GB, each GPU seven 1g.10gb MIG instances. */
  public static final NodePool A100_MIG = ReferencePools.A100_MIG;

  /** 2 nodes of 4 L40S for inference, labelled gpu-type / workload-class / node-type. */
  public static final NodePool L40S_INFERENCE = ReferencePools.L40S_INFERENCE;

  /** 2 nodes of 4 T4 for notebooks, time-sliced 4 ways as nvidia.com/gpu.shared. */
  public static final NodePool T4_NOTEBOOKS = ReferencePools.T4_NOTEBOOKS;

  /** 35 nodes without GPUs: preprocessing, data loading, front-ends and backups. */
  public static final CpuPool CPU = ReferencePools.CPU;

  private ReferencePlatform() {}

  /** The whole platform, with the modules visible from this class's loader. */
  public static Platform build() {
    return build(Gpuspec.load(ReferencePlatform.class.getClassLoader()));
  }

  /** The whole platform; {@code gpuspec}'s workload adapters size the gangs. */
  public static Platform build(Gpuspec gpuspec) {
    Platform.Builder platform =
        Platform.builder()
            .addAllPools(ReferencePools.GPU_POOLS)
            .addCpuPools(CPU)
            .add(ReferencePriorities.TIERS)
            .add(ReferenceSharing.DEVICE_PLUGIN_CONFIGS, ReferenceSharing.MIG_PARTED_CONFIG)
            .add(ReferenceSharing.A100_CLAIM);
    ReferenceTenancy.policy().forEach(platform::add);
    ReferenceStorage.storage().forEach(platform::add);
    ReferenceWorkloads.workloads(gpuspec).forEach(platform::add);
    ReferenceTrainer.workloads().forEach(platform::add);
    return platform.build();
  }

  /**
   * The GPU Operator's helm values fragment that points the device plugin and the MIG manager at
   * the two ConfigMaps. Not a Kubernetes object: {@link GenerateReferencePlatform} writes it beside
   * the manifests.
   */
  public static GpuOperatorValues gpuOperatorValues() {
    return ReferenceSharing.gpuOperatorValues();
  }
}
