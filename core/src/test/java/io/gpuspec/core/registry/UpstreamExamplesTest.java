package io.gpuspec.core.registry;

import static org.assertj.core.api.Assertions.assertThat;

import io.gpuspec.core.TestGpuspec;
import io.gpuspec.core.check.CheckOptions;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.report.Violation;
import io.gpuspec.core.report.format.ReportFormat;
import io.gpuspec.core.spi.Workload;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Upstream examples of the kinds the registry describes (see {@code registry/upstream/SOURCES.md})
 * lint without errors, without "kind not known", and show their pod templates to the rules.
 */
class UpstreamExamplesTest {

  private static final Path UPSTREAM = Path.of("src/test/resources/registry/upstream");

  /**
   * Each example file is an input set of its own: samples of one project reuse names (two RayJob
   * samples are both {@code rayjob-sample}), which is an error (K8S012) only within one set.
   */
  @ParameterizedTest
  @ValueSource(strings = {"jobset", "lws", "kuberay"})
  void upstreamExamples_lintWithoutErrors(String project) throws IOException {
    List<Violation> violations = new ArrayList<>();
    try (Stream<Path> files = Files.list(UPSTREAM.resolve(project))) {
      for (Path file : files.filter(f -> f.toString().endsWith(".yaml")).sorted().toList()) {
        violations.addAll(
            TestGpuspec.GPUSPEC.lint(List.of(file), CheckOptions.defaults()).violations());
      }
    }
    assertThat(violations)
        .as(
            "%s findings:%n%s",
            project, String.join("\n", violations.stream().map(ReportFormat::line).toList()))
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
