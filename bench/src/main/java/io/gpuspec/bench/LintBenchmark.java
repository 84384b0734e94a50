package io.gpuspec.bench;

import io.gpuspec.core.check.CheckOptions;
import io.gpuspec.core.check.Gpuspec;
import io.gpuspec.core.report.Report;
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
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Warm lint throughput on one thread, in documents per second: {@link #DOCUMENTS} documents of
 * {@link Corpus#writeLintSet} read from their files and checked with every rule of every module, as
 * {@code gpuspec lint DIR} does.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 5, time = 2)
@Measurement(iterations = 5, time = 2)
@Threads(1)
@Fork(1)
public class LintBenchmark {

  /** Documents per invocation; the score is documents per second. */
  public static final int DOCUMENTS = 2000;

  private Gpuspec gpuspec;
  private Path directory;

  @Setup(Level.Trial)
  public void setUp() throws IOException {
    gpuspec = Gpuspec.load();
    directory = Files.createTempDirectory("gpuspec-bench-lint");
    Corpus.writeLintSet(directory, DOCUMENTS);
    Report report = lint();
    if (report.objectsChecked() != DOCUMENTS) {
      throw new IllegalStateException(
          "corpus: " + report.objectsChecked() + " objects checked, expected " + DOCUMENTS);
    }
  }

  @TearDown(Level.Trial)
  public void tearDown() throws IOException {
    Corpus.deleteRecursively(directory);
  }

  /** Reads and lints the whole set. */
  @Benchmark
  @OperationsPerInvocation(DOCUMENTS)
  public Report lint() {
    return gpuspec.lint(List.of(directory), CheckOptions.defaults());
  }
}
