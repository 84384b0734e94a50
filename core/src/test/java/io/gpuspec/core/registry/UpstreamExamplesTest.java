package io.gpuspec.core.registry;

import static org.assertj.core.api.Assertions.assertThat;

import io.gpuspec.core.TestGpuspec;
import io.gpuspec.core.check.CheckOptions;
import io.gpuspec.core.report.Report;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.report.format.ReportFormat;
import io.gpuspec.core.spi.Workload;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Upstream examples of the kinds the registry describes (see {@code registry/upstream/SOURCES.md})
 * lint without errors, without "kind not known", and show their pod templates to the rules.
 */
class UpstreamExamplesTest {

  private static final Path UPSTREAM = Path.of("src/test/resources/registry/upstream");

  @ParameterizedTest
  @ValueSource(strings = {"jobset", "lws", "kuberay"})
  void upstreamExamples_lintWithoutErrors(String project) {
    Report report =
        TestGpuspec.GPUSPEC.lint(List.of(UPSTREAM.resolve(project)), CheckOptions.defaults());
    assertThat(report.violations())
        .as(
            "%s findings:%n%s",
            project,
            String.join("\n", report.violations().stream().map(ReportFormat::line).toList()))
        .noneMatch(v -> v.severity() == Severity.ERROR)
        .noneMatch(v -> v.ruleId().equals("YAML004"));
  }

  @ParameterizedTest
  @ValueSource(strings = {"jobset", "lws", "kuberay"})
  void everyUpstreamWorkload_showsItsTemplates(String project) {
    var read = TestGpuspec.read(UPSTREAM.resolve(project));
    List<Workload> workloads =
        read.manifests().objects().stream()
            .filter(
                o ->
                    TestGpuspec.GPUSPEC
                        .engine()
                        .templates()
                        .entry(o.getApiVersion(), o.getKind())
                        .isPresent())
            .map(o -> TestGpuspec.workload(o).orElseThrow())
            .toList();
    assertThat(workloads).isNotEmpty();
    workloads.forEach(
        w ->
            assertThat(w.templates())
                .as("%s", w.object().getMetadata().getName())
                .isNotEmpty()
                .allMatch(t -> !t.spec().getContainers().isEmpty()));
  }
}
