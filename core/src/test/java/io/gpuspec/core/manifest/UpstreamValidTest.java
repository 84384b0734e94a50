package io.gpuspec.core.manifest;

import static org.assertj.core.api.Assertions.assertThat;

import io.gpuspec.core.TestGpuspec;
import io.gpuspec.core.report.Report;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.report.Violation;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The conformance checker's valid examples (copied from shared/conformance/selftest/valid) read
 * without errors and pass every core rule; kinds the core module has no model for (TFJob, Volcano,
 * Kueue) are kept with a YAML004 warning.
 */
class UpstreamValidTest {

  private static final List<String> CRD_KINDS =
      List.of(
          "TFJob",
          "PodGroup",
          "Queue",
          "Job", // batch.volcano.sh
          "ResourceFlavor",
          "ClusterQueue",
          "LocalQueue",
          "WorkloadPriorityClass",
          "Cohort");

  static Path directory() throws URISyntaxException {
    return Path.of(UpstreamValidTest.class.getResource("/upstream-valid").toURI());
  }

  static Stream<Path> files() throws IOException, URISyntaxException {
    try (Stream<Path> list = Files.list(directory())) {
      return list.filter(p -> p.toString().endsWith(".yaml")).sorted().toList().stream();
    }
  }

  @Test
  void everyExampleIsPresent() throws Exception {
    assertThat(files())
        .extracting(path -> path.getFileName().toString())
        .contains(
            "batch-training-job.yaml",
            "device-plugin-configmap.yaml",
            "gpu-inference-deployment.yaml",
            "k8s-docs-gpu-pods.yaml",
            "kueue.yaml",
            "nvidia-device-plugin.yaml",
            "priorityclasses.yaml",
            "rbac.yaml",
            "resourceclaimtemplate.yaml",
            "resourcequota.yaml",
            "tfjob.yaml",
            "volcano.yaml",
            "yaml-quirks-and-list.yaml");
  }

  @ParameterizedTest
  @MethodSource("files")
  void readsWithoutErrors(Path file) {
    ReadResult read = TestGpuspec.read(file);
    assertThat(read.problems()).filteredOn(p -> p.severity() == Severity.ERROR).isEmpty();
    assertThat(read.problems())
        .allSatisfy(
            p -> {
              assertThat(p.ruleId()).isEqualTo("YAML004");
              assertThat(p.object().kind()).isIn(CRD_KINDS);
              assertThat(p.object().apiVersion()).doesNotStartWith("batch/v1");
            });
    assertThat(read.manifests().isEmpty()).isFalse();
    read.manifests()
        .forEach(
            o ->
                assertThat(read.manifests().sourceOf(o))
                    .hasValueSatisfying(s -> assertThat(s.file()).isEqualTo(file)));
  }

  @ParameterizedTest
  @MethodSource("files")
  void passesEveryRuleWithoutErrors(Path file) {
    ReadResult read = TestGpuspec.read(file);
    Report report = TestGpuspec.GPUSPEC.engine().check(read.manifests());
    assertThat(report.errors()).as(report.summary()).isEmpty();
  }

  @Test
  void theWholeDirectoryAsOneInput() throws Exception {
    ReadResult read = TestGpuspec.read(directory());
    assertThat(read.hasErrors()).isFalse();
    Report report = TestGpuspec.GPUSPEC.engine().check(read.manifests());
    assertThat(report.errors()).extracting(Violation::toString).isEmpty();
  }

  @Test
  void listItemsAndEmptyDocumentsOfTheQuirksFile() throws Exception {
    Path file = directory().resolve("yaml-quirks-and-list.yaml");
    ReadResult read = TestGpuspec.read(file);
    assertThat(read.problems()).isEmpty();
    assertThat(read.manifests().objects())
        .extracting(o -> o.getKind() + "/" + o.getMetadata().getName())
        .containsExactlyInAnyOrder(
            "ConfigMap/flags",
            "StatefulSet/vector-db",
            "DaemonSet/dcgm-exporter",
            "Secret/hf-token");
    // the comment and the first "---" open an empty document 0; the List is document 1
    var flags =
        read.manifests().objects().stream()
            .filter(o -> o.getMetadata().getName().equals("flags"))
            .findFirst()
            .orElseThrow();
    assertThat(read.manifests().sourceOf(flags).orElseThrow().document()).isEqualTo(1);
    assertThat(read.manifests().sourceOf(flags).orElseThrow().line()).isEqualTo(7);
    var dcgm =
        read.manifests().objects().stream()
            .filter(o -> o.getMetadata().getName().equals("dcgm-exporter"))
            .findFirst()
            .orElseThrow();
    assertThat(read.manifests().sourceOf(dcgm).orElseThrow().document()).isEqualTo(2);
    assertThat(read.manifests().sourceOf(dcgm).orElseThrow().line()).isEqualTo(50);
  }

  @Test
  void gpuPlacementRules_stayQuiet() throws Exception {
    ReadResult read = TestGpuspec.read(directory());
    Report report = TestGpuspec.GPUSPEC.engine().check(read.manifests());
    assertThat(report.violations())
        .filteredOn(v -> v.ruleId().matches("GPU00[5-8]"))
        .extracting(Violation::toString)
        .isEmpty();
  }
}
