package io.gpuspec.sharing;

import static io.gpuspec.core.GpuCatalogue.A100_80GB;
import static io.gpuspec.core.GpuCatalogue.T4;
import static io.gpuspec.core.GpuCatalogue.V100_16GB;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.gpuspec.core.GpuModel;
import io.gpuspec.core.InvalidSpecException;
import io.gpuspec.core.NodePool;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Each validation of the device-plugin config, once firing and once quiet. */
class DevicePluginConfigTest {

  private static DevicePluginConfig config(MigStrategy strategy, SharingConfig sharing) {
    return DevicePluginConfig.builder().migStrategy(strategy).sharing(sharing).build();
  }

  /** A ConfigMap holding the config as {@code t4}. */
  private static DevicePluginConfigMap configMap(DevicePluginConfig config) {
    return DevicePluginConfigMap.builder().name("plugin").putConfig("t4", config).build();
  }

  /** What building a ConfigMap with the config as {@code t4} throws. */
  private static InvalidSpecException refusal(DevicePluginConfig config) {
    Throwable thrown = catchThrowable(() -> configMap(config));
    assertThat(thrown).isInstanceOf(InvalidSpecException.class);
    return (InvalidSpecException) thrown;
  }

  /** What building a ConfigMap with the sharing as config {@code t4} throws. */
  private static InvalidSpecException refusal(SharingConfig sharing) {
    return refusal(DevicePluginConfig.builder().sharing(sharing).build());
  }

  @Test
  void replicas_belowTwoSharesNothing() {
    InvalidSpecException refused =
        refusal(SharingConfig.timeSlicing(SharedResource.of("nvidia.com/gpu", 1)));
    assertThat(refused.ruleId()).contains("SHR002");
    assertThat(refused)
        .hasMessage(
            "ConfigMap/gpu-operator/plugin data[t4]: sharing.timeSlicing.resources[0].replicas: 1"
                + " replica(s) share nothing and the device plugin refuses the config; give at"
                + " least 2 replicas, or drop nvidia.com/gpu from sharing.timeSlicing");
    assertThat(SharedResource.of("nvidia.com/gpu", 2).replicas()).isEqualTo(2);
  }

  @Test
  void resourceName_mustBeANvidiaResource() {
    for (String name : List.of("example.com/gpu", "nvidia.com/GPU")) {
      InvalidSpecException refused = refusal(SharingConfig.timeSlicing(SharedResource.of(name, 2)));
      assertThat(refused.ruleId()).contains("SHR001");
      assertThat(refused).hasMessageContaining("is not a resource name the device plugin shares");
    }
    assertThatCode(() -> SharedResource.of("nvidia.com/mig-1g.10gb", 2)).doesNotThrowAnyException();
  }

  @Test
  void resource_listedTwiceIsRefused() {
    InvalidSpecException refused =
        refusal(
            SharingConfig.timeSlicing(
                SharedResource.of("nvidia.com/gpu", 2), SharedResource.of("gpu", 4)));
    assertThat(refused.ruleId()).contains("SHR001");
    assertThat(refused)
        .hasMessageContaining(
            "sharing.timeSlicing.resources[1].name: nvidia.com/gpu is listed twice in"
                + " sharing.timeSlicing.resources");
  }

  @Test
  void mps_atMost48Replicas() {
    InvalidSpecException refused =
        refusal(SharingConfig.mps(SharedResource.of("nvidia.com/gpu", 49)));
    assertThat(refused.ruleId()).contains("SHR003");
    assertThat(refused)
        .hasMessage(
            "ConfigMap/gpu-operator/plugin data[t4]: sharing.mps.resources[0].replicas: 49 MPS"
                + " clients but a GPU serves at most 48; use at most 48 replicas");
    assertThatCode(
            () ->
                configMap(
                    DevicePluginConfig.builder()
                        .sharing(SharingConfig.mps(SharedResource.of("nvidia.com/gpu", 48)))
                        .build()))
        .doesNotThrowAnyException();
    assertThatCode(
            () ->
                configMap(
                    DevicePluginConfig.builder()
                        .sharing(SharingConfig.timeSlicing(SharedResource.of("nvidia.com/gpu", 64)))
                        .build()))
        .doesNotThrowAnyException();
  }

