package io.gpuspec.build;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.gpuspec.core.Fixtures;
import io.gpuspec.core.Fleet;
import io.gpuspec.core.check.Gpuspec;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The lint goal's report formats. */
class LintFormatsTest {

  @TempDir Path project;

  private final RecordingLog log = new RecordingLog();

  private Lint.Request request() throws IOException {
    Path k8s = Files.createDirectories(project.resolve("src/main/k8s"));
    Files.writeString(k8s.resolve("good.yaml"), LintTest.GOOD);
    Path fleet = project.resolve("fleet.yaml");
    Files.writeString(fleet, Gpuspec.renderFleet(Fleet.of(Fixtures.A100_TRAIN), "lab"));
    return new Lint.Request(
        List.of(),
        LintFormatsTest.class.getClassLoader(),
        project,
        List.of(k8s),
        LintFiles.DEFAULT_INCLUDES,
        Optional.of(fleet),
        FailurePolicy.DEFAULT,
        project.resolve("reports"),
        List.of(),
        List.of(),
        Optional.empty());
  }

  @Test
  void html_withFleet_writesThePageWithThePoolAndTheWorkloadThatNeverSchedules()
      throws IOException {
    BuildOutcome outcome = Lint.run(request(), List.of("sarif", "html"), log);

    assertThat(outcome.failed()).isTrue();
    assertThat(project.resolve("reports/gpuspec-lint.sarif")).exists();
    assertThat(project.resolve("reports/TEST-gpuspec-lint.xml")).doesNotExist();
    assertThat(project.resolve("reports/gpuspec-lint.html"))
        .content()
        .contains("<figcaption>a100-train</figcaption>")
        .contains("<summary>Deployment/ml/good</summary>")
        .contains("<td>FLEET001</td>");
  }

  @Test
  void noFormats_writeSarifAndJunit() throws IOException {
    Lint.run(request(), log);
    assertThat(project.resolve("reports/gpuspec-lint.sarif")).exists();
    assertThat(project.resolve("reports/TEST-gpuspec-lint.xml")).exists();
    assertThat(project.resolve("reports/gpuspec-lint.html")).doesNotExist();
  }

  @Test
  void unknownFormat_failsNamingTheKnownOnes() throws IOException {
    Lint.Request request = request();
    assertThatThrownBy(() -> Lint.run(request, List.of("pdf"), log))
        .isInstanceOf(BuildException.class)
        .hasMessage("report format pdf: is unknown; use sarif, junit, html");
  }
}
