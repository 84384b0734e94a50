package io.gpuspec.examples.docs;

import static org.assertj.core.api.Assertions.assertThat;

import io.gpuspec.examples.GenerateReferencePlatform;
import java.io.File;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarFile;
import java.util.jar.Manifest;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every {@code java} snippet of the README and {@code docs/} is compiled against every module and
 * run, each in its own JVM whose working directory holds {@code k8s/} (the reference platform's
 * manifests): statements run in order; a class that implements {@code PlatformSpec} is built and
 * checked with every rule. A snippet may assume declarations from its prose, given in a {@code <!--
 * prelude: ... -->} comment right above its fence. When the block after it is marked {@code <!--
 * output: ... -->}, what the snippet prints must be exactly that block; {@code -Ddocs.update=true}
 * writes what it prints into that block instead (review the diff).
 */
class JavaSnippetsTest {

  private static final List<String> IMPORTS =
      List.of(
          "io.gpuspec.core",
          "io.gpuspec.core.check",
          "io.gpuspec.core.fleet",
          "io.gpuspec.core.manifest",
          "io.gpuspec.core.report",
          "io.gpuspec.core.report.format",
          "io.gpuspec.core.spi",
          "io.gpuspec.tfjob",
          "io.gpuspec.sharing",
          "io.gpuspec.sharing.dra",
          "io.gpuspec.scheduling",
          "io.gpuspec.trainer",
          "io.gpuspec.lws",
          "io.gpuspec.examples",
          "java.util",
          "java.nio.file");

  private static final Pattern CLASS =
      Pattern.compile("(?m)^(?:public\\s+)?(?:final\\s+)?(class|record)\\s+(\\w+)");

  @TempDir static Path work;
  private static Path classes;
  private static Path cwd;
  private static String classPath;
  private static DocSnippets docs;
  private static List<DocSnippets.Snippet> snippets;

  @BeforeAll
  static void compileEverySnippet() throws IOException {
    docs = DocSnippets.of(DocSnippets.root());
    snippets = docs.in("java");
    classPath = testClassPath();
    classes = Files.createDirectories(work.resolve("classes"));
    cwd = Files.createDirectories(work.resolve("cwd"));
    GenerateReferencePlatform.main(new String[] {cwd.resolve("k8s").toString()});
  }

  @Test
  void docsHaveJavaSnippets() {
    assertThat(snippets).hasSizeGreaterThanOrEqualTo(8);
  }

  @TestFactory
  List<DynamicTest> everyJavaSnippet_compilesAndRuns() {
    List<DynamicTest> tests = new ArrayList<>();
    for (int i = 0; i < snippets.size(); i++) {
      DocSnippets.Snippet snippet = snippets.get(i);
      String name = "Snippet" + i;
      tests.add(DynamicTest.dynamicTest(snippet.where(), () -> compileAndRun(snippet, name)));
    }
    return tests;
  }

  private static void compileAndRun(DocSnippets.Snippet snippet, String name)
      throws IOException, InterruptedException {
    String source = source(snippet, name);
    JavaCompiler compiler = ToolProvider.getSystemJavaCompiler();
    DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
    try (StandardJavaFileManager files =
        compiler.getStandardFileManager(diagnostics, Locale.ROOT, StandardCharsets.UTF_8)) {
      Path file = Files.createDirectories(work.resolve("src/snippets")).resolve(name + ".java");
      Files.writeString(file, source);
      boolean compiled =
          compiler
              .getTask(
                  null,
                  files,
                  diagnostics,
                  List.of("-cp", classPath, "-d", classes.toString(), "-proc:none"),
                  null,
                  files.getJavaFileObjects(file))
              .call();
      assertThat(compiled)
          .as(
              "%s does not compile:%n%s%n--- as compiled ---%n%s",
              snippet.where(),
              diagnostics.getDiagnostics().stream()
                  .filter(d -> d.getKind() == Diagnostic.Kind.ERROR)
                  .map(d -> "line " + d.getLineNumber() + ": " + d.getMessage(Locale.ROOT))
                  .collect(Collectors.joining("\n")),
              numbered(source))
          .isTrue();
    }
    Path log = work.resolve(name + ".log");
    Path out = work.resolve(name + ".out");
    Process run =
        new ProcessBuilder(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp",
                classes + File.pathSeparator + classPath,
                "snippets." + name)
            .directory(cwd.toFile())
            .redirectError(log.toFile())
            .redirectOutput(out.toFile())
            .start();
    if (!run.waitFor(180, TimeUnit.SECONDS)) {
      run.destroyForcibly();
    }
    String printed = Files.readString(out);
    assertThat(run.exitValue())
        .as("%s fails when run:%n%s%s", snippet.where(), printed, Files.readString(log))
        .isZero();
    Optional<DocSnippets.Snippet> shown = docs.outputOf(snippet);
    if (shown.isPresent() && Boolean.getBoolean("docs.update")) {
      update(shown.get(), printed);
    } else {
      shown.ifPresent(
          block ->
              assertThat(printed)
                  .as("%s prints other than %s shows", snippet.where(), block.where())
                  .isEqualTo(block.text()));
    }
  }

