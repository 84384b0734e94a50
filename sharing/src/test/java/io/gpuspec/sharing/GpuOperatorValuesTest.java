package io.gpuspec.sharing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.gpuspec.core.InvalidSpecException;
import io.gpuspec.core.TestGpuspec;
import io.gpuspec.core.check.CheckOptions;
import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.manifest.ReadResult;
import io.gpuspec.core.manifest.YamlRenderer;
import io.gpuspec.sharing.model.ClusterPolicy;
import java.util.List;
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
            "ClusterPolicy/gpu-operator-values mig.strategy: mixed overrides flags.migStrategy"
                + " none of config \"tesla-t4\"; make them agree, or leave mig.strategy unset so"
                + " each config chooses");
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

  @Test
  void aMigConfigWithoutTheDefaultLayout_isRejectedAsTheRuleReportsIt() {
    MigPartedConfigMap noDefault =
        MigPartedConfigMap.builder()
            .name("custom-mig-parted-config")
            .config(
                MigPartedConfig.builder()
                    .putMigConfig("all-3g.40gb", MigLayout.uniform("3g.40gb", 2))
                    .build())
            .build();
    assertThatThrownBy(() -> GpuOperatorValues.builder().migConfig(noDefault).build())
        .isInstanceOf(InvalidSpecException.class)
        .hasMessageStartingWith(
            "ClusterPolicy/gpu-operator-values migManager.config.default: layout"
                + " \"all-disabled\" is not in mig-configs of ConfigMap"
                + " \"custom-mig-parted-config\"")
        .satisfies(e -> assertThat(((InvalidSpecException) e).ruleId()).contains("SHR022"));
  }

  @Test
  void renderedValues_readBackAsAValuesFile_passEveryRule() {
    GpuOperatorValues values =
        GpuOperatorValues.builder()
            .devicePluginConfig(Fixtures.mpsL4())
            .createDevicePluginConfigMap(true)
            .migConfig(Fixtures.mixedMig())
            .migStrategy(MigStrategy.NONE)
            .build();
    String manifests =
        values.renderHelmValues()
            + "---\n"
            + YamlRenderer.render(ManifestSet.of(List.of(Fixtures.mixedMig().toConfigMap())));
    ReadResult read = TestGpuspec.GPUSPEC.read(manifests, "gpu-operator-values.yaml");

    assertThat(read.manifests().ofType(ClusterPolicy.class))
        .singleElement()
        .satisfies(
            policy ->
                assertThat(policy.getSpec().getDevicePlugin().getConfig().getName())
                    .isEqualTo(Fixtures.mpsL4().name()));
    assertThat(TestGpuspec.GPUSPEC.lint(read, CheckOptions.defaults()).violations()).isEmpty();
  }
}
