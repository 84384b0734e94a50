package io.gpuspec.core.manifest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TextFilesTest {

  @TempDir Path dir;

  @Test
  void aWrittenFileFollowsTheUmaskLikeAnyNewFile() throws IOException {
    assumeTrue(FileSystems.getDefault().supportedFileAttributeViews().contains("posix"));
    Path plain = Files.createFile(dir.resolve("plain.yaml"));
    Path written = TextFiles.write(dir.resolve("fleet.yaml"), "kind: Fleet\n");
    assertThat(Files.getPosixFilePermissions(written))
        .isEqualTo(Files.getPosixFilePermissions(plain));
  }

  @Test
  void replacesTheFileWholeAndLeavesNoTemporaryFile() throws IOException {
    Path file = dir.resolve("sub/values.yaml");
    TextFiles.write(file, "old\n");
    TextFiles.write(file, "new: ü\n");
    assertThat(Files.readString(file)).isEqualTo("new: ü\n");
    try (var entries = Files.list(file.getParent())) {
      assertThat(entries).containsExactly(file.toAbsolutePath().normalize());
    }
  }

  @Test
  void aDirectoryInThePlaceOfTheFileFailsAndKeepsIt() throws IOException {
    Path taken = Files.createDirectories(dir.resolve("taken.yaml/inner"));
    assertThatThrownBy(() -> TextFiles.write(taken.getParent(), "x\n"))
        .isInstanceOf(IOException.class);
    assertThat(taken).isDirectory();
    try (var entries = Files.list(dir)) {
      assertThat(entries).containsExactly(taken.getParent());
    }
  }
}
