package io.gpuspec.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Byte-for-byte comparison with files under {@code src/test/resources/golden/}. Run the tests with
 * {@code -Dgolden.update=true} to rewrite them, then review the diff.
 */
public final class GoldenFiles {

  private static final Path ROOT = Path.of("src", "test", "resources", "golden");

  private GoldenFiles() {}

  public static void assertMatches(String name, String actual) {
    Path file = ROOT.resolve(name);
    try {
      if (Boolean.getBoolean("golden.update")) {
        Files.createDirectories(file.getParent());
        Files.writeString(file, actual, StandardCharsets.UTF_8);
      }
      assertThat(Files.exists(file))
          .as("golden file %s exists (create it with -Dgolden.update=true)", file)
          .isTrue();
      assertThat(actual).isEqualTo(Files.readString(file, StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
