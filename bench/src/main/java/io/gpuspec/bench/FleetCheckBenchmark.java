package io.gpuspec.bench;

import io.gpuspec.core.Fleet;
import io.gpuspec.core.check.Gpuspec;
import io.gpuspec.core.fleet.FleetRead;
import io.gpuspec.core.fleet.FleetReport;
import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.manifest.ReadResult;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The fleet check, warm: {@code nodes} nodes read from {@code kubectl get nodes -o yaml} output
 * (grouped into node groups) against {@code workloads} workloads from {@link Corpus}, given as
 * {@code size} = {@code NODESxWORKLOADS}: 1×, 2× and 4× of 5,000 × 10,000 to show how the check
 * grows, and 130,000 × 100,000 for the largest clusters. {@link #check} is {@code
 * Gpuspec.checkFleet} alone; {@link #groupNodes} reads and groups the node lists.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 5, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class FleetCheckBenchmark {

  @Param({"5000x10000", "10000x20000", "20000x40000", "130000x100000"})
  public String size = "5000x10000";

  private int nodes;
  private int workloads;

  private Gpuspec gpuspec;
  private Path directory;
  private List<Path> nodeFiles;
  private Fleet fleet;
  private ManifestSet manifests;

  @Setup(Level.Trial)
  public void setUp() throws IOException {
    String[] counts = size.split("x", 2);
    nodes = Integer.parseInt(counts[0]);
    workloads = Integer.parseInt(counts[1]);
    gpuspec = Gpuspec.load();
    directory = Files.createTempDirectory("gpuspec-bench-fleet");
    nodeFiles = Corpus.writeNodes(directory.resolve("nodes"), nodes);
    FleetRead read = gpuspec.readFleet(nodeFiles);
    fleet =
        read.fleet()
            .orElseThrow(() -> new IllegalStateException("fleet not read: " + read.problems()));
    ReadResult objects =
        gpuspec.read(Corpus.writeWorkloads(directory.resolve("workloads"), workloads));
    if (!objects.problems().isEmpty()) {
      throw new IllegalStateException("corpus not read cleanly: " + objects.problems().get(0));
    }
    manifests = objects.manifests();
    System.out.printf(
        "%n%d nodes in %d groups, %d workloads%n", nodes, fleet.groups().size(), manifests.size());
  }

  @TearDown(Level.Trial)
  public void tearDown() throws IOException {
    Corpus.deleteRecursively(directory);
  }

  /** Every pod template of every workload against every node group. */
  @Benchmark
  public FleetReport check() {
    return gpuspec.checkFleet(fleet, manifests);
  }

  /** Reading the node lists and grouping identical nodes. */
  @Benchmark
  public FleetRead groupNodes() {
    return gpuspec.readFleet(nodeFiles);
  }
}
