package io.gpuspec.core.manifest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.gpuspec.core.TestGpuspec;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ManifestWriterTest {

  @TempDir Path dir;

  private static List<String> names(Path directory) throws IOException {
    try (Stream<Path> list = Files.list(directory)) {
      return list.map(p -> p.getFileName().toString()).sorted().toList();
    }
  }

  @Test
  void writesOneFilePerObjectInCanonicalOrder() throws IOException {
    ManifestSet set = YamlRendererTest.sample();
    Path out = dir.resolve("manifests");
    List<Path> written = ManifestWriter.write(set, out);
    assertThat(written)
        .extracting(p -> p.getFileName().toString())
        .containsExactly(
            "01-namespace-ml.yaml",
            "02-priorityclass-high.yaml",
            "03-configmap-ml-cfg.yaml",
            "04-deployment-ml-llm.yaml",
            "05-job-ml-train.yaml");
    assertThat(names(out))
        .containsExactlyElementsOf(written.stream().map(p -> p.getFileName().toString()).toList());
    for (int i = 0; i < set.size(); i++) {
      assertThat(written.get(i).getParent()).isEqualTo(out.toAbsolutePath().normalize());
      assertThat(Files.readString(written.get(i)))
          .isEqualTo(YamlRenderer.render(set.objects().get(i)));
    }
    // reading the directory back gives the same set
    ReadResult read = TestGpuspec.read(out);
    assertThat(read.problems()).isEmpty();
    assertThat(read.manifests()).isEqualTo(set);
    assertThat(names(dir)).containsExactly("manifests");
  }

  @Test
  void namesUseEnoughDigitsAndSafeCharacters() {
    List<HasMetadata> many = new java.util.ArrayList<>();
    for (int i = 0; i < 120; i++) {
      many.add(
          new ConfigMapBuilder()
              .withNewMetadata()
              .withName(String.format("cm-%03d", i))
              .withNamespace("Team_A")
              .endMetadata()
              .build());
    }
    List<String> names = ManifestWriter.fileNames(ManifestSet.of(many));
    assertThat(names.get(0)).isEqualTo("001-configmap-team-a-cm-000.yaml");
    assertThat(names.get(119)).isEqualTo("120-configmap-team-a-cm-119.yaml");
    assertThat(names).doesNotHaveDuplicates();
  }

  @Test
  void rewritingReplacesStaleFiles() throws IOException {
    Path out = dir.resolve("manifests");
    ManifestWriter.write(YamlRendererTest.sample(), out);
    Files.writeString(out.resolve("99-stale.yaml"), "stale");
    ManifestSet smaller = ManifestSet.of(YamlRendererTest.sample().objects().subList(0, 2));
    ManifestWriter.write(smaller, out);
    assertThat(names(out)).containsExactly("01-namespace-ml.yaml", "02-priorityclass-high.yaml");
    assertThat(names(dir)).containsExactly("manifests"); // no temp or old directory left
  }

  @Test
  void aRegularFileInTheWayFailsAndIsLeftUntouched() throws IOException {
    Path out = dir.resolve("manifests");
    Files.writeString(out, "precious");
    assertThatThrownBy(() -> ManifestWriter.write(YamlRendererTest.sample(), out))
        .isInstanceOf(ManifestWriteException.class)
        .hasMessageContaining(out.toString());
    assertThat(Files.readString(out)).isEqualTo("precious");
    assertThat(names(dir)).containsExactly("manifests");
  }

  @Test
  void aFileWhereTheParentShouldBeFailsCleanly() throws IOException {
    Path blocker = dir.resolve("blocker");
    Files.writeString(blocker, "x");
    Path out = blocker.resolve("manifests");
    assertThatThrownBy(() -> ManifestWriter.write(YamlRendererTest.sample(), out))
        .isInstanceOf(ManifestWriteException.class)
        .hasMessageContaining(out.toString());
    assertThatThrownBy(() -> ManifestWriter.writeFile(YamlRendererTest.sample(), out))
        .isInstanceOf(ManifestWriteException.class)
        .hasMessageContaining(out.toString());
    assertThat(Files.readString(blocker)).isEqualTo("x");
    assertThat(names(dir)).containsExactly("blocker");
  }

  @Test
  void aReadOnlyParentFailsCleanly() throws IOException {
    Path parent = dir.resolve("locked");
    Path out = parent.resolve("manifests");
    ManifestWriter.write(YamlRendererTest.sample(), out);
    List<String> before = names(out);
    Files.setPosixFilePermissions(parent, PosixFilePermissions.fromString("r-xr-xr-x"));
    try {
      Assumptions.assumeFalse(
          Files.isWritable(parent), "running as root: a read-only directory is still writable");
      assertThatThrownBy(() -> ManifestWriter.write(ManifestSet.empty(), out))
          .isInstanceOf(ManifestWriteException.class)
          .hasMessageContaining(out.toString());
      assertThatThrownBy(
              () -> ManifestWriter.writeFile(ManifestSet.empty(), parent.resolve("all.yaml")))
          .isInstanceOf(ManifestWriteException.class)
          .hasMessageContaining("all.yaml");
      assertThat(names(out)).isEqualTo(before);
      assertThat(names(parent)).containsExactly("manifests");
    } finally {
      Files.setPosixFilePermissions(parent, PosixFilePermissions.fromString("rwxr-xr-x"));
    }
  }

  @Test
  void writeFileWritesAllDocumentsAtomically() throws IOException {
    Path file = dir.resolve("out/all.yaml");
    ManifestSet set = YamlRendererTest.sample();
    assertThat(ManifestWriter.writeFile(set, file)).isEqualTo(file.toAbsolutePath().normalize());
    assertThat(Files.readString(file)).isEqualTo(YamlRenderer.render(set));
    // replacing an existing file
    ManifestSet one = ManifestSet.of(set.objects().get(0));
    ManifestWriter.writeFile(one, file);
    assertThat(Files.readString(file)).isEqualTo(YamlRenderer.render(one));
    assertThat(names(dir.resolve("out"))).containsExactly("all.yaml");
  }

  @Test
  void writeFileOverADirectoryFailsAndKeepsIt() throws IOException {
    Path target = dir.resolve("all.yaml");
    Files.createDirectories(target);
    Files.writeString(target.resolve("keep"), "k");
    assertThatThrownBy(() -> ManifestWriter.writeFile(YamlRendererTest.sample(), target))
        .isInstanceOf(ManifestWriteException.class)
        .hasMessageContaining(target.toString());
    assertThat(Files.readString(target.resolve("keep"))).isEqualTo("k");
    assertThat(names(dir)).containsExactly("all.yaml");
  }
}
