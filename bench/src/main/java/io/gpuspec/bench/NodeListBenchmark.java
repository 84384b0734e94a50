package io.gpuspec.bench;

import io.gpuspec.core.check.Gpuspec;
import io.gpuspec.core.fleet.FleetRead;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.AuxCounters;
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
 * Reading and grouping a node list as {@code kubectl get nodes -o yaml} prints it, in one file of
 * {@code nodes} nodes ({@link Corpus#writeNodeList}): {@code Gpuspec.readFleet}, which reads node
 * lists streaming. The score is reads per second; the {@code megabytes} counter is the same rate in
 * MB (10^6 bytes) of YAML per second.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 5)
@Measurement(iterations = 5, time = 5)
@Fork(1)
public class NodeListBenchmark {

  @Param({"5000", "130000"})
  public int nodes;

  private Gpuspec gpuspec;
  private Path directory;
  private Path file;
  private double megabytes;

  /** The bytes read, per second when JMH reports it. */
  @State(Scope.Thread)
  @AuxCounters(AuxCounters.Type.OPERATIONS)
  public static class Bytes {
    public double megabytes;
  }

  @Setup(Level.Trial)
  public void setUp() throws IOException {
    gpuspec = Gpuspec.load();
    directory = Files.createTempDirectory("gpuspec-bench-nodelist");
    file = Corpus.writeNodeList(directory.resolve("nodes.yaml"), nodes);
    megabytes = Files.size(file) / 1e6;
    FleetRead read = read();
    int count =
        read
            .fleet()
            .orElseThrow(() -> new IllegalStateException("not read: " + read.problems()))
            .groups()
            .stream()
            .mapToInt(g -> g.nodeCount())
            .sum();
    if (count != nodes) {
      throw new IllegalStateException(count + " nodes read, expected " + nodes);
    }
    System.out.printf("%n%d nodes, %.1f MB in one file%n", nodes, megabytes);
  }

  @TearDown(Level.Trial)
  public void tearDown() throws IOException {
    Corpus.deleteRecursively(directory);
  }

  private FleetRead read() {
    return gpuspec.readFleet(List.of(file));
  }

  /** Reads and groups the node list. */
  @Benchmark
  public FleetRead readNodeList(Bytes bytes) {
    bytes.megabytes += megabytes;
    return read();
  }
}
