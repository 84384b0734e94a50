package io.gpuspec.core.manifest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import io.gpuspec.core.TestGpuspec;
import io.gpuspec.core.report.Violation;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.lang.management.ThreadMXBean;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every hostile input gives its expected finding, well-formed (one line, with file and line, no
 * exception text), within 1 s and without printing anything, in a JVM whose heap is limited to 256
 * MiB. It runs in a surefire execution of its own with {@code -Xmx256m} (see {@code core/pom.xml},
 * execution {@code hostile-inputs}), not with the other tests. A summary (inputs handled, slowest,
 * largest heap) is printed and written to {@code target/hostile-inputs.tsv}.
 */
class HostileInputsCheck {

  private static final long HEAP_LIMIT = 256L * 1024 * 1024;

  /**
   * Processor time of the reading thread per input. Wall-clock time is recorded too, but on a
   * shared build machine it mostly measures the other processes; it is bounded by {@link #HANG}.
   */
  private static final Duration TIME_LIMIT = Duration.ofSeconds(1);

  private static final Duration HANG = Duration.ofSeconds(30);
  private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

  @TempDir static Path generated;

  private record Measured(String name, long millis, long cpuMillis, long heapBytes, int findings) {}

  private static final List<Measured> MEASURED = Collections.synchronizedList(new ArrayList<>());
  private static final List<String> OMITTED = Collections.synchronizedList(new ArrayList<>());

  @BeforeAll
  static void aSmallHeapAndAWarmReader() throws Exception {
    assertThat(Runtime.getRuntime().maxMemory())
        .as("this check runs with -Xmx256m (surefire execution hostile-inputs)")
        .isLessThanOrEqualTo(HEAP_LIMIT);
    // load the model classes of the common kinds once, so that no input pays for class loading
    TestGpuspec.read(UpstreamValidTest.directory());
    TestGpuspec.read(HostileCorpus.committedDirectory());
  }

  @TestFactory
  Stream<DynamicTest> committedInputs() throws IOException {
    return HostileCorpus.committed().stream()
        .map(c -> DynamicTest.dynamicTest(c.name(), () -> check(c)));
  }

  @TestFactory
  Stream<DynamicTest> generatedInputs() throws IOException {
    return HostileCorpus.generate(generated, OMITTED).stream()
        .map(c -> DynamicTest.dynamicTest(c.name(), () -> check(c)));
  }

  @Test
  void everyCommittedFileHasAnExpectationAndThereAreAtLeast100() throws IOException {
    Set<String> files;
    try (Stream<Path> list = Files.list(HostileCorpus.committedDirectory())) {
      files =
          list.map(p -> p.getFileName().toString())
              .filter(n -> !n.equals("expected.tsv"))
              .collect(Collectors.toCollection(TreeSet::new));
    }
    Set<String> expected =
        HostileCorpus.committed().stream()
            .map(HostileCorpus.Case::name)
            .collect(Collectors.toCollection(TreeSet::new));
    assertThat(files).isEqualTo(expected);
    assertThat(files).hasSizeGreaterThanOrEqualTo(100);
  }

  private static void check(HostileCorpus.Case input) {
    List<MemoryPoolMXBean> heap =
        ManagementFactory.getMemoryPoolMXBeans().stream()
            .filter(p -> p.getType() == MemoryType.HEAP)
            .toList();
    System.gc();
    heap.forEach(MemoryPoolMXBean::resetPeakUsage);
    ByteArrayOutputStream printed = new ByteArrayOutputStream();
    PrintStream err = System.err;
    PrintStream out = System.out;
    ReadResult read;
    long[] cpuNanos = new long[1];
    long start = System.nanoTime();
    try {
      System.setErr(new PrintStream(printed, true, StandardCharsets.UTF_8));
      System.setOut(new PrintStream(printed, true, StandardCharsets.UTF_8));
      // a hang fails this input instead of the build
      read =
          assertTimeoutPreemptively(
              HANG,
              () -> {
                long cpuStart = THREADS.getCurrentThreadCpuTime();
                ReadResult result = TestGpuspec.read(input.path());
                cpuNanos[0] = THREADS.getCurrentThreadCpuTime() - cpuStart;
                return result;
              });
    } finally {
      System.setErr(err);
      System.setOut(out);
    }
    long millis = (System.nanoTime() - start) / 1_000_000;
    long cpuMillis = cpuNanos[0] / 1_000_000;
    long heapBytes = heap.stream().mapToLong(p -> p.getPeakUsage().getUsed()).sum();
    MEASURED.add(new Measured(input.name(), millis, cpuMillis, heapBytes, read.problems().size()));

    List<Violation> problems = read.problems();
    if (input.ruleId().equals("-")) {
      assertThat(problems).as("findings for %s", input.name()).isEmpty();
    } else {
      assertThat(problems)
          .as("findings for %s", input.name())
          .anySatisfy(
              p -> {
                assertThat(p.ruleId()).isEqualTo(input.ruleId());
                assertThat(p.message()).contains(input.messagePart());
              });
    }
    for (Violation p : problems) {
      String line = p.toString();
      assertThat(line).as("one line").doesNotContain("\n").doesNotContain("\r");
      assertThat(line)
          .as("no exception text in %s", line)
          .doesNotContain("Exception")
          .doesNotContain("\tat ")
          .doesNotContain("internal error");
      assertThat(p.source()).as("file and line of %s", line).isPresent();
      assertThat(p.source().get().line()).isPositive();
      assertThat(p.fix()).isNotBlank();
      assertThat(line.length()).as("a readable length").isLessThan(2_000);
    }
    assertThat(printed.toString(StandardCharsets.UTF_8)).as("printed while reading").isEmpty();
    assertThat(Duration.ofMillis(cpuMillis))
        .as("processor time to read %s", input.name())
        .isLessThan(TIME_LIMIT);
  }

  @AfterAll
  static void report() throws IOException {
    HostileCorpus.unlock(generated);
    if (MEASURED.isEmpty()) {
      return;
    }
    List<Measured> all = new ArrayList<>(MEASURED);
    Measured slowest = Collections.max(all, Comparator.comparingLong(Measured::cpuMillis));
    Measured slowestWall = Collections.max(all, Comparator.comparingLong(Measured::millis));
    Measured largest = Collections.max(all, Comparator.comparingLong(Measured::heapBytes));
    String summary =
        String.format(
            Locale.ROOT,
            "hostile inputs: %d read; slowest %d ms processor time (%s), %d ms wall clock (%s);"
                + " largest heap %d MiB (%s) of %d MiB",
            all.size(),
            slowest.cpuMillis(),
            slowest.name(),
            slowestWall.millis(),
            slowestWall.name(),
            largest.heapBytes() >> 20,
            largest.name(),
            Runtime.getRuntime().maxMemory() >> 20);
    if (!OMITTED.isEmpty()) {
      summary += "; left out here: " + String.join(", ", OMITTED);
    }
    System.out.println(summary);
    Path target = Path.of("target");
    if (Files.isDirectory(target)) {
      StringBuilder tsv =
          new StringBuilder("# " + summary + "\ninput\twall ms\tcpu ms\theap MiB\tfindings\n");
      all.stream()
          .sorted(Comparator.comparing(Measured::name))
          .forEach(
              m ->
                  tsv.append(m.name())
                      .append('\t')
                      .append(m.millis())
                      .append('\t')
                      .append(m.cpuMillis())
                      .append('\t')
                      .append(m.heapBytes() >> 20)
                      .append('\t')
                      .append(m.findings())
                      .append('\n'));
      Files.writeString(target.resolve("hostile-inputs.tsv"), tsv);
    }
  }
}
