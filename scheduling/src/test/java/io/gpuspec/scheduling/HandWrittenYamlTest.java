package io.gpuspec.scheduling;

import static org.assertj.core.api.Assertions.assertThat;

import io.gpuspec.core.TestGpuspec;
import io.gpuspec.core.check.CheckOptions;
import io.gpuspec.core.manifest.ReadResult;
import io.gpuspec.core.report.Report;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.report.Violation;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * YAML written by hand, linted with every rule: a broken platform is reported with object names and
 * fixes, and Volcano's and Kueue's own example shapes (written after their documented examples)
 * read without problems and give no errors.
 */
class HandWrittenYamlTest {

  private static final Path BROKEN = Path.of("src/test/resources/acceptance/broken-platform.yaml");
  private static final Path UPSTREAM = Path.of("src/test/resources/upstream");

  static Stream<Path> upstreamExamples() throws IOException {
    try (Stream<Path> files = Files.list(UPSTREAM)) {
      return files.filter(f -> f.toString().endsWith(".yaml")).sorted().toList().stream();
    }
  }

  @Test
  void brokenPlatform_reportsEachMistakeWithTheObjectAndTheFix() {
    Report report = TestGpuspec.GPUSPEC.lint(List.of(BROKEN), CheckOptions.defaults());

    assertThat(report.errors())
        .extracting(Violation::ruleId)
        .containsExactlyInAnyOrder("K8S006", "SCH013", "SCH008", "SCH009");
    assertThat(finding(report, "K8S006"))
        .satisfies(
            v -> {
              assertThat(v.object().name()).isEqualTo("training-normal");
              assertThat(v.message()).contains("experiment-low");
              assertThat(v.fix()).contains("globalDefault: false");
            });
    assertThat(finding(report, "SCH013"))
        .satisfies(
            v -> {
              assertThat(v.object().name()).isEqualTo("team-vision");
              assertThat(v.path())
                  .isEqualTo("spec.resourceGroups[0].flavors[0].resources[0].borrowingLimit");
              assertThat(v.message()).contains("no cohortName");
              assertThat(v.fix()).contains("spec.cohortName");
            });
    assertThat(finding(report, "SCH008"))
        .satisfies(
            v -> {
              assertThat(v.object().name()).isEqualTo("resnet50");
              assertThat(v.object().kind()).isEqualTo("PodGroup");
              assertThat(v.message()).contains("minMember 6", "only 4 pods", "Job \"resnet50\" 4");
              assertThat(v.fix()).contains("at most 4");
            });
    assertThat(finding(report, "SCH009"))
        .satisfies(
            v -> {
              assertThat(v.object().name()).isEqualTo("bert-sweep");
              assertThat(v.message()).contains("minAvailable 5", "3 replicas");
              assertThat(v.fix()).contains("at most 3");
            });
  }

  @ParameterizedTest
  @MethodSource("upstreamExamples")
  void upstreamExample_readsWithoutProblemsAndHasNoErrors(Path file) {
    ReadResult read = TestGpuspec.read(file);
    Report report = TestGpuspec.GPUSPEC.engine().lint(read, CheckOptions.defaults());

    assertThat(read.problems()).as("reader problems").isEmpty();
    assertThat(report.errors()).as(report.summary()).isEmpty();
    assertThat(report.violations())
        .filteredOn(v -> v.ruleId().startsWith("SCH"))
        .as("scheduling findings")
        .isEmpty();
  }

  private static Violation finding(Report report, String ruleId) {
    List<Violation> matching =
        report.violations().stream()
            .filter(v -> v.ruleId().equals(ruleId) && v.severity() == Severity.ERROR)
            .toList();
    assertThat(matching).as(ruleId).hasSize(1);
    return matching.get(0);
  }
}
