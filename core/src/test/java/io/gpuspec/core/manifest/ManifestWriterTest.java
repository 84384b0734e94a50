package io.gpuspec.core.manifest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.gpuspec.core.TestGpuspec;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
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
    // the target is a link to a version directory in the hidden store beside it
    assertThat(names(dir)).containsExactly(".manifests.gpuspec", "manifests");
    assertThat(Files.isSymbolicLink(out)).isTrue();
    assertThat(Files.readSymbolicLink(out).toString()).startsWith(".manifests.gpuspec/v-");
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
    assertThat(names(dir)).containsExactly(".manifests.gpuspec", "manifests");
    // no staging, link or old version left: the lock and the current version only
    assertThat(names(dir.resolve(".manifests.gpuspec")))
        .containsExactly("lock", Files.readSymbolicLink(out).getFileName().toString());
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
    assertThat(names(dir.resolve("out"))).containsExactly(".all.yaml.gpuspec", "all.yaml");
    assertThat(names(dir.resolve("out/.all.yaml.gpuspec"))).containsExactly("lock");
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

  @Test
  void longObjectNamesGiveFileNamesOf255BytesAtMostThatStayDistinct() {
    String long1 = "a".repeat(253);
    String long2 = "a".repeat(252) + "b";
    List<HasMetadata> objects =
        List.of(
            new ConfigMapBuilder()
                .withNewMetadata()
                .withName(long1)
                .withNamespace("n".repeat(63))
                .endMetadata()
                .build(),
            new ConfigMapBuilder()
                .withNewMetadata()
                .withName(long2)
                .withNamespace("n".repeat(63))
                .endMetadata()
                .build());
    List<String> names = ManifestWriter.fileNames(ManifestSet.of(objects));
    assertThat(names).allSatisfy(n -> assertThat(n.getBytes(StandardCharsets.UTF_8)).hasSize(255));
    assertThat(names)
        .allSatisfy(n -> assertThat(n).matches("0[12]-configmap-n+-a+-[0-9a-f]{8}\\.yaml"));
    // the hashes of the full names differ, so the names differ beyond their numbers
    assertThat(names.get(0).substring(3)).isNotEqualTo(names.get(1).substring(3));
    assertThat(ManifestWriter.fitName("01-", "short", ".yaml")).isEqualTo("01-short.yaml");
    assertThat(
            ManifestWriter.fitName("", "\u00e9".repeat(200), ".yaml")
                .getBytes(StandardCharsets.UTF_8))
        .hasSizeLessThanOrEqualTo(255);
  }

  @Test
  void writesAndReadsBackObjectsWithLongNames() throws IOException {
    ManifestSet set =
        ManifestSet.of(
            new ConfigMapBuilder()
                .withNewMetadata()
                .withName("x".repeat(253))
                .withNamespace("y".repeat(63))
                .endMetadata()
                .build());
    Path out = dir.resolve("m".repeat(240)); // the store's name is shortened too
    List<Path> written = ManifestWriter.write(set, out);
    assertThat(Files.readString(written.get(0)))
        .isEqualTo(YamlRenderer.render(set.objects().get(0)));
    assertThat(TestGpuspec.read(out).manifests()).isEqualTo(set);
    assertThat(names(dir)).allSatisfy(n -> assertThat(n.length()).isLessThanOrEqualTo(255));
  }

  @Test
  void aSymbolicLinkGpuspecDidNotMakeIsRefusedAndKept() throws IOException {
    Path elsewhere = Files.createDirectories(dir.resolve("elsewhere"));
    Files.writeString(elsewhere.resolve("keep.yaml"), "k");
    Path out = dir.resolve("manifests");
    Files.createSymbolicLink(out, Path.of("elsewhere"));
    assertThatThrownBy(() -> ManifestWriter.write(YamlRendererTest.sample(), out))
        .isInstanceOf(ManifestWriteException.class)
        .hasMessageContaining("symbolic link")
        .hasMessageContaining("did not make");
    assertThat(Files.readSymbolicLink(out)).isEqualTo(Path.of("elsewhere"));
    assertThat(names(elsewhere)).containsExactly("keep.yaml");
    assertThat(names(dir)).containsExactly("elsewhere", "manifests");

    Path file = dir.resolve("all.yaml");
    Files.createSymbolicLink(file, Path.of("elsewhere/keep.yaml"));
    assertThatThrownBy(() -> ManifestWriter.writeFile(YamlRendererTest.sample(), file))
        .isInstanceOf(ManifestWriteException.class)
        .hasMessageContaining("symbolic link");
    assertThat(Files.readString(elsewhere.resolve("keep.yaml"))).isEqualTo("k");
  }

  @Test
  void aDanglingLinkIntoTheStoreIsReplaced() throws IOException {
    Path out = dir.resolve("manifests");
    ManifestWriter.write(YamlRendererTest.sample(), out);
    try (Stream<Path> walk = Files.walk(dir.resolve(".manifests.gpuspec"))) {
      for (Path p : walk.sorted(java.util.Comparator.reverseOrder()).toList()) {
        Files.delete(p);
      }
    }
    assertThat(Files.exists(out)).isFalse(); // the link dangles
    ManifestWriter.write(YamlRendererTest.sample(), out);
    assertThat(TestGpuspec.read(out).manifests()).isEqualTo(YamlRendererTest.sample());
  }

  @Test
  void anEmptyDirectoryOrAnEarlierGpuspecOutputIsReplacedOtherDirectoriesAreNot()
      throws IOException {
    Path empty = Files.createDirectories(dir.resolve("empty"));
    ManifestWriter.write(YamlRendererTest.sample(), empty);
    assertThat(Files.isSymbolicLink(empty)).isTrue();

    Path legacy = Files.createDirectories(dir.resolve("legacy"));
    Files.writeString(legacy.resolve("01-namespace-ml.yaml"), "old");
    Files.writeString(legacy.resolve("02-configmap-ml-cfg.yaml"), "old");
    ManifestWriter.write(YamlRendererTest.sample(), legacy);
    assertThat(Files.isSymbolicLink(legacy)).isTrue();
    assertThat(TestGpuspec.read(legacy).manifests()).isEqualTo(YamlRendererTest.sample());
    assertThat(names(dir.resolve(".legacy.gpuspec"))).hasSize(2); // lock and the version

    Path mine = Files.createDirectories(dir.resolve("mine"));
    Files.writeString(mine.resolve("notes.txt"), "precious");
    assertThatThrownBy(() -> ManifestWriter.write(YamlRendererTest.sample(), mine))
        .isInstanceOf(ManifestWriteException.class)
        .hasMessageContaining("did not write")
        .hasMessageContaining("notes.txt");
    assertThat(Files.readString(mine.resolve("notes.txt"))).isEqualTo("precious");
    assertThat(names(dir)).doesNotContain(".mine.gpuspec");
  }

  @Test
  void leftoversOfAKilledRunAreRemovedByTheNextRun() throws IOException {
    Path out = dir.resolve("manifests");
    ManifestWriter.write(YamlRendererTest.sample(), out);
    Path store = dir.resolve(".manifests.gpuspec");
    String current = Files.readSymbolicLink(out).getFileName().toString();
    // what a run killed at different moments leaves behind
    Files.createDirectories(store.resolve("tmp-killed/"));
    Files.writeString(store.resolve("tmp-killed/01-half.yaml"), "apiVersion: v1\nkind: Conf");
    Files.createDirectories(store.resolve("v-killed-after-rename"));
    Files.createSymbolicLink(store.resolve("link-killed"), Path.of(".manifests.gpuspec/v-x"));
    Files.createDirectories(store.resolve("trash-v-killed-while-deleting"));
    assertThat(TestGpuspec.read(out).manifests()).isEqualTo(YamlRendererTest.sample());
    ManifestWriter.write(YamlRendererTest.sample(), out);
    String next = Files.readSymbolicLink(out).getFileName().toString();
    assertThat(next).isNotEqualTo(current);
    assertThat(names(store)).containsExactly("lock", next);
  }

  @Test
  void aSecondWriterWhileTheLockIsHeldFailsClearlyAndTheFirstSetStays() throws IOException {
    Path out = dir.resolve("manifests");
    ManifestSet first = YamlRendererTest.sample();
    ManifestWriter.write(first, out);
    try (FileChannel channel =
            FileChannel.open(dir.resolve(".manifests.gpuspec/lock"), StandardOpenOption.WRITE);
        FileLock held = channel.lock()) {
      ManifestSet second = ManifestSet.of(first.objects().get(0));
      assertThatThrownBy(() -> ManifestWriter.write(second, out))
          .isInstanceOf(ManifestWriteException.class)
          .hasMessageContaining("another gpuspec run is writing it")
          .hasMessageContaining("wait for that run to finish");
      assertThat(TestGpuspec.read(out).manifests()).isEqualTo(first);
    }
    ManifestSet second = ManifestSet.of(first.objects().get(0));
    ManifestWriter.write(second, out); // free again
    assertThat(TestGpuspec.read(out).manifests()).isEqualTo(second);
  }
}
