package io.gpuspec.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.gpuspec.core.check.Gpuspec;
import io.gpuspec.core.spi.RuleInfo;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every id the tool can print is declared once, with metadata, and listed by {@code gpuspec rules}:
 * the ids are found as string literals or enum constants in the main code of every module (rule
 * ids, the reader's, the engine's and the fleet check's).
 */
class EveryIdListedTest {

  /** An id as a string literal, or as the constant of an enum of ids (e.g. the reader's). */
  private static final Pattern ID =
      Pattern.compile("\"([A-Z][A-Z0-9]*[A-Z][0-9]{3})\"|(?m)^  ([A-Z][A-Z0-9]*[A-Z][0-9]{3})\\(");

  @Test
  void everyIdInTheCode_isListedByGpuspecRules() throws IOException {
    Set<String> printable = idsInMainCode(Path.of(".."));
    assertThat(printable).as("ids found in the code").contains("GPU001", "YAML001", "FLEET010");

    Gpuspec gpuspec = Gpuspec.load();
    Set<String> declared = new TreeSet<>(gpuspec.ids().stream().map(RuleInfo::id).toList());
    assertThat(declared).as("ids declared with metadata").containsAll(printable);
    assertThat(gpuspec.ids().stream().map(RuleInfo::id))
        .as("each id declared once")
        .doesNotHaveDuplicates();

    StringWriter out = new StringWriter();
    int exit =
        Main.run(gpuspec, new PrintWriter(out, true), new PrintWriter(new StringWriter()), "rules");
    assertThat(exit).isZero();
    Set<String> listed = new TreeSet<>();
    Matcher line = Pattern.compile("(?m)^([A-Z][A-Z0-9]*[0-9]{3}) ").matcher(out.toString());
    while (line.find()) {
      listed.add(line.group(1));
    }
    assertThat(listed).as("ids gpuspec rules lists").isEqualTo(declared);
  }

  /** The id literals in the main Java code of every module of the reactor at {@code root}. */
  private static Set<String> idsInMainCode(Path root) throws IOException {
    Set<String> ids = new TreeSet<>();
    try (Stream<Path> modules = Files.list(root)) {
      for (Path module : modules.sorted().toList()) {
        Path main = module.resolve("src/main/java");
        if (!Files.isDirectory(main)) {
          continue;
        }
        try (Stream<Path> files = Files.walk(main)) {
          for (Path file : files.filter(f -> f.toString().endsWith(".java")).toList()) {
            Matcher id = ID.matcher(Files.readString(file, StandardCharsets.UTF_8));
            while (id.find()) {
              ids.add(id.group(1) != null ? id.group(1) : id.group(2));
            }
          }
        }
      }
    }
    return ids;
  }
}
