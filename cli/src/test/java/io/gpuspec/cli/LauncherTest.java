package io.gpuspec.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.jar.Attributes;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code bin/gpuspec} runs the real {@link Main} in a JVM of its own, with the AppCDS archive
 * beside the jar when it is there and fits, and as plain {@code java -jar} when it is missing,
 * stale or of another jar: same output, same exit codes, nothing extra on standard error.
 *
 * <p>Tests run before {@code package} makes the shaded jar, so each test makes a small jar whose
 * manifest starts {@link Main} on the test class path.
 */
class LauncherTest {

  private static final Path LAUNCHER = Path.of("..", "bin", "gpuspec").toAbsolutePath().normalize();

  private static final String GOOD =
      """
      apiVersion: v1
      kind: ConfigMap
      metadata: {name: settings, namespace: ml}
      data: {mode: fast}
      """;

  private static final String GPU_MISMATCH =
      """
      apiVersion: v1
      kind: Pod
      metadata: {name: p, namespace: ml}
      spec:
        containers:
        - name: c
          image: nvcr.io/nvidia/cuda:12.4.1-base-ubuntu22.04
          resources:
            requests: {nvidia.com/gpu: "1"}
            limits: {nvidia.com/gpu: "2"}
      """;

  @TempDir Path dir;
  private Path jar;
  private Path good;
  private Path bad;

  record Run(int exit, String out, String err) {}

  @BeforeEach
  void makeJarAndInputs() throws IOException {
    jar = dir.resolve("gpuspec.jar");
    Manifest manifest = new Manifest();
    manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
    manifest.getMainAttributes().put(Attributes.Name.MAIN_CLASS, Main.class.getName());
    manifest.getMainAttributes().put(Attributes.Name.CLASS_PATH, testClassPath());
    try (OutputStream out = new JarOutputStream(Files.newOutputStream(jar), manifest)) {
      out.flush();
    }
    good = Files.writeString(dir.resolve("good.yaml"), GOOD);
    bad = Files.writeString(dir.resolve("bad.yaml"), GPU_MISMATCH);
  }

  /** The class path the tests run with, as a manifest Class-Path of file URLs. */
  private static String testClassPath() {
    String classPath = System.getProperty("surefire.test.class.path");
    if (classPath == null || classPath.isBlank()) {
      classPath = System.getProperty("java.class.path");
    }
    List<String> urls = new ArrayList<>();
    for (String entry : classPath.split(File.pathSeparator)) {
      if (!entry.isBlank()) {
        urls.add(Path.of(entry).toAbsolutePath().toUri().toString());
      }
    }
    return String.join(" ", urls);
  }

  private Run launch(Map<String, String> env, String... args) throws Exception {
    List<String> command = new ArrayList<>(List.of("bash", LAUNCHER.toString()));
    command.addAll(List.of(args));
    ProcessBuilder builder = new ProcessBuilder(command);
    builder.environment().put("GPUSPEC_JAR", jar.toString());
    builder.environment().remove("GPUSPEC_JAVA_OPTS");
    builder.environment().remove("JAVA_TOOL_OPTIONS");
    builder.environment().put("JAVA_HOME", System.getProperty("java.home"));
    builder.environment().put("XDG_CACHE_HOME", dir.resolve("cache").toString());
    builder.environment().putAll(env);
    Path out = dir.resolve("out.txt");
    Path err = dir.resolve("err.txt");
    Process process = builder.redirectOutput(out.toFile()).redirectError(err.toFile()).start();
    assertThat(process.waitFor(120, TimeUnit.SECONDS)).as("launcher finished").isTrue();
    return new Run(
        process.exitValue(),
        Files.readString(out, StandardCharsets.UTF_8),
        Files.readString(err, StandardCharsets.UTF_8));
  }

  private Run launch(String... args) throws Exception {
    return launch(Map.of(), args);
  }

