package io.gpuspec.core.fleet;

import static org.assertj.core.api.Assertions.assertThat;

import io.gpuspec.core.TestGpuspec;
import io.gpuspec.core.report.Violation;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The streaming node-list reader gives what the full reader gives: the same groups and the same
 * findings for every test YAML file of this module, and reads node lists of any size.
 */
class NodeListScanTest {

  /** The fleet as read streaming, and as the full reader reads it, as comparable text. */
  static String streamed(List<Path> paths) {
    return text(FleetFiles.read(paths, TestGpuspec.GPUSPEC::read));
  }

  static String full(List<Path> paths) {
    return text(FleetFiles.read(TestGpuspec.GPUSPEC.read(paths), paths));
  }

  static String text(FleetRead read) {
    return read.fleet().map(f -> f.groups().toString()).orElse("no fleet")
        + "\n"
        + read.problems().stream().map(Violation::toString).toList();
  }

  @Test
  void everyTestYamlFile_readsAsTheFullReaderReadsIt() throws IOException {
    List<Path> files;
    try (Stream<Path> walk = Files.walk(Path.of("src/test/resources"))) {
      files = walk.filter(p -> p.toString().endsWith(".yaml")).sorted().toList();
    }
    int scanned = 0;
    List<String> different = new ArrayList<>();
    for (Path file : files) {
      if (NodeListScan.scan(file, true) instanceof NodeListScan.Read) {
        scanned++;
      }
      if (!streamed(List.of(file)).equals(full(List.of(file)))) {
        different.add(file.toString());
      }
    }
    assertThat(different).isEmpty();
    assertThat(files).hasSizeGreaterThan(300);
    assertThat(scanned).isPositive();
  }

  @Test
  void kubectlNodeList_isReadStreaming() throws IOException {
    Path file = Path.of("src/test/resources/fleet/kubectl-nodes.yaml");
    assertThat(NodeListScan.scan(file, true)).isInstanceOf(NodeListScan.Read.class);
    assertThat(streamed(List.of(file))).isEqualTo(full(List.of(file)));
  }

  @Test
  void nodeListAbove8MiB_isReadAndGroupedAsItsPartsAre(@TempDir Path dir) throws IOException {
    List<String> nodes = NodeListText.nodes(7_000, 7);
    Path big = NodeListText.write(dir.resolve("big.yaml"), nodes);
    assertThat(Files.size(big)).isGreaterThan(8L * 1024 * 1024);
    List<Path> parts = new ArrayList<>();
    for (int i = 0; i < 7; i++) {
      parts.add(
          NodeListText.write(
              dir.resolve("part" + i + ".yaml"), nodes.subList(i * 1_000, (i + 1) * 1_000)));
    }
    FleetRead read = FleetFiles.read(List.of(big), TestGpuspec.GPUSPEC::read);
    assertThat(read.problems()).isEmpty();
    assertThat(read.fleet().orElseThrow().groups().stream().mapToInt(g -> g.nodeCount()).sum())
        .isEqualTo(7_000);
    assertThat(text(read)).isEqualTo(full(parts));
  }

  @Test
  void errorInANodeListAbove8MiB_namesFileLineAndField(@TempDir Path dir) throws IOException {
    List<String> nodes = new ArrayList<>(NodeListText.nodes(7_000, 3));
    nodes.set(3_500, nodes.get(3_500).replace("    labels:\n", "    labels:\n      zone: yes\n"));
    Path big = NodeListText.write(dir.resolve("big.yaml"), nodes);
    int line = 0;
    for (String node : nodes.subList(0, 3_500)) {
      line += node.split("\n", -1).length - 1;
    }
    FleetRead read = FleetFiles.read(List.of(big), TestGpuspec.GPUSPEC::read);

    assertThat(read.fleet()).isEmpty();
    assertThat(read.problems()).hasSize(1);
    Violation problem = read.problems().get(0);
    assertThat(problem.ruleId()).isEqualTo("YAML008");
    assertThat(problem.object().kind()).isEqualTo("Node");
    assertThat(problem.path()).isEqualTo("items[3500].metadata.labels[zone]");
    assertThat(problem.source().orElseThrow().file()).isEqualTo(big);
    // the List's header is 2 lines, then the node's first 6 lines up to its labels
    assertThat(problem.source().orElseThrow().line()).isEqualTo(2 + line + 7);
  }
}