  @Test
  void mps_atMost16ReplicasBeforeComputeCapability75() {
    DevicePluginConfig seventeen =
        config(MigStrategy.NONE, SharingConfig.mps(SharedResource.of("nvidia.com/gpu", 17)));
    assertThatThrownBy(() -> onPool(seventeen, V100_16GB))
        .hasMessage(
            "ConfigMap/gpu-operator/plugin data[shared]: sharing.mps.resources[0].replicas: 17 MPS"
                + " clients but pool \"gpus\" (V100-16GB) selects this config and a GPU of compute"
                + " capability 7.0 serves at most 16; use at most 16 replicas for V100-16GB nodes");
    assertThatCode(() -> onPool(seventeen, T4)).doesNotThrowAnyException();
    assertThat(DevicePluginConfig.maxMpsReplicas(V100_16GB)).isEqualTo(16);
    assertThat(DevicePluginConfig.maxMpsReplicas(T4)).isEqualTo(48);
    assertThat(DevicePluginConfig.maxMpsReplicas(A100_80GB)).isEqualTo(48);
    DevicePluginConfig timeSliced =
        config(
            MigStrategy.NONE, SharingConfig.timeSlicing(SharedResource.of("nvidia.com/gpu", 40)));
    assertThatCode(() -> onPool(timeSliced, V100_16GB)).doesNotThrowAnyException();
  }

  /** The ConfigMap of one pool of {@code model} whose nodes select {@code config}. */
  private static DevicePluginConfigMap onPool(DevicePluginConfig config, GpuModel model) {
    NodePool pool =
        NodePool.named("gpus")
            .model(model)
            .gpusPerNode(1)
            .sharing(GpuSharing.of("shared", config))
            .build();
    return DevicePluginConfigMap.ofPools("plugin", List.of(pool)).build();
  }

  @Test
  void mps_notWithMigStrategyMixed() {
    SharingConfig mps = SharingConfig.mps(SharedResource.of("nvidia.com/gpu", 4));
    InvalidSpecException refused = refusal(config(MigStrategy.MIXED, mps));
    assertThat(refused.ruleId()).contains("SHR004");
    assertThat(refused)
        .hasMessageContaining(
            "data[t4]: sharing.mps: MPS with flags.migStrategy mixed, which the device plugin"
                + " refuses to start with");
    assertThatCode(() -> configMap(config(MigStrategy.SINGLE, mps))).doesNotThrowAnyException();
  }

  @Test
  void mps_notOnMigDevices() {
    assertThat(refusal(SharingConfig.mps(SharedResource.of("nvidia.com/mig-1g.10gb", 2))))
        .hasMessageContaining("MPS does not share MIG devices (nvidia.com/mig-1g.10gb)");
  }

  @Test
  void migResource_needsTheMixedStrategy() {
    SharingConfig migShared =
        SharingConfig.timeSlicing(SharedResource.of("nvidia.com/mig-1g.10gb", 2));
    assertThat(refusal(config(MigStrategy.SINGLE, migShared)))
        .hasMessageContaining("migStrategy single advertises no nvidia.com/mig-* resource");
    assertThat(refusal(migShared))
        .hasMessageContaining("migStrategy none advertises no nvidia.com/mig-* resource");
    assertThatCode(() -> configMap(config(MigStrategy.MIXED, migShared)))
        .doesNotThrowAnyException();
  }

  @Test
  void customRename_isRejectedBecauseThePluginIgnoresIt() {
    SharedResource renamed =
        SharedResource.builder().name("nvidia.com/gpu").replicas(4).rename("nvidia.com/t4").build();
    InvalidSpecException refused = refusal(SharingConfig.timeSlicing(renamed));
    assertThat(refused.ruleId()).contains("SHR001");
    assertThat(refused)
        .hasMessage(
            "ConfigMap/gpu-operator/plugin data[t4]: sharing.timeSlicing.resources[0].rename: the"
                + " device plugin ignores rename \"nvidia.com/t4\" and advertises nvidia.com/gpu;"
                + " drop rename; set renameByDefault: true to advertise <name>.shared");
    SharedResource defaultRename =
        SharedResource.builder()
            .name("nvidia.com/gpu")
            .replicas(4)
            .rename("nvidia.com/gpu.shared")
            .build();
    SharingConfig renamedByDefault =
        SharingConfig.builder()
            .strategy(SharingStrategy.TIME_SLICING)
            .renameByDefault(true)
            .addResources(defaultRename)
            .build();
    assertThat(renamedByDefault.advertisedName(defaultRename)).isEqualTo("nvidia.com/gpu.shared");
  }

