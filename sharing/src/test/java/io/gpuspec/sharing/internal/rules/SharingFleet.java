package io.gpuspec.sharing.internal.rules;

import io.gpuspec.core.Fleet;
import io.gpuspec.core.GpuCatalogue;
import io.gpuspec.core.LabelScheme;
import io.gpuspec.core.NodePool;
import io.gpuspec.core.PoolPurpose;
import io.gpuspec.core.check.CheckOptions;
import io.gpuspec.sharing.DevicePluginConfig;
import io.gpuspec.sharing.GpuSharing;
import io.gpuspec.sharing.MigLayout;
import io.gpuspec.sharing.MigStrategy;
import io.gpuspec.sharing.SharedResource;
import io.gpuspec.sharing.SharingConfig;
import io.gpuspec.sharing.SharingStrategy;
import java.nio.file.Path;

/**
 * The fleet that the sharing rule files under {@code rules-with-fleet} are checked against: three
 * shared pools built with {@link GpuSharing} and three pools whose config labels are set by hand
 * (so that the files can pair them with configs that do not suit them).
 */
final class SharingFleet {

  private SharingFleet() {}

  /** 4 nodes of 1 T4, time-sliced 4 ways and renamed: nvidia.com/gpu.shared: 4 per node. */
  static final NodePool T4_SHARED =
      NodePool.named("t4-shared")
          .model(GpuCatalogue.T4)
          .gpusPerNode(1)
          .nodeCount(4)
          .purpose(PoolPurpose.INFERENCE)
          .sharing(
              GpuSharing.of(
                  "t4-time-sliced",
                  DevicePluginConfig.builder()
                      .migStrategy(MigStrategy.NONE)
                      .sharing(
                          SharingConfig.builder()
                              .strategy(SharingStrategy.TIME_SLICING)
                              .renameByDefault(true)
                              .addResources(SharedResource.of("nvidia.com/gpu", 4))
                              .build())
                      .build()))
          .build();

  /** 2 nodes of 2 L4 shared by 4 MPS clients each: nvidia.com/gpu: 8 per node. */
  static final NodePool L4_MPS =
      NodePool.named("l4-mps")
          .model(GpuCatalogue.L4)
          .gpusPerNode(2)
          .nodeCount(2)
          .purpose(PoolPurpose.INFERENCE)
          .sharing(GpuSharing.mps("l4-mps", 4))
          .build();

  /** 2 nodes of 8 A100-80GB, all 1g.10gb under mixed: nvidia.com/mig-1g.10gb: 56 per node. */
  static final NodePool A100_MIG =
      NodePool.named("a100-mig")
          .model(GpuCatalogue.A100_80GB)
          .gpusPerNode(8)
          .nodeCount(2)
          .sharing(
              GpuSharing.mig(
                  "a100-mixed", MigStrategy.MIXED, "all-1g.10gb", MigLayout.uniform("1g.10gb", 7)))
          .build();

  /** 2 nodes of 4 V100-16GB (compute capability 7.0) selecting device-plugin config v100-mps. */
  static final NodePool V100 =
      NodePool.named("v100")
          .model(GpuCatalogue.V100_16GB)
          .labelScheme(LabelScheme.gpuModel())
          .gpusPerNode(4)
          .nodeCount(2)
          .putExtraLabel("nvidia.com/device-plugin.config", "v100-mps")
          .build();

  /** 3 nodes of 2 L40S, labelled to take MIG layout all-1g.12gb (L40S has no MIG). */
  static final NodePool L40S =
      NodePool.named("l40s")
          .model(GpuCatalogue.L40S)
          .labelScheme(LabelScheme.gpuType())
          .gpusPerNode(2)
          .nodeCount(3)
          .purpose(PoolPurpose.INFERENCE)
          .putExtraLabel("nvidia.com/mig.config", "all-1g.12gb")
          .build();

  /** 2 nodes of 8 A100-40GB, labelled to take MIG layout all-1g.12gb (an H100 NVL profile). */
  static final NodePool A100_40 =
      NodePool.named("a100-40")
          .model(GpuCatalogue.A100_40GB)
          .gpusPerNode(8)
          .nodeCount(2)
          .putExtraLabel("nvidia.com/mig.config", "all-1g.12gb")
          .build();

  static final Fleet FLEET = Fleet.of(T4_SHARED, L4_MPS, A100_MIG, V100, L40S, A100_40);

  static final CheckOptions WITH_FLEET = CheckOptions.builder().fleet(FLEET).build();

  static final Path RULES_WITH_FLEET = Path.of("src/test/resources/rules-with-fleet");
}
