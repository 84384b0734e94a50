package io.gpuspec.sharing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.gpuspec.core.InvalidSpecException;
import org.junit.jupiter.api.Test;

/** Helm values and the ClusterPolicy patch that point the GPU Operator at the configs. */
class GpuOperatorValuesTest {

  @Test
  void helmValues_referenceBothConfigMapsAndTheStrategy() {
    GpuOperatorValues values =
        GpuOperatorValues.builder()
            .devicePluginConfig(Fixtures.timeSlicingT4())
            .migConfig(Fixtures.mixedMig())
            .migStrategy(MigStrategy.NONE)
            .build();
    assertThat(values.renderHelmValues())
        .isEqualTo(
            """
            devicePlugin:
              config:
                create: false
                default: tesla-t4
                name: time-slicing-config
            mig:
              strategy: none
            migManager:
              config:
                name: custom-mig-parted-config
            """);
    assertThat(values.clusterPolicyPatch())
        .isEqualTo(
            "{\"spec\":{\"devicePlugin\":{\"config\":{\"default\":\"tesla-t4\","
                + "\"name\":\"time-slicing-config\"}},\"mig\":{\"strategy\":\"none\"},"
                + "\"migManager\":{\"config\":{\"name\":\"custom-mig-parted-config\"}}}}");
  }

  @Test
  void helmValues_withCreate_embedTheConfigsAsLiteralBlocks() {
    GpuOperatorValues values =
        GpuOperatorValues.builder()
            .devicePluginConfig(Fixtures.mpsL4())
            .createDevicePluginConfigMap(true)
            .build();
    Golden.assertMatches("gpu-operator-values-mps.yaml.txt", values.renderHelmValues());
  }

  @Test
  void noStrategy_clearsTheChartDefaultSoEachConfigChooses() {
    GpuOperatorValues values =
        GpuOperatorValues.builder().devicePluginConfig(Fixtures.timeSlicingT4()).build();
    assertThat(values.renderHelmValues()).contains("mig:\n  strategy: \"\"\n");
    assertThat(values.clusterPolicyPatch()).contains("\"mig\":{\"strategy\":null}");
    GpuOperatorValues migOnly = GpuOperatorValues.builder().migConfig(Fixtures.mixedMig()).build();
    assertThat(migOnly.renderHelmValues())
        .isEqualTo("migManager:\n  config:\n    name: custom-mig-parted-config\n");
  }

  @Test
  void strategyThatOverridesAConfigsOwn_isRejected() {
    assertThatThrownBy(
            () ->
                GpuOperatorValues.builder()
                    .devicePluginConfig(Fixtures.timeSlicingT4())
                    .migStrategy(MigStrategy.MIXED)
                    .build())
        .isInstanceOf(InvalidSpecException.class)
        .hasMessage(
            "gpu operator values mig.strategy: mixed overrides flags.migStrategy none of config"
                + " \"tesla-t4\"; make them agree, or leave mig.strategy unset so each config"
                + " chooses");
  }

  @Test
  void configMapsInDifferentNamespaces_areRejected() {
    MigPartedConfigMap elsewhere =
        MigPartedConfigMap.builder()
            .name("custom-mig-parted-config")
            .namespace("kube-system")
            .config(Fixtures.mixedMig().config())
            .build();
    assertThatThrownBy(
            () ->
                GpuOperatorValues.builder()
                    .devicePluginConfig(Fixtures.timeSlicingT4())
                    .migConfig(elsewhere)
                    .build())
        .hasMessageContaining("the operator reads both from its own namespace");
    assertThatThrownBy(() -> GpuOperatorValues.builder().build())
        .hasMessageContaining("nothing to wire");
  }
}
