package io.gpuspec.sharing;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.ConfigMap;
import org.junit.jupiter.api.Test;

/**
 * The ConfigMaps gpuspec writes, byte for byte. Each golden {@code .yaml} also passes the
 * conformance checker (CI runs it on every golden file).
 */
class GoldenConfigMapTest {

  @Test
  void timeSlicingConfigMap_t4SharedFourWays() {
    ConfigMap configMap = Fixtures.timeSlicingT4().toConfigMap();
    Golden.assertMatches("time-slicing-configmap.yaml", ManifestYaml.render(configMap));
    assertThat(configMap.getData().get("tesla-t4"))
        .isEqualTo(
            """
            flags:
              migStrategy: none
            sharing:
              timeSlicing:
                failRequestsGreaterThanOne: false
                renameByDefault: false
                resources:
                - name: nvidia.com/gpu
                  replicas: 4
            version: v1
            """);
  }

  @Test
  void mpsConfigMap_twoNamedConfigs() {
    Golden.assertMatches("mps-configmap.yaml", ManifestYaml.render(Fixtures.mpsL4().toConfigMap()));
  }

  @Test
  void migPartedConfigMap_mixedLayoutUnderConfigYaml() {
    ConfigMap configMap = Fixtures.mixedMig().toConfigMap();
    Golden.assertMatches("mig-parted-configmap.yaml", ManifestYaml.render(configMap));
    assertThat(configMap.getData()).containsOnlyKeys("config.yaml");
    assertThat(configMap.getMetadata().getNamespace()).isEqualTo("gpu-operator");
  }

  @Test
  void renderedConfigMaps_readBackToTheSameConfigs() {
    assertThat(
            DevicePluginConfigMap.fromConfigMap(Fixtures.mpsL4().toConfigMap()).orThrow().configs())
        .isEqualTo(Fixtures.mpsL4().configs());
    assertThat(MigPartedConfigMap.fromConfigMap(Fixtures.mixedMig().toConfigMap()).orThrow())
        .isEqualTo(Fixtures.mixedMig());
  }
}
