package io.gpuspec.cel;

import static org.assertj.core.api.Assertions.assertThat;

import io.gpuspec.core.check.CheckOptions;
import io.gpuspec.core.check.Gpuspec;
import io.gpuspec.core.report.Report;
import io.gpuspec.core.report.Violation;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

class DraSelectorTest {

  private static final Gpuspec GPUSPEC = Gpuspec.load();

  private static Report lint(Path file) {
    return GPUSPEC.lint(List.of(file), CheckOptions.defaults());
  }

  @Test
  void selectorWithSyntaxError_isAnErrorNamingTheField_unpublishedAttributeAWarning()
      throws Exception {
    Report report = lint(Path.of(getClass().getResource("/dra/selectors.yaml").toURI()));
    List<Violation> errors = report.byRule("DRA001");
    assertThat(errors).hasSize(1);
    assertThat(errors.get(0).path())
        .isEqualTo("spec.spec.devices.requests[0].exactly.selectors[0].cel.expression");
    List<Violation> warnings = report.byRule("DRA002");
    assertThat(warnings).hasSize(1);
    assertThat(warnings.get(0).message()).contains("profileName").contains("profile,");
  }

  @Test
  void nvidiasDraExamples_compile() throws Exception {
    Path dir = Path.of(getClass().getResource("/upstream/nvidia-dra").toURI());
    List<Path> files;
    try (Stream<Path> list = Files.list(dir)) {
      files = list.sorted().toList();
    }
    assertThat(files).hasSize(3);
    for (Path file : files) {
      Report report = lint(file);
      assertThat(report.byRule("DRA001")).as(file.toString()).isEmpty();
      assertThat(report.byRule("DRA002")).as(file.toString()).isEmpty();
      assertThat(GPUSPEC.read(List.of(file)).manifests().objects())
          .anyMatch(o -> o.getKind().startsWith("ResourceClaim"));
    }
  }
}
