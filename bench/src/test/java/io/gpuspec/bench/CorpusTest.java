package io.gpuspec.bench;

import static org.assertj.core.api.Assertions.assertThat;

import io.gpuspec.core.Fleet;
import io.gpuspec.core.check.CheckOptions;
import io.gpuspec.core.check.Gpuspec;
import io.gpuspec.core.fleet.FleetRead;
import io.gpuspec.core.fleet.FleetReport;
import io.gpuspec.core.manifest.ReadResult;
import io.gpuspec.core.report.Report;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The benchmarks' input, small: what JMH measures at full size is read cleanly and checked. */
class CorpusTest {

  private static final Gpuspec GPUSPEC = Gpuspec.load();

  @Test
  void nodes_readAsKubectlOutput_formRealisticNodeGroups(@TempDir Path dir) {
    FleetRead read = GPUSPEC.readFleet(Corpus.writeNodes(dir, 1200));
    assertThat(read.problems()).isEmpty();
    Fleet fleet = read.fleet().orElseThrow();
    assertThat(fleet.groups()).hasSizeBetween(10, 50);
    assertThat(fleet.groups().stream().mapToInt(g -> g.nodeCount()).sum()).isEqualTo(1200);
  }

  @Test
  void workloads_readCleanly_andMostScheduleOnTheFleet(@TempDir Path dir) {
    Fleet fleet = GPUSPEC.readFleet(Corpus.writeNodes(dir.resolve("n"), 600)).fleet().orElseThrow();
    ReadResult read = GPUSPEC.read(Corpus.writeWorkloads(dir.resolve("w"), 1000));
    assertThat(read.problems()).isEmpty();
    assertThat(read.manifests().size()).isEqualTo(1000);
    FleetReport report = GPUSPEC.checkFleet(fleet, read.manifests());
    assertThat(report.placements().size()).isGreaterThan(1000);
    long never = report.violations().size();
    assertThat(never).isPositive().isLessThan(report.placements().size() / 10);
  }

  @Test
  void lintSet_hasExactlyTheDocumentsAsked_spreadOverFiles(@TempDir Path dir) throws Exception {
    List<Path> files = Corpus.writeLintSet(dir, 300);
    assertThat(files.size()).isGreaterThan(100);
    Report report = GPUSPEC.lint(List.of(dir), CheckOptions.defaults());
    assertThat(report.objectsChecked()).isEqualTo(300);
    assertThat(report.violations()).noneMatch(v -> v.ruleId().startsWith("YAML"));
  }

  @Test
  void corpus_isDeterministic(@TempDir Path dir) throws Exception {
    Path a = Corpus.writeWorkloads(dir.resolve("a"), 300).get(0);
    Path b = Corpus.writeWorkloads(dir.resolve("b"), 300).get(0);
    assertThat(Files.readString(a)).isEqualTo(Files.readString(b));
  }
}
