package io.gpuspec.core.manifest;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;

/**
 * The fast scanner against the full parser on every YAML file of the repository's sources (test
 * inputs, golden files, examples): the same events with the same marks wherever it reads a file,
 * and it reads most of them.
 */
class ManifestEventsTest {

  static List<Path> repositoryYaml() throws IOException {
    Path root = Path.of("").toAbsolutePath().getParent();
    try (Stream<Path> files = Files.walk(root)) {
      return files
          .filter(p -> p.toString().endsWith(".yaml") || p.toString().endsWith(".yml"))
          .filter(p -> p.toString().contains("/src/"))
          .filter(
              p -> !p.toString().contains("/target/") && !p.toString().contains("/node_modules/"))
          .sorted()
          .toList();
    }
  }

  static @Nullable String text(Path file) throws IOException {
    try {
      return Files.readString(file, StandardCharsets.UTF_8);
    } catch (CharacterCodingException e) {
      return null;
    }
  }

  @Test
  void sameEventsAsTheParserOnEveryYamlFileOfTheRepository() throws IOException {
    List<Path> files = repositoryYaml();
    List<String> differences = new ArrayList<>();
    int read = 0;
    for (Path file : files) {
      String text = text(file);
      if (text == null) {
        continue; // not UTF-8 (a test of the reader's encoding check)
      }
      String difference = EventDiff.difference(text);
      if (difference != null) {
        differences.add(file + ": " + difference);
      }
      if (ManifestEvents.scan(text) != null) {
        read++;
      }
    }
    System.out.printf(
        "fast scanner: read %d of %d YAML files of the repository, fell back on %d%n",
        read, files.size(), files.size() - read);
    assertThat(differences).isEmpty();
    assertThat(files).hasSizeGreaterThan(500);
    assertThat(read).isGreaterThan(files.size() / 2);
  }
}
