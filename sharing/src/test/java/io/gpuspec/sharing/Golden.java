package io.gpuspec.sharing;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Byte-for-byte comparison with files under {@code src/test/resources/golden/}; {@code
 * -Dgolden.update=true} rewrites them (review the diff). Only Kubernetes objects are {@code .yaml}
 * there: CI runs the conformance checker on every golden {@code .yaml}.
 */
final class Golden {

  private static final Path ROOT = Path.of("src", "test", "resources", "golden");

  private Golden() {}

  static void assertMatches(String name, String actual) {
    Path file = ROOT.resolve(name);
    try {
      if (Boolean.getBoolean("golden.update")) {
        Files.createDirectories(file.getParent());
        Files.writeString(file, actual, StandardCharsets.UTF_8);
      }
      assertThat(file).as("golden file %s (create it with -Dgolden.update=true)", file).exists();
      assertThat(actual).isEqualTo(Files.readString(file, StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
