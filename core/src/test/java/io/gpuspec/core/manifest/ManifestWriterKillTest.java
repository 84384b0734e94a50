package io.gpuspec.core.manifest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The writer's guarantees under attack: writers in other JVMs are killed ({@code destroyForcibly},
 * SIGKILL) at random moments while they replace the target again and again, and writers run side by
 * side. After every kill, and at every instant an observer looked, the target names exactly one
 * complete set; leftovers of killed runs are gone after the next run; of two concurrent writers one
 * writes and the other gets a clear {@link ManifestWriteException}.
 */
@Timeout(180)
class ManifestWriterKillTest {

  private static final int KILLS = 50;
  private static final Map<String, Map<String, String>> SETS =
      Map.of("A", expected("A"), "B", expected("B"));

  @TempDir Path dir;

  private final List<Process> children = new CopyOnWriteArrayList<>();

  @AfterEach
  void killChildren() {
    children.forEach(Process::destroyForcibly);
  }

  private static Map<String, String> expected(String set) {
    Map<String, String> files = new TreeMap<>();
    List<String> names = WriterChild.names(set);
    List<String> texts = WriterChild.texts(set);
    for (int i = 0; i < names.size(); i++) {
      files.put(names.get(i), texts.get(i));
    }
    return Collections.unmodifiableMap(files);
  }

  private Process child(String... args) throws IOException {
    String java =
        ProcessHandle.current()
            .info()
            .command()
            .orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    List<String> command =
        new ArrayList<>(
            List.of(
                java,
                "-Xshare:auto",
                "-XX:TieredStopAtLevel=1",
                "-XX:+UseSerialGC",
                "-Xmx64m",
                "-cp",
                System.getProperty("java.class.path"),
                WriterChild.class.getName()));
    command.addAll(List.of(args));
    Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
    children.add(process);
    return process;
  }