  @Test
  void withoutArchive_runsTheJarAsJavaJarWould() throws Exception {
    Run run = launch("lint", good.toString());
    assertThat(run.exit()).isZero();
    assertThat(run.out()).contains("gpuspec: 1 objects");
    assertThat(run.err()).isEmpty();
    assertThat(launch("lint", bad.toString()).exit()).isEqualTo(Main.FINDINGS);
    assertThat(launch("lint", dir.resolve("missing.yaml").toString()).exit()).isEqualTo(Main.USAGE);
  }

  /** Runs java with the user's cache directory in the test's directory. */
  private Run java(String input, String... args) throws Exception {
    return java(Map.of("XDG_CACHE_HOME", dir.resolve("cache").toString()), input, args);
  }

  private Run java(Map<String, String> env, String input, String... args) throws Exception {
    List<String> command =
        new ArrayList<>(
            List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
    command.addAll(List.of(args));
    ProcessBuilder builder = new ProcessBuilder(command);
    builder.environment().remove("JAVA_TOOL_OPTIONS");
    builder.environment().remove("JDK_JAVA_OPTIONS");
    builder.environment().putAll(env);
    Path in = Files.writeString(dir.resolve("in.txt"), input);
    Path out = dir.resolve("out.txt");
    Path err = dir.resolve("err.txt");
    Process process =
        builder
            .redirectInput(in.toFile())
            .redirectOutput(out.toFile())
            .redirectError(err.toFile())
            .start();
    assertThat(process.waitFor(120, TimeUnit.SECONDS)).as("java finished").isTrue();
    return new Run(
        process.exitValue(),
        Files.readString(out, StandardCharsets.UTF_8),
        Files.readString(err, StandardCharsets.UTF_8));
  }

  @Test
  void plainJavaJar_runsWithTheLaunchersFlags_andGivesTheSameAnswer() throws Exception {
    for (String[] args :
        List.of(
            new String[] {"lint", bad.toString()},
            new String[] {"lint", good.toString()},
            new String[] {"lint", "-"},
            new String[] {"lint", dir.resolve("missing.yaml").toString()})) {
      List<String> plain = new ArrayList<>(List.of("-jar", jar.toString()));
      plain.addAll(List.of(args));
      List<String> inProcess =
          new ArrayList<>(List.of("-Dgpuspec.relaunch=false", "-jar", jar.toString()));
      inProcess.addAll(List.of(args));
      Run relaunched = java(GPU_MISMATCH, plain.toArray(String[]::new));
      Run same = java(GPU_MISMATCH, inProcess.toArray(String[]::new));
      assertThat(relaunched).isEqualTo(same);
    }
    assertThat(java(GPU_MISMATCH, "-jar", jar.toString(), "lint", "-").out()).contains("GPU001");
  }

  @Test
  void plainJavaJar_withNoArchiveBesideIt_cachesOneOnItsFirstRun_andMapsItLater() throws Exception {
    Path cache = dir.resolve("cache").resolve("gpuspec");
    Run first = java(GPU_MISMATCH, "-jar", jar.toString(), "lint", bad.toString());
    assertThat(first.exit()).isEqualTo(Main.FINDINGS);
    assertThat(first.err()).isEmpty();
    List<Path> made = files(cache);
    assertThat(made).singleElement().satisfies(p -> assertThat(p.toString()).endsWith(".jsa"));
    Path archive = made.get(0);
    FileTime written = Files.getLastModifiedTime(archive);

    Run second = java(GPU_MISMATCH, "-jar", jar.toString(), "lint", bad.toString());
    assertThat(second).isEqualTo(first);
    assertThat(files(cache)).containsExactly(archive);
    assertThat(Files.getLastModifiedTime(archive)).isEqualTo(written);
    Run mapped =
        java(
            "",
            "-XX:SharedArchiveFile=" + archive,
            "-Xshare:on",
            "-Xlog:class+load=info",
            "-jar",
            jar.toString(),
            "lint",
            bad.toString());
    assertThat(mapped.out()).contains("source: shared objects file (top)");

    // a rebuilt jar gets an archive of its own, which replaces the old one
    Files.setLastModifiedTime(jar, FileTime.from(Instant.now().plusSeconds(5)));
    assertThat(java(GPU_MISMATCH, "-jar", jar.toString(), "lint", bad.toString())).isEqualTo(first);
    assertThat(files(cache)).singleElement().isNotEqualTo(archive);
  }

  @Test
  void launcher_withNoArchiveBesideTheJar_usesTheCachedArchiveOfPlainJavaJar() throws Exception {
    Run first = launch("lint", bad.toString());
    assertThat(first.exit()).isEqualTo(Main.FINDINGS);
    assertThat(first.err()).isEmpty();
    Path cache = dir.resolve("cache").resolve("gpuspec");
    assertThat(files(cache))
        .singleElement()
        .satisfies(p -> assertThat(p.toString()).endsWith(".jsa"));
    assertThat(launch("lint", bad.toString())).isEqualTo(first);
  }

  @Test
  void plainJavaJar_withACacheDirectoryItCannotMake_runsWithoutArchive() throws Exception {
    Path notADirectory = Files.writeString(dir.resolve("cache-file"), "");
    Map<String, String> env = Map.of("XDG_CACHE_HOME", notADirectory.toString());
    Run run = java(env, GPU_MISMATCH, "-jar", jar.toString(), "lint", bad.toString());
    assertThat(run.exit()).isEqualTo(Main.FINDINGS);
    assertThat(run.out()).contains("GPU001");
    assertThat(run.err()).isEmpty();
  }

  private static List<Path> files(Path directory) throws IOException {
    try (var files = Files.list(directory)) {
      return files.sorted().toList();
    }
  }

  @Test
  void archiveOfAnotherJarOrGarbage_isIgnoredQuietly() throws Exception {
    Path archive = dir.resolve("gpuspec.jsa");
    Files.writeString(archive, "not a class-data archive");
    Files.setLastModifiedTime(archive, FileTime.from(Instant.now().plusSeconds(60)));
    Run run = launch("lint", bad.toString());
    assertThat(run.exit()).isEqualTo(Main.FINDINGS);
    assertThat(run.out()).contains("GPU001");
    assertThat(run.err()).isEmpty();
  }

  @Test
  void archiveOlderThanTheJar_isNotUsed() throws Exception {
    Path archive = dir.resolve("gpuspec.jsa");
    Files.writeString(archive, "stale");
    Files.setLastModifiedTime(archive, FileTime.from(Instant.now().minusSeconds(3600)));
    Run run = launch(Map.of("GPUSPEC_JAVA_OPTS", "-Xlog:cds=info"), "lint", good.toString());
    assertThat(run.exit()).isZero();
    assertThat(run.out()).doesNotContain("gpuspec.jsa");
  }

  @Test
  void archiveMadeFromThisJar_isUsed_andGivesTheSameAnswer() throws Exception {
    Path archive = dir.resolve("gpuspec.jsa");
    Process training =
        new ProcessBuilder(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-XX:ArchiveClassesAtExit=" + archive,
                "-jar",
                jar.toString(),
                "lint",
                bad.toString())
            .redirectErrorStream(true)
            .redirectOutput(dir.resolve("training.txt").toFile())
            .start();
    assertThat(training.waitFor(120, TimeUnit.SECONDS)).isTrue();
    assertThat(archive).exists();
    Files.setLastModifiedTime(archive, FileTime.from(Instant.now().plusSeconds(60)));

    Run plain = launch(Map.of("GPUSPEC_JAVA_OPTS", "-Xshare:off"), "lint", bad.toString());
    Run shared =
        launch(Map.of("GPUSPEC_JAVA_OPTS", "-Xlog:class+load=info"), "lint", bad.toString());
    assertThat(shared.exit()).isEqualTo(plain.exit()).isEqualTo(Main.FINDINGS);
    assertThat(shared.out()).contains("source: shared objects file (top)");
    assertThat(shared.out().lines().filter(l -> !l.startsWith("[")).toList())
        .isEqualTo(plain.out().lines().toList());
  }

  @Test
  void missingJar_saysHowToBuildIt() throws Exception {
    Files.delete(jar);
    Run run = launch("rules");
    assertThat(run.exit()).isEqualTo(2);
    assertThat(run.err()).contains("no such jar").contains("./mvnw");
  }
}
