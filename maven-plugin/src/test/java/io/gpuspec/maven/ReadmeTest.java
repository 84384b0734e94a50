package io.gpuspec.maven;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The README's "Use from Maven" plugin block is the one the generate IT runs. */
class ReadmeTest {

  private static final Pattern PLUGIN_BLOCK =
      Pattern.compile(
          "( *)<plugin>\\s*<groupId>io\\.gpuspec</groupId>\\s*"
              + "<artifactId>gpuspec-maven-plugin</artifactId>.*?</plugin>",
          Pattern.DOTALL);

  private static String block(Path file) throws IOException {
    Matcher found = PLUGIN_BLOCK.matcher(Files.readString(file));
    assertThat(found.find()).as("a gpuspec-maven-plugin block in %s", file).isTrue();
    String indent = found.group(1);
    return found
        .group()
        .lines()
        .map(l -> l.startsWith(indent) ? l.substring(indent.length()) : l)
        .reduce((a, b) -> a + "\n" + b)
        .orElseThrow();
  }

  @Test
  void mavenSnippet_isTheGenerateItsPluginBlock() throws IOException {
    String version = System.getProperty("project.version");
    assertThat(block(Path.of("../README.md")))
        .isEqualTo(block(Path.of("src/it/generate/pom.xml")).replace("@project.version@", version));
  }
}
