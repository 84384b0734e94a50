package io.gpuspec.sharing;

/** Configs shared by several tests, as in the NVIDIA docs. */
final class Fixtures {

  private Fixtures() {}

  /**
   * The GPU Operator docs' time-slicing example: one config for T4 nodes sharing each GPU four ways
   * (https://docs.nvidia.com/datacenter/cloud-native/gpu-operator/latest/gpu-sharing.html).
   */
  static DevicePluginConfigMap timeSlicingT4() {
    return DevicePluginConfigMap.builder()
        .name("time-slicing-config")
        .putConfig(
            "tesla-t4",
            DevicePluginConfig.builder()
                .migStrategy(MigStrategy.NONE)
                .sharing(
                    SharingConfig.builder()
                        .strategy(SharingStrategy.TIME_SLICING)
                        .renameByDefault(false)
                        .failRequestsGreaterThanOne(false)
                        .addResources(SharedResource.of("nvidia.com/gpu", 4))
                        .build())
                .build())
        .defaultConfig("tesla-t4")
        .build();
  }

  /** MPS on L4 nodes, ten clients per GPU, advertised as nvidia.com/gpu.shared. */
  static DevicePluginConfigMap mpsL4() {
    return DevicePluginConfigMap.builder()
        .name("mps-config")
        .putConfig(
            "l4-mps-10",
            DevicePluginConfig.builder()
                .migStrategy(MigStrategy.NONE)
                .sharing(
                    SharingConfig.builder()
                        .strategy(SharingStrategy.MPS)
                        .renameByDefault(true)
                        .addResources(SharedResource.of("nvidia.com/gpu", 10))
                        .build())
                .build())
        .putConfig("whole", DevicePluginConfig.builder().migStrategy(MigStrategy.NONE).build())
        .defaultConfig("whole")
        .build();
  }

  /** A mixed A100/H100 80GB layout: GPUs 0-3 balanced, 4-5 as 1g.10gb x7, 6-7 whole. */
  static MigPartedConfigMap mixedMig() {
    MigLayout mixed =
        MigLayout.of(
            MigDeviceGroup.builder()
                .devices(DeviceSelection.indices(0, 1, 2, 3))
                .profile("3g.40gb", 1)
                .profile("2g.20gb", 1)
                .profile("1g.10gb", 2)
                .build(),
            MigDeviceGroup.builder()
                .devices(DeviceSelection.indices(4, 5))
                .profile("1g.10gb", 7)
                .build(),
            MigDeviceGroup.disabled(DeviceSelection.indices(6, 7)));
    return MigPartedConfigMap.builder()
        .name("custom-mig-parted-config")
        .config(
            MigPartedConfig.builder()
                .putMigConfig("all-disabled", MigLayout.disabled())
                .putMigConfig("80gb-mixed", mixed)
                .putMigConfig("all-3g.40gb", MigLayout.uniform("3g.40gb", 2))
                .build())
        .build();
  }
}
