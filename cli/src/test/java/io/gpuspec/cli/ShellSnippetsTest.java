package io.gpuspec.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.gpuspec.core.check.Gpuspec;
import io.gpuspec.examples.GenerateReferencePlatform;
import io.gpuspec.examples.docs.DocSnippets;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every shell line of the README and {@code docs/} that calls gpuspec ({@code java -jar
 * cli/target/gpuspec.jar}, {@code bin/gpuspec}, {@code gpuspec}) runs through the command line's
 * {@code Main} in a directory holding what the docs name: {@code k8s/} (the reference platform's
 * manifests), {@code fleet.yaml}, {@code kinds.yaml} (docs/workloads.md's example) and {@code
 * kueue.yaml}; each exits 0, and {@code > FILE} receives its output.
 */
class ShellSnippetsTest {

  private static final Gpuspec GPUSPEC = Gpuspec.load();
  @TempDir static Path dir;

  @BeforeAll
  static void filesTheDocsName() throws IOException {
    GenerateReferencePlatform.main(new String[] {dir.resolve("k8s").toString()});
    DocSnippets docs = DocSnippets.of(DocSnippets.root());
    String kinds =
        docs.in("yaml").stream()
            .map(DocSnippets.Snippet::text)
            .filter(t -> t.contains("kind: WorkloadKinds"))
            .findFirst()
            .orElseThrow();
    Files.writeString(dir.resolve("kinds.yaml"), kinds);
    Files.writeString(
        dir.resolve("kueue.yaml"),
        "apiVersion: config.kueue.x-k8s.io/v1beta1\nkind: Configuration\n");
  }

  @TestFactory
  List<DynamicTest> everyGpuspecLine_runsAndExitsZero() {
    List<DynamicTest> tests = new ArrayList<>();
    for (DocSnippets.Snippet snippet : DocSnippets.of(DocSnippets.root()).in("sh")) {
      for (String command : DocSnippets.commands(snippet)) {
        Optional<String> arguments = DocSnippets.cliArguments(command);
        arguments.ifPresent(
            a ->
                tests.add(
                    DynamicTest.dynamicTest(
                        snippet.where() + ": " + command, () -> run(a, snippet.where()))));
      }
    }
    assertThat(tests).hasSizeGreaterThanOrEqualTo(8);
    return tests;
  }

  private static void run(String arguments, String where) throws IOException {
    String[] redirect = arguments.split("\\s>\\s", 2);
    List<String> args = new ArrayList<>();
    String previous = "";
    for (String arg : redirect[0].trim().split("\\s+")) {
      boolean path =
          !arg.startsWith("-")
              && (Files.exists(dir.resolve(arg))
                  || previous.equals("-o")
                  || previous.equals("--output"));
      args.add(path ? dir.resolve(arg).toString() : arg);
      previous = arg;
    }
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int exit =
        Main.run(
            GPUSPEC,
            new PrintWriter(out, true),
            new PrintWriter(err, true),
            args.toArray(String[]::new));
    assertThat(exit)
        .as("%s: gpuspec %s%n%s%s", where, Arrays.toString(args.toArray()), out, err)
        .isZero();
    if (redirect.length == 2) {
      Files.writeString(dir.resolve(redirect[1].trim()), out.toString());
      assertThat(out.toString()).isNotBlank();
    }
  }
}
