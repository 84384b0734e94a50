package io.gpuspec.core;

/** Named pools and workloads used across tests. */
public final class Fixtures {

  private Fixtures() {}

  /** 4 nodes of 8 A100-80GB, GFD labels, NVLink, dedicated. */
  public static final NodePool A100_TRAIN =
      NodePool.named("a100-train")
          .model(GpuCatalogue.A100_80GB)
          .gpusPerNode(8)
          .nodeCount(4)
          .purpose(PoolPurpose.TRAINING)
          .interconnect(Interconnect.NVLINK)
          .dedicated(true)
          .build();

  /** 2 nodes of 8 H100 SXM, labelled with the gpu.model scheme. */
  public static final NodePool H100_TRAIN =
      NodePool.named("h100-train")
          .model(GpuCatalogue.H100_80GB_SXM)
          .labelScheme(LabelScheme.gpuModel())
          .gpusPerNode(8)
          .nodeCount(2)
          .purpose(PoolPurpose.TRAINING)
          .interconnect(Interconnect.INFINIBAND)
          .build();

  /** 3 nodes of 2 L40S for inference, gpu-type scheme. */
  public static final NodePool L40S_INFERENCE =
      NodePool.named("l40s-inference")
          .model(GpuCatalogue.L40S)
          .labelScheme(LabelScheme.gpuType())
          .gpusPerNode(2)
          .nodeCount(3)
          .purpose(PoolPurpose.INFERENCE)
          .build();

  /**
   * The three pools above as one cluster: the fleet that rule test files under {@code
   * rules-with-fleet} are checked against.
   */
  public static final Fleet FLEET = Fleet.of(A100_TRAIN, H100_TRAIN, L40S_INFERENCE);
}