  @Test
  void deviceList_isRejectedBecauseThePluginIgnoresIt() {
    SharedResource someGpus =
        SharedResource.builder()
            .name("nvidia.com/gpu")
            .replicas(4)
            .devices(DeviceSelection.indices(0, 1))
            .build();
    assertThat(refusal(SharingConfig.timeSlicing(someGpus)))
        .hasMessageContaining(
            "sharing.timeSlicing.resources[0].devices: the device plugin ignores a devices list"
                + " and shares every device");
    SharedResource allGpus =
        SharedResource.builder()
            .name("nvidia.com/gpu")
            .replicas(4)
            .devices(DeviceSelection.all())
            .build();
    assertThatCode(() -> SharingConfig.timeSlicing(allGpus)).doesNotThrowAnyException();
  }

  @Test
  void sharing_needsAResource() {
    InvalidSpecException refused = refusal(SharingConfig.timeSlicing());
    assertThat(refused.ruleId()).contains("SHR001");
    assertThat(refused)
        .hasMessage(
            "ConfigMap/gpu-operator/plugin data[t4]: sharing.timeSlicing.resources: no resource to"
                + " share; add one, e.g. nvidia.com/gpu with 4 replicas");
  }

  @Test
  void deviceSelection_acceptsIndicesMigIndicesAndUuids() {
    assertThat(DeviceSelection.ids("0", "1:2", "GPU-b1028956-cfa2-0990-bf4a-5da9abb51763").ids())
        .hasSize(3);
    assertThatThrownBy(() -> DeviceSelection.ids("first"))
        .hasMessageContaining("\"first\" is neither a GPU index");
    assertThatThrownBy(() -> DeviceSelection.indices(0, 0))
        .hasMessageContaining("names a device twice");
  }

  @Test
  void configMap_defaultMustBeOneOfItsConfigs() {
    DevicePluginConfig plain = DevicePluginConfig.builder().build();
    assertThatThrownBy(
            () ->
                DevicePluginConfigMap.builder()
                    .name("plugin-config")
                    .putConfig("l4", plain)
                    .defaultConfig("t4")
                    .build())
        .hasMessage(
            "device-plugin ConfigMap \"plugin-config\" default: \"t4\" is not one of the configs"
                + " [l4]; name one of them or add it");
    assertThatThrownBy(
            () ->
                DevicePluginConfigMap.builder()
                    .name("plugin-config")
                    .putConfig("L4 shared", plain)
                    .build())
        .hasMessageContaining("no node can select it with nvidia.com/device-plugin.config");
    assertThat(Fixtures.timeSlicingT4().defaultConfig()).contains("tesla-t4");
  }

  @Test
  void nodeConfigLabels_nameAConfigThatExists() {
    assertThat(NodeConfigLabels.deviceConfig(Fixtures.timeSlicingT4(), "tesla-t4"))
        .containsExactly(Map.entry("nvidia.com/device-plugin.config", "tesla-t4"));
    assertThatThrownBy(() -> NodeConfigLabels.deviceConfig(Fixtures.timeSlicingT4(), "a100"))
        .hasMessageContaining("\"a100\" is not a config of ConfigMap \"time-slicing-config\"");
    MigPartedConfig mig = Fixtures.mixedMig().config();
    assertThat(NodeConfigLabels.migConfig(mig, "80gb-mixed"))
        .containsExactly(Map.entry("nvidia.com/mig.config", "80gb-mixed"));
    assertThatThrownBy(() -> NodeConfigLabels.migConfig(mig, "all-1g.10gb"))
        .hasMessageContaining("is not a layout of the mig-parted config");
  }
}
