package io.gpuspec.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.gpuspec.core.check.Gpuspec;
import io.gpuspec.core.spi.Rule;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * docs/rules.md is generated from every module's rule metadata and committed; it must be current.
 */
class RulesDocTest {

  private static final Path DOC = Path.of("../docs/rules.md");

  @Test
  void rulesDoc_isCurrent() throws IOException {
    String generated = RulesDoc.render(Gpuspec.load().rules().stream().map(Rule::info).toList());
    if (Boolean.getBoolean("golden.update")) {
      Files.writeString(DOC, generated, StandardCharsets.UTF_8);
    }
    assertThat(Files.readString(DOC, StandardCharsets.UTF_8))
        .as("docs/rules.md is stale; regenerate it with -Dgolden.update=true")
        .isEqualTo(generated);
    assertThat(generated).contains("## GPU001").contains("## TFJ001");
  }
}