  /** Lines added to each page by earlier updates of this run, to find later blocks again. */
  private static final Map<Path, Integer> SHIFT = new HashMap<>();

  /** Writes {@code printed} into the output block {@code shown} of its page. */
  private static void update(DocSnippets.Snippet shown, String printed) throws IOException {
    List<String> lines = new ArrayList<>(Files.readAllLines(shown.file()));
    int fence = shown.line() - 1 + SHIFT.getOrDefault(shown.file(), 0);
    int old = (int) shown.text().lines().count();
    List<String> now = printed.lines().toList();
    lines.subList(fence + 1, fence + 1 + old).clear();
    lines.addAll(fence + 1, now);
    Files.write(shown.file(), lines);
    SHIFT.merge(shown.file(), now.size() - old, Integer::sum);
  }

  /** The snippet in a class of its own: statements in {@code main}, a class as a nested one. */
  static String source(DocSnippets.Snippet snippet, String name) {
    StringBuilder java = new StringBuilder("package snippets;\n");
    IMPORTS.forEach(p -> java.append("import ").append(p).append(".*;\n"));
    java.append("public class ").append(name).append(" {\n");
    Matcher type = CLASS.matcher(snippet.text());
    String prelude = snippet.prelude().orElse("");
    if (type.find()) {
      java.append(CLASS.matcher(snippet.text()).replaceAll("static $1 $2"))
          .append("public static void main(String[] args) throws Exception {\n")
          .append(prelude)
          .append("\nObject spec = new ")
          .append(type.group(2))
          .append("();\n")
          .append(
              "if (spec instanceof PlatformSpec p) {\n"
                  + "  io.gpuspec.core.report.Report r = Gpuspec.load().check(p.platform());\n"
                  + "  if (r.hasErrors()) throw new AssertionError(r.violations());\n}\n")
          .append("}\n");
    } else {
      java.append("public static void main(String[] args) throws Exception {\n")
          .append(prelude)
          .append('\n')
          .append(snippet.text())
          .append("}\n");
    }
    return java.append("}\n").toString();
  }

  private static String numbered(String source) {
    String[] lines = source.split("\n");
    StringBuilder out = new StringBuilder();
    for (int i = 0; i < lines.length; i++) {
      out.append(i + 1).append(": ").append(lines[i]).append('\n');
    }
    return out.toString();
  }

  /** The test class path, unpacked from surefire's manifest-only jar when it uses one. */
  private static String testClassPath() throws IOException {
    String path = System.getProperty("java.class.path");
    String[] entries = path.split(File.pathSeparator);
    if (entries.length == 1 && entries[0].endsWith(".jar")) {
      try (JarFile jar = new JarFile(entries[0])) {
        Manifest manifest = jar.getManifest();
        String listed =
            manifest == null ? null : manifest.getMainAttributes().getValue("Class-Path");
        if (listed != null) {
          List<String> unpacked = new ArrayList<>();
          for (String url : listed.trim().split("\\s+")) {
            unpacked.add(Path.of(URI.create(url)).toString());
          }
          return String.join(File.pathSeparator, unpacked);
        }
      }
    }
    return path;
  }
}