  private static BufferedReader lines(Process process) {
    return new BufferedReader(
        new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
  }

  /** The set the target names now: "A" or "B"; fails if it is absent, partial or mixed. */
  private static String completeSet(Path target) throws IOException {
    Map<String, String> files = new TreeMap<>();
    try (DirectoryStream<Path> list = Files.newDirectoryStream(target)) {
      for (Path file : list) {
        files.put(file.getFileName().toString(), Files.readString(file, StandardCharsets.UTF_8));
      }
    }
    String which = SETS.get("A").equals(files) ? "A" : SETS.get("B").equals(files) ? "B" : null;
    assertThat(which)
        .as(
            "%s holds a complete set A or B, not %d files: %s",
            target, files.size(), files.keySet())
        .isNotNull();
    return which;
  }

  /**
   * Looks at the target as a reader would, until stopped: the path must always resolve to a
   * directory; a reader that resolved the link and read the version it names while that version
   * still existed under its name must have seen a complete set.
   */
  private static final class Observer extends Thread {
    final Path target;
    final AtomicBoolean stop = new AtomicBoolean();
    final AtomicInteger complete = new AtomicInteger();
    final AtomicInteger vanishedWhileReading = new AtomicInteger();
    final List<String> failures = new CopyOnWriteArrayList<>();

    Observer(Path target) {
      this.target = target;
      setDaemon(true);
    }

    @Override
    public void run() {
      while (!stop.get()) {
        if (!Files.isDirectory(target)) {
          failures.add("the target did not resolve to a directory");
          continue;
        }
        Path version;
        try {
          version = target.resolveSibling(Files.readSymbolicLink(target));
        } catch (IOException e) {
          failures.add("the target is not a link: " + e);
          continue;
        }
        try {
          completeSet(version);
          if (Files.isDirectory(version)) {
            complete.incrementAndGet();
          }
        } catch (NoSuchFileException e) {
          vanishedWhileReading.incrementAndGet(); // replaced and removed while we read: retry
        } catch (AssertionError e) {
          if (Files.isDirectory(version)) {
            failures.add(e.getMessage()); // still there under its name, yet incomplete
          } else {
            vanishedWhileReading.incrementAndGet();
          }
        } catch (IOException e) {
          failures.add(e.toString());
        }
      }
    }
  }

  @Test
  void killedAtRandomMomentsTheTargetAlwaysNamesOneCompleteSet() throws Exception {
    Path target = dir.resolve("manifests");
    Path store = dir.resolve(ManifestWriter.storeName("manifests"));
    ManifestWriter.writeRendered(WriterChild.names("A"), WriterChild.texts("A"), target);
    long seed = new Random().nextLong();
    Random random = new Random(seed);
    Observer observer = new Observer(target);
    observer.start();
    Map<String, Integer> seen = new TreeMap<>();
    int leftoversFound = 0;
    try {
      for (int run = 0; run < KILLS; run++) {
        Process writer = child("loop", target.toString());
        assertThat(lines(writer).readLine()).isEqualTo("started");
        Thread.sleep(random.nextInt(250));
        writer.destroyForcibly();
        assertThat(writer.waitFor(30, TimeUnit.SECONDS)).isTrue();
        children.remove(writer);
        seen.merge(completeSet(target), 1, Integer::sum);
        try (Stream<Path> entries = Files.list(store)) {
          if (entries.count() > 2) { // more than the lock and the current version
            leftoversFound++;
          }
        }
      }
    } finally {
      observer.stop.set(true);
      observer.join();
    }
    System.out.printf(
        "writer kill test (seed %d): %d kills, sets after the kills %s, %d kills left leftovers;"
            + " observer: %d complete views, %d views replaced while reading, %d failures%n",
        seed,
        KILLS,
        seen,
        leftoversFound,
        observer.complete.get(),
        observer.vanishedWhileReading.get(),
        observer.failures.size());
    assertThat(observer.failures).isEmpty();
    assertThat(observer.complete.get()).isPositive();
    assertThat(leftoversFound).as("some kills hit a writer in the middle of a write").isPositive();
    // the next run cleans up whatever the killed ones left
    ManifestWriter.writeRendered(WriterChild.names("B"), WriterChild.texts("B"), target);
    assertThat(completeSet(target)).isEqualTo("B");
    try (Stream<Path> entries = Files.list(store)) {
      assertThat(entries.map(p -> p.getFileName().toString()).sorted())
          .containsExactly("lock", Files.readSymbolicLink(target).getFileName().toString());
    }
  }

  @Test
  void aWriterInAnotherProcessHoldingTheLockMakesThisOneFailClearly() throws Exception {
    Path target = dir.resolve("manifests");
    ManifestWriter.writeRendered(WriterChild.names("A"), WriterChild.texts("A"), target);
    Process holder = child("hold", target.toString());
    assertThat(lines(holder).readLine()).isEqualTo("locked");
    assertThatThrownBy(
            () ->
                ManifestWriter.writeRendered(
                    WriterChild.names("B"), WriterChild.texts("B"), target))
        .isInstanceOf(ManifestWriteException.class)
        .hasMessage(
            target
                + ": another gpuspec run is writing it (it holds the lock "
                + dir.resolve(".manifests.gpuspec/lock")
                + "); wait for that run to finish, then run again");
    assertThat(completeSet(target)).isEqualTo("A");
    holder.getOutputStream().close(); // the holder exits; the system releases its lock
    assertThat(holder.waitFor(30, TimeUnit.SECONDS)).isTrue();
    ManifestWriter.writeRendered(WriterChild.names("B"), WriterChild.texts("B"), target);
    assertThat(completeSet(target)).isEqualTo("B");
  }

  @Test
  void twoWritersInTwoProcessesAtOnceEachWriteEitherWinsOrFailsClearly() throws Exception {
    Path target = dir.resolve("manifests");
    ManifestWriter.writeRendered(WriterChild.names("A"), WriterChild.texts("A"), target);
    Process a = child("burst", target.toString(), "A", "25");
    Process b = child("burst", target.toString(), "B", "25");
    BufferedReader fromA = lines(a);
    BufferedReader fromB = lines(b);
    assertThat(fromA.readLine()).isEqualTo("ready");
    assertThat(fromB.readLine()).isEqualTo("ready");
    Observer observer = new Observer(target);
    observer.start();
    a.getOutputStream().write('\n');
    b.getOutputStream().write('\n');
    a.getOutputStream().flush();
    b.getOutputStream().flush();
    List<String> outcomes = new ArrayList<>();
    for (BufferedReader from : List.of(fromA, fromB)) {
      for (String line = from.readLine(); line != null; line = from.readLine()) {
        outcomes.add(line);
      }
    }
    assertThat(a.waitFor(60, TimeUnit.SECONDS)).isTrue();
    assertThat(b.waitFor(60, TimeUnit.SECONDS)).isTrue();
    observer.stop.set(true);
    observer.join();
    long won = outcomes.stream().filter(o -> o.equals("ok")).count();
    long locked = outcomes.stream().filter(o -> o.startsWith("locked: ")).count();
    System.out.printf(
        "concurrent writers: %d writes won, %d failed on the lock, observer saw %d complete views%n",
        won, locked, observer.complete.get());
    assertThat(outcomes).hasSize(50).allMatch(o -> o.equals("ok") || o.startsWith("locked: "));
    assertThat(won).isPositive();
    assertThat(observer.failures).isEmpty();
    completeSet(target);
  }

  @Test
  void twoThreadsAtOnceOneWinsAndTheOtherFailsClearly() throws Exception {
    Path target = dir.resolve("manifests");
    ManifestWriter.writeRendered(WriterChild.names("A"), WriterChild.texts("A"), target);
    List<String> outcomes = new CopyOnWriteArrayList<>();
    List<Thread> writers = new ArrayList<>();
    java.util.concurrent.CyclicBarrier start = new java.util.concurrent.CyclicBarrier(2);
    for (String set : List.of("A", "B")) {
      writers.add(
          new Thread(
              () -> {
                try {
                  start.await();
                  for (int i = 0; i < 25; i++) {
                    try {
                      ManifestWriter.writeRendered(
                          WriterChild.names(set), WriterChild.texts(set), target);
                      outcomes.add("ok");
                    } catch (ManifestWriteException e) {
                      outcomes.add(e.getMessage());
                    }
                  }
                } catch (Exception e) {
                  outcomes.add("broken: " + e);
                }
              }));
    }
    writers.forEach(Thread::start);
    for (Thread writer : writers) {
      writer.join();
    }
    assertThat(outcomes)
        .hasSize(50)
        .allMatch(o -> o.equals("ok") || o.contains("another gpuspec run is writing it"));
    assertThat(outcomes).contains("ok");
    completeSet(target);
  }
}
