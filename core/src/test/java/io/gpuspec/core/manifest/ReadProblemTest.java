package io.gpuspec.core.manifest;

import static org.assertj.core.api.Assertions.assertThat;

import io.gpuspec.core.TestGpuspec;
import io.gpuspec.core.report.Violation;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** Every id the reader can give is declared once, in {@link ReadProblem}. */
class ReadProblemTest {

  private static final Path SOURCES = Path.of("src/main/java/io/gpuspec/core/manifest");

  @Test
  void ids_areYaml001ToYaml008InOrder() {
    assertThat(ReadProblem.ids())
        .containsExactly(
            "YAML001", "YAML002", "YAML003", "YAML004", "YAML005", "YAML006", "YAML007", "YAML008");
  }

  @Test
  void everyIdTheHostileCorpusGives_isDeclared() throws IOException {
    Set<String> given = new TreeSet<>();
    for (HostileCorpus.Case c : HostileCorpus.committed()) {
      if (!c.ruleId().equals("-")) {
        given.add(c.ruleId());
      }
    }
    for (Violation v : TestGpuspec.read(HostileCorpus.committedDirectory()).problems()) {
      given.add(v.ruleId());
    }
    assertThat(given).isNotEmpty();
    assertThat(ReadProblem.ids()).containsAll(given);
  }

  @Test
  void readerSources_nameIdsOnlyThroughTheDeclarations() throws IOException {
    Pattern literal = Pattern.compile("\"YAML\\d{3}\"");
    Pattern declared = Pattern.compile("ReadProblem\\.(YAML\\d{3})");
    Set<String> used = new TreeSet<>();
    try (Stream<Path> files = Files.list(SOURCES)) {
      for (Path file : files.sorted().toList()) {
        String text = Files.readString(file, StandardCharsets.UTF_8);
        assertThat(literal.matcher(text).find())
            .as("%s writes a reader id as a string literal", file.getFileName())
            .isFalse();
        Matcher uses = declared.matcher(text);
        while (uses.find()) {
          used.add(uses.group(1));
        }
      }
    }
    assertThat(used).containsExactlyElementsOf(ReadProblem.ids());
  }

  @Test
  void declarations_sayWhatWhyAndFix() {
    for (ReadProblem problem : ReadProblem.values()) {
      assertThat(List.of(problem.title(), problem.why(), problem.fix(), problem.documentation()))
          .as(problem.id())
          .allSatisfy(text -> assertThat(text).isNotBlank().doesNotContain("\n"));
      assertThat(problem.documentation()).startsWith("https://");
    }
  }
}
