package io.gpuspec.sharing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.gpuspec.core.InvalidSpecException;
import org.junit.jupiter.api.Test;

/**
 * The format rules of mig-parted device groups and configs, each firing and quiet: what the
 * rendered config cannot hold fails when the group is built, the rest when the ConfigMap is built,
 * with SHR005's finding.
 */
class MigLayoutTest {

  @Test
  void devices_areAllOrGpuIndices() {
    assertThatThrownBy(
            () ->
                MigDeviceGroup.builder()
                    .devices(DeviceSelection.ids("GPU-b1028956-cfa2-0990-bf4a-5da9abb51763"))
                    .profile("1g.10gb", 1)
                    .build())
        .isInstanceOf(InvalidSpecException.class)
        .hasMessageContaining("is neither all nor a list of GPU indices");
    assertThat(
            MigDeviceGroup.builder()
                .devices(DeviceSelection.indices(3, 1))
                .profile("1g.10gb", 1)
                .build()
                .devices()
                .gpuIndices())
        .containsExactly(3, 1);
  }

  @Test
  void profileNames_mustHaveTheMigFormat() {
    assertThatThrownBy(() -> configMap(MigLayout.uniform("1g10gb", 7)))
        .isInstanceOf(InvalidSpecException.class)
        .hasMessage(
            "ConfigMap/gpu-operator/mig data[config.yaml]:"
                + " mig-configs[layout][0].mig-devices[1g10gb]: \"1g10gb\" is not a MIG profile"
                + " name; write profiles like 1g.10gb or 3g.40gb")
        .satisfies(e -> assertThat(((InvalidSpecException) e).ruleId()).contains("SHR005"));
    for (String name :
        new String[] {"1g.10gb", "1g.5gb+me", "1g.24gb+me.all", "1g.24gb-me", "1c.2g.10gb"}) {
      assertThat(MigProfile.isProfileName(name)).as(name).isTrue();
    }
  }

  @Test
  void counts_areNotNegativeAndNotAllZero() {
    assertThatThrownBy(() -> configMap(MigLayout.uniform("1g.10gb", -1)))
        .hasMessageContaining("mig-devices[1g.10gb]: count -1 is negative");
    assertThatThrownBy(() -> configMap(MigLayout.uniform("1g.10gb", 0)))
        .hasMessageContaining("mig-devices: every count is 0");
    assertThatCode(
            () ->
                configMap(
                    MigLayout.of(
                        MigDeviceGroup.builder()
                            .profile("1g.10gb", 0)
                            .profile("2g.20gb", 1)
                            .build())))
        .doesNotThrowAnyException();
    assertThat(MigDeviceGroup.builder().build().requested()).isEmpty();
  }

  @Test
  void disabledGroups_listNoProfiles() {
    assertThatThrownBy(
            () -> MigDeviceGroup.builder().migEnabled(false).profile("1g.10gb", 1).build())
        .hasMessageContaining("mig-devices are listed but mig-enabled is false");
    assertThat(MigLayout.disabled().groups())
        .singleElement()
        .satisfies(group -> assertThat(group.migEnabled()).isFalse());
  }

  @Test
  void deviceFilter_holdsPciDeviceIds() {
    assertThatThrownBy(
            () ->
                configMap(
                    MigLayout.of(
                        MigDeviceGroup.builder()
                            .addDeviceFilter("A100")
                            .profile("1g.10gb", 1)
                            .build())))
        .hasMessageContaining(
            "mig-configs[layout][0].device-filter: \"A100\" is not a PCI device ID");
    assertThatCode(
            () ->
                configMap(
                    MigLayout.of(
                        MigDeviceGroup.builder()
                            .addDeviceFilter("0x20B010DE")
                            .profile("1g.10gb", 1)
                            .build())))
        .doesNotThrowAnyException();
  }

  @Test
  void configNames_areLabelValuesAndThereIsAtLeastOne() {
    assertThatThrownBy(
            () ->
                MigPartedConfigMap.builder()
                    .name("mig")
                    .config(MigPartedConfig.builder().build())
                    .build())
        .hasMessageContaining("data[config.yaml]: mig-configs: no named layout");
    assertThatThrownBy(
            () ->
                MigPartedConfigMap.builder()
                    .name("mig")
                    .config(
                        MigPartedConfig.builder()
                            .putMigConfig("all 1g", MigLayout.disabled())
                            .build())
                    .build())
        .hasMessageContaining("no node can select it with nvidia.com/mig.config");
    assertThatThrownBy(() -> configMap(MigLayout.builder().build()))
        .hasMessageContaining("mig-configs[layout]: no device group");
  }

  /** One layout named {@code layout} in a ConfigMap {@code mig}, built (and checked). */
  private static MigPartedConfigMap configMap(MigLayout layout) {
    return MigPartedConfigMap.builder()
        .name("mig")
        .config(MigPartedConfig.builder().putMigConfig("layout", layout).build())
        .build();
  }

  @Test
  void configMap_nameAndNamespaceAreKubernetesNames() {
    assertThatThrownBy(
            () ->
                MigPartedConfigMap.builder()
                    .name("Custom_MIG")
                    .config(Fixtures.mixedMig().config())
                    .build())
        .hasMessageContaining("is not a DNS-1123 name");
    assertThat(Fixtures.mixedMig().toManifests())
        .singleElement()
        .satisfies(object -> assertThat(object.getKind()).isEqualTo("ConfigMap"));
  }
}
