package io.gpuspec.trainer;

import static org.assertj.core.api.Assertions.assertThat;

import io.gpuspec.core.TestGpuspec;
import io.gpuspec.core.check.CheckOptions;
import io.gpuspec.core.manifest.ReadResult;
import io.gpuspec.core.manifest.YamlRenderer;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.spi.ObjectLookup;
import io.gpuspec.trainer.model.ClusterTrainingRuntime;
import io.gpuspec.trainer.model.TrainJob;
import io.gpuspec.trainer.model.TrainingRuntime;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Kubeflow Trainer v2.3's own TrainJobs and runtimes (see {@code upstream/SOURCES.md}) decode to
 * the typed model and round-trip.
 */
class UpstreamExamplesTest {

  static final Path UPSTREAM = Path.of("src/test/resources/upstream");

  static List<Path> files() throws IOException {
    try (Stream<Path> files = Files.list(UPSTREAM)) {
      return files.filter(f -> f.toString().endsWith(".yaml")).sorted().toList();
    }
  }

  @Test
  void everyUpstreamObject_decodesToTheTypedModelWithoutProblems() throws IOException {
    ReadResult read = TestGpuspec.read(files());

    assertThat(read.problems()).isEmpty();
    assertThat(read.manifests().objects())
        .hasSizeGreaterThanOrEqualTo(files().size())
        .allSatisfy(
            o ->
                assertThat(o)
                    .isInstanceOfAny(
                        TrainJob.class, TrainingRuntime.class, ClusterTrainingRuntime.class));
  }

  @Test
  void upstreamExamples_lintWithoutErrors_togetherAndFileByFile() throws IOException {
    assertThat(TestGpuspec.GPUSPEC.lint(files(), CheckOptions.defaults()).violations())
        .filteredOn(v -> v.severity() == Severity.ERROR)
        .isEmpty();
    for (Path file : files()) {
      assertThat(TestGpuspec.GPUSPEC.lint(List.of(file), CheckOptions.defaults()).violations())
          .as(file.toString())
          .filteredOn(v -> v.severity() == Severity.ERROR)
          .isEmpty();
    }
  }

  @Test
  void upstreamTrainJobs_onTheirRuntimes_showTheMergedTemplates() throws IOException {
    ReadResult read = TestGpuspec.read(files());
    ObjectLookup set = ObjectLookup.of(read.manifests());

    assertThat(read.manifests().ofType(TrainJob.class))
        .filteredOn(job -> job.getMetadata().getName().equals("volcano-example"))
        .singleElement()
        .satisfies(
            job ->
                assertThat(TestGpuspec.GPUSPEC.engine().workload(job, set))
                    .hasValueSatisfying(
                        w ->
                            assertThat(w.templates())
                                .singleElement()
                                .satisfies(t -> assertThat(t.replicas()).isEqualTo(4))));
  }

  @Test
  void everyUpstreamObject_roundTrips() throws IOException {
    ReadResult read = TestGpuspec.read(files());

    ReadResult again = TestGpuspec.read(YamlRenderer.render(read.manifests()), "again.yaml");

    assertThat(again.problems()).isEmpty();
    assertThat(again.manifests()).isEqualTo(read.manifests());
  }
}
