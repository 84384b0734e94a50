package io.gpuspec.sharing.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.gpuspec.core.TestGpuspec;
import io.gpuspec.core.check.CheckOptions;
import io.gpuspec.core.manifest.DocumentRecognizer;
import io.gpuspec.core.manifest.ManifestWriter;
import io.gpuspec.core.manifest.ReadResult;
import io.gpuspec.core.report.Violation;
import io.gpuspec.sharing.internal.support.EmbeddedConfig;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Standalone device-plugin and mig-parted files become synthetic ConfigMaps the rules check. */
class ConfigDocumentsTest {

  private static final String PLUGIN =
      """
      version: v1
      sharing:
        timeSlicing:
          resources:
          - name: nvidia.com/gpu
            replicas: 4
      """;

  private static final String MIG =
      """
      version: v1
      mig-configs:
        all-3g.40gb:
        - devices: all
          mig-enabled: true
          mig-devices: {"3g.40gb": 2}
      """;

  @Test
  void aPluginConfigFile_readsAsAConfigMapHoldingItsTextUnderTheFileName() {
    ReadResult read = TestGpuspec.read(PLUGIN, "configs/T4 Sharing.yaml");

    assertThat(read.problems()).isEmpty();
    ConfigMap map = read.manifests().ofType(ConfigMap.class).get(0);
    assertThat(map.getMetadata().getName()).isEqualTo("t4-sharing-yaml");
    assertThat(map.getData()).containsOnlyKeys("config.yaml").containsValue(PLUGIN);
    assertThat(map.getMetadata().getAnnotations())
        .containsEntry(DocumentRecognizer.SYNTHETIC_ANNOTATION, "T4 Sharing.yaml");
    assertThat(EmbeddedConfig.in(read.manifests()))
        .extracting(EmbeddedConfig::type)
        .containsExactly(EmbeddedConfig.Type.DEVICE_PLUGIN);
  }

  @Test
  void aMigPartedFileAndASecondDocument_areBothClaimed() {
    ReadResult read = TestGpuspec.read(MIG + "---\n" + PLUGIN, "mig.yaml");

    assertThat(read.problems()).isEmpty();
    assertThat(read.manifests().ofType(ConfigMap.class))
        .extracting(m -> m.getMetadata().getName())
        .containsExactlyInAnyOrder("mig-yaml", "mig-yaml-1");
    assertThat(EmbeddedConfig.in(read.manifests()))
        .extracting(EmbeddedConfig::type, EmbeddedConfig::key)
        .containsExactlyInAnyOrder(
            org.assertj.core.groups.Tuple.tuple(EmbeddedConfig.Type.MIG_PARTED, "mig.yaml"),
            org.assertj.core.groups.Tuple.tuple(EmbeddedConfig.Type.DEVICE_PLUGIN, "mig.yaml"));
  }

  @Test
  void aMappingThatIsNoSharingConfig_isStillYaml006() {
    ReadResult read = TestGpuspec.read("version: v1\nlogging: {level: info}\n", "app.yaml");

    assertThat(read.problems()).extracting(Violation::ruleId).containsExactly("YAML006");
  }

  @Test
  void findingsOnAFile_nameTheFileAndTheInnerPath() {
    ReadResult read = TestGpuspec.read(PLUGIN.replace("replicas: 4", "replicas: 1"), "t4.yaml");

    List<Violation> violations =
        TestGpuspec.GPUSPEC.engine().lint(read, CheckOptions.defaults()).violations();
    assertThat(violations)
        .singleElement()
        .satisfies(
            v -> {
              assertThat(v.ruleId()).isEqualTo("SHR002");
              assertThat(v.path()).isEqualTo("data[t4.yaml]");
              assertThat(v.message())
                  .startsWith("sharing.timeSlicing.resources[0].replicas: 1 replica(s)");
              assertThat(v.source())
                  .hasValueSatisfying(s -> assertThat(s.file()).hasToString("t4.yaml"));
            });
  }

  @Test
  void names_areDns1123LabelsOfTheFileName() {
    assertThat(ConfigDocuments.name("time-slicing.yaml", 0)).isEqualTo("time-slicing-yaml");
    assertThat(ConfigDocuments.name("___.yaml", 2)).isEqualTo("yaml-2");
    assertThat(ConfigDocuments.name("...", 0)).isEqualTo("config");
    assertThat(ConfigDocuments.name("x".repeat(80) + ".yaml", 12)).hasSize(63).endsWith("-12");
  }

  @Test
  void writers_neverWriteTheSyntheticConfigMaps(@TempDir Path dir) throws Exception {
    ReadResult read = TestGpuspec.read(MIG, "mig.yaml");

    Path file = ManifestWriter.writeFile(read.manifests(), dir.resolve("out.yaml"));

    assertThat(Files.readString(file)).doesNotContain("mig-configs");
  }
}
