package io.gpuspec.tfjob;

import static org.assertj.core.api.Assertions.assertThat;

import io.gpuspec.core.TestGpuspec;
import io.gpuspec.core.manifest.ReadResult;
import io.gpuspec.core.report.Report;
import io.gpuspec.tfjob.model.TFJob;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** Hand-written TFJob YAML read by core's reader and checked by every rule. */
class HandWrittenYamlTest {

  private static Report lint(String file) {
    ReadResult read = TestGpuspec.read(Path.of("src/test/resources/yaml", file));
    assertThat(read.problems()).isEmpty();
    assertThat(read.manifests().objects()).singleElement().isInstanceOf(TFJob.class);
    return TestGpuspec.GPUSPEC.engine().check(read.manifests());
  }

  @Test
  void chiefOnH100AndWorkersOnA100_isReportedWithJobNameAndBothModels() {
    Report report = lint("mixed-models.yaml");

    assertThat(report.byRule("GPU004"))
        .singleElement()
        .satisfies(
            v -> {
              assertThat(v.object().name()).isEqualTo("mnist-mixed");
              assertThat(v.message()).contains("Chief pinned to").contains("H100").contains("A100");
            });
  }

  @Test
  void containerNotNamedTensorflow_isReportedWithTheFix() {
    Report report = lint("wrong-container-name.yaml");

    assertThat(report.byRule("TFJ003"))
        .singleElement()
        .satisfies(
            v -> {
              assertThat(v.object().name()).isEqualTo("mnist-renamed");
              assertThat(v.fix()).isEqualTo("rename the container \"trainer\" to \"tensorflow\"");
            });
  }
}
