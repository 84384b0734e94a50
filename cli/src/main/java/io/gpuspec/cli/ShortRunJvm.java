package io.gpuspec.cli;

import java.io.File;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * Plain {@code java -jar gpuspec.jar} runs under the JVM's defaults for long-lived servers: the C2
 * compiler's threads, the parallel collector and an initial heap of 1/64 of memory, which a run of
 * a few seconds pays for and never gets back (about twice the CPU time and three times the peak RSS
 * of the same run with {@code bin/gpuspec}'s flags; see docs/performance.md). A jar's manifest
 * cannot carry JVM flags, so when the JVM was started with no option at all, the jar runs itself
 * once more in a JVM with the launcher's flags and a class-data archive (the one beside the jar
 * when it is newer than the jar, as the build writes it; else the user's cached archive of this
 * jar, {@link ArchiveCache}, which the first such run writes) and passes on its exit code. Any JVM
 * option turns this off: {@code bin/gpuspec}, a user's {@code -Xmx} or {@code
 * -Dgpuspec.relaunch=false} run in this JVM.
 */
final class ShortRunJvm {

  /** The launcher's flags, as {@code bin/gpuspec} gives them. */
  static final List<String> FLAGS =
      List.of("-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-Xms16m");

  /** Exit codes from here on mean the JVM was killed by a signal (and its archive may be cut). */
  private static final int SIGNALLED = 128;

  private ShortRunJvm() {}

  /**
   * Runs the command line in a JVM with {@link #FLAGS} and returns its exit code, or empty when
   * this JVM should run it itself (it was given options, is not running from a jar, or cannot start
   * a process).
   */
  static OptionalInt relaunch(String[] args) {
    if (!ManagementFactory.getRuntimeMXBean().getInputArguments().isEmpty()) {
      return OptionalInt.empty();
    }
    Optional<Path> jar = jar();
    if (jar.isEmpty()) {
      return OptionalInt.empty();
    }
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.addAll(FLAGS);
    command.add("-Dgpuspec.relaunch=false");
    String name = jar.get().getFileName().toString();
    Path archive = jar.get().resolveSibling(name.substring(0, name.length() - 4) + ".jsa");
    Optional<ArchiveCache> cache = Optional.empty();
    Path pending = null;
    if (newer(archive, jar.get())) {
      command.addAll(List.of("-XX:SharedArchiveFile=" + archive, "-Xshare:auto"));
    } else {
      cache = ArchiveCache.of(jar.get());
      if (cache.isPresent()) {
        pending = cache.get().pending();
        command.addAll(cache.get().options(pending));
      }
    }
    command.addAll(List.of("-Xlog:cds=off", "-Xlog:cds+dynamic=off"));
    command.add("-jar");
    command.add(jar.get().toString());
    command.addAll(List.of(args));
    Process child;
    try {
      child = new ProcessBuilder(command).inheritIO().start();
    } catch (IOException | RuntimeException e) {
      return OptionalInt.empty();
    }
    Thread stop = new Thread(child::destroy);
    Runtime.getRuntime().addShutdownHook(stop);
    try {
      int exit = child.waitFor();
      if (cache.isPresent() && pending != null && exit < SIGNALLED) {
        cache.get().publish(pending);
      }
      return OptionalInt.of(exit);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      child.destroy();
      return OptionalInt.of(Main.USAGE);
    } finally {
      try {
        Runtime.getRuntime().removeShutdownHook(stop);
      } catch (IllegalStateException e) {
        // shutting down: the hook runs anyway
      }
    }
  }

  /** The jar this JVM was started with: {@code java -jar X} runs with class path {@code X}. */
  private static Optional<Path> jar() {
    String classPath = System.getProperty("java.class.path", "");
    if (!classPath.endsWith(".jar") || classPath.contains(File.pathSeparator)) {
      return Optional.empty();
    }
    try {
      Path path = Path.of(classPath).toAbsolutePath();
      return Files.isRegularFile(path) ? Optional.of(path) : Optional.empty();
    } catch (RuntimeException e) {
      return Optional.empty();
    }
  }

  private static boolean newer(Path archive, Path jar) {
    File a = archive.toFile();
    return a.isFile() && a.lastModified() > jar.toFile().lastModified();
  }
}
