package io.gpuspec.examples;

import io.gpuspec.sharing.DevicePluginConfigMap;
import io.gpuspec.sharing.GpuOperatorValues;
import io.gpuspec.sharing.MigLayout;
import io.gpuspec.sharing.MigPartedConfigMap;
import io.gpuspec.sharing.dra.DraSharing;
import io.gpuspec.sharing.dra.GpuClaimRequest;
import io.gpuspec.sharing.dra.GpuClaimTemplate;
import java.util.Map;

/**
 * How the reference platform shares GPUs (docs/sharing.md): the device plugin's named configs of
 * the shared pools (the T4 notebooks time-sliced, the A100 partitioned into MIG instances), the MIG
 * manager's layouts, the GPU Operator's helm values that point at both ConfigMaps, and a DRA claim
 * template for an A100 with at least 40 GiB.
 */
final class ReferenceSharing {

  /** The device-plugin configs of the shared pools, one named config each. */
  static final DevicePluginConfigMap DEVICE_PLUGIN_CONFIGS =
      DevicePluginConfigMap.ofPools("device-plugin-configs", ReferencePools.GPU_POOLS).build();

  /** The MIG layouts of the partitioned pools, and MIG off for nodes that select all-disabled. */
  static final MigPartedConfigMap MIG_PARTED_CONFIG =
      MigPartedConfigMap.ofPools(
              "reference-mig-parted-config",
              ReferencePools.GPU_POOLS,
              Map.of("all-disabled", MigLayout.disabled()))
          .build();

  /** A whole A100 with at least 40 GiB, claimed through NVIDIA's DRA driver and time-sliced. */
  static final GpuClaimTemplate A100_CLAIM =
      GpuClaimTemplate.named("a100-40gb-or-more")
          .namespace(ReferenceTenancy.SERVING.namespace())
          .addRequests(
              GpuClaimRequest.gpu("gpu")
                  .productContains("a100")
                  .minMemory("40Gi")
                  .sharing(DraSharing.timeSlicing(DraSharing.Interval.LONG))
                  .build())
          .build();

  private ReferenceSharing() {}

  /**
   * The GPU Operator's helm values fragment that points the device plugin and the MIG manager at
   * the two ConfigMaps; no global MIG strategy, so each config chooses its own. Not a Kubernetes
   * object: {@link GenerateReferencePlatform} writes it beside the manifests.
   */
  static GpuOperatorValues gpuOperatorValues() {
    return GpuOperatorValues.builder()
        .devicePluginConfig(DEVICE_PLUGIN_CONFIGS)
        .migConfig(MIG_PARTED_CONFIG)
        .build();
  }
}
