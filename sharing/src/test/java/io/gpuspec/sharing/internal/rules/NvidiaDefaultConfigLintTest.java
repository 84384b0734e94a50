package io.gpuspec.sharing.internal.rules;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.gpuspec.core.TestGpuspec;
import io.gpuspec.core.check.CheckOptions;
import io.gpuspec.core.manifest.YamlRenderer;
import io.gpuspec.core.report.Violation;
import io.gpuspec.sharing.MigCatalogue;
import io.gpuspec.sharing.MigDeviceGroup;
import io.gpuspec.sharing.MigLayout;
import io.gpuspec.sharing.MigPartedConfig;
import io.gpuspec.sharing.TestResources;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * NVIDIA's own default mig-parted config (shipped with the GPU Operator, kept as test data) is
 * valid: the MIG rules find nothing in it, and every profile it names is either offered by a
 * catalogued geometry or known to belong to a GPU the catalogue has no geometry for.
 */
class NvidiaDefaultConfigLintTest {

  @Test
  void nvidiasDefaultConfig_passesEveryRule() {
    String yaml =
        YamlRenderer.render(
            new ConfigMapBuilder()
                .withNewMetadata()
                .withName("default-mig-parted-config")
                .withNamespace("gpu-operator")
                .endMetadata()
                .addToData("config.yaml", TestResources.nvidiaDefaultMigPartedConfig())
                .build());

    List<Violation> found =
        TestGpuspec.GPUSPEC
            .engine()
            .lint(TestGpuspec.read(yaml, "default-mig-parted-config.yaml"), CheckOptions.defaults())
            .violations();

    assertThat(found).isEmpty();
  }

  @Test
  void everyProfileOfNvidiasConfig_isCataloguedOrKnownForAnotherGpu() {
    MigCatalogue catalogue = MigCatalogue.defaults();
    MigPartedConfig config =
        MigPartedConfig.parse(TestResources.nvidiaDefaultMigPartedConfig()).orThrow();
    Set<String> unaccounted = new TreeSet<>();
    for (MigLayout layout : config.migConfigs().values()) {
      for (MigDeviceGroup group : layout.groups()) {
        for (String profile : group.requested().keySet()) {
          boolean offered =
              catalogue.geometries().stream().anyMatch(g -> g.profile(profile).isPresent());
          if (!offered && !catalogue.onUncataloguedGpus(profile)) {
            unaccounted.add(profile);
          }
        }
      }
    }

    assertThat(unaccounted).isEmpty();
    assertThat(catalogue.onUncataloguedGpus("1g.11gb")).isFalse();
  }
}
