package io.gpuspec.core.manifest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.gpuspec.core.TestGpuspec;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.report.Violation;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** How the reader copes with files and directories that misbehave, and where its limits lie. */
@Timeout(60)
class ManifestReaderRobustnessTest {

  @TempDir Path dir;

  private static String cm(String name) {
    return "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: " + name + "\n";
  }

  private static void assertWellFormed(ReadResult read) {
    for (Violation v : read.problems()) {
      assertThat(v.ruleId()).matches("YAML00[1-8]");
      assertThat(v.toString()).doesNotContain("\n").doesNotContain("Exception");
      assertThat(v.source()).isPresent();
    }
  }

  @Test
  void aFifoInADirectoryIsReportedAndTheOtherFilesAreRead() throws Exception {
    Files.writeString(dir.resolve("a.yaml"), cm("a"));
    Process mkfifo = new ProcessBuilder("mkfifo", dir.resolve("b.yaml").toString()).start();
    Assumptions.assumeTrue(mkfifo.waitFor() == 0, "mkfifo is available");
    Files.writeString(dir.resolve("c.yaml"), cm("c"));
    ReadResult read = TestGpuspec.read(dir);
    assertThat(read.manifests().objects())
        .extracting(o -> o.getMetadata().getName())
        .containsExactly("a", "c");
    assertThat(read.problems())
        .singleElement()
        .satisfies(
            v -> {
              assertThat(v.ruleId()).isEqualTo("YAML001");
              assertThat(v.message()).contains("not a regular file");
              assertThat(v.source().get().file()).isEqualTo(dir.resolve("b.yaml"));
            });
  }

  @Test
  void anUnreadableSubdirectoryIsReportedAndTheOtherFilesAreRead() throws IOException {
    Files.writeString(dir.resolve("a.yaml"), cm("a"));
    Path locked =
        HostileCorpus.unreadableDirectory(Files.createDirectories(dir.resolve("sub"))).orElse(null);
    Assumptions.assumeTrue(locked != null, "an unreadable directory can be made here");
    try {
      // a link to a directory is not followed inside a walk, so read the locked one directly too
      ReadResult read = TestGpuspec.read(List.of(dir, locked));
      assertThat(read.manifests().objects())
          .extracting(o -> o.getMetadata().getName())
          .contains("a");
      assertThat(read.problems())
          .anySatisfy(
              v -> {
                assertThat(v.ruleId()).isEqualTo("YAML001");
                assertThat(v.message()).contains("permission denied");
              });
      assertWellFormed(read);
    } finally {
      HostileCorpus.unlock(dir.resolve("sub"));
    }
  }

  @Test
  void missingPathsAndLinkLoopsDoNotStopTheOthers() throws IOException {
    Files.writeString(dir.resolve("good.yaml"), cm("good"));
    Path loop = dir.resolve("loop.yaml");
    Files.createSymbolicLink(loop, loop.getFileName());
    ReadResult read =
        TestGpuspec.read(List.of(dir.resolve("missing.yaml"), loop, dir.resolve("good.yaml")));
    assertThat(read.manifests().objects())
        .extracting(o -> o.getMetadata().getName())
        .contains("good");
    assertThat(read.problems())
        .extracting(Violation::message)
        .anyMatch(m -> m.contains("does not exist"))
        .anyMatch(m -> m.contains("symbolic link loop"));
    assertWellFormed(read);
  }

  @Test
  void filesAndDirectoriesThatChangeDuringTheWalkNeverMakeItThrow() throws Exception {
    Path tree = Files.createDirectories(dir.resolve("tree"));
    for (int i = 0; i < 20; i++) {
      Files.createDirectories(tree.resolve("d" + i));
      Files.writeString(tree.resolve("d" + i + "/f.yaml"), cm("f" + i));
    }
    AtomicBoolean stop = new AtomicBoolean();
    AtomicReference<Throwable> churnFailed = new AtomicReference<>();
    Thread churn =
        new Thread(
            () -> {
              Random random = new Random(7);
              while (!stop.get()) {
                Path sub = tree.resolve("d" + random.nextInt(20));
                try {
                  if (random.nextBoolean()) {
                    Files.deleteIfExists(sub.resolve("f.yaml"));
                    Files.deleteIfExists(sub);
                  } else {
                    Files.createDirectories(sub);
                    Files.writeString(sub.resolve("f.yaml"), cm("f"));
                  }
                } catch (IOException e) {
                  // a race with itself (directory not empty yet): try the next one
                } catch (RuntimeException e) {
                  churnFailed.set(e);
                }
              }
            });
    churn.start();
    try {
      for (int round = 0; round < 300; round++) {
        ReadResult[] read = new ReadResult[1];
        assertThatCode(() -> read[0] = TestGpuspec.read(tree)).doesNotThrowAnyException();
        assertWellFormed(read[0]);
        assertThat(read[0].problems()).allSatisfy(v -> assertThat(v.ruleId()).isEqualTo("YAML001"));
      }
    } finally {
      stop.set(true);
      churn.join();
    }
    assertThat(churnFailed.get()).isNull();
  }

  @Test
  void anInvalidSourceNameDoesNotThrow() {
    ReadResult read = TestGpuspec.read(cm("a") + "bogus: 1\n", "bad\0name.yaml");
    assertThat(read.problems()).singleElement().extracting(Violation::ruleId).isEqualTo("YAML003");
  }

  @Test
  void documentsBeforeASyntaxErrorAreKept() {
    ReadResult read =
        TestGpuspec.read("---\n" + cm("a") + "---\n" + cm("b") + "data: {\n", "s.yaml");
    assertThat(read.manifests().objects())
        .extracting(o -> o.getMetadata().getName())
        .containsExactly("a");
    assertThat(read.problems()).singleElement().extracting(Violation::ruleId).isEqualTo("YAML001");
  }

  @Test
  void aFileOverALimitKeepsNothingButTheLimitFinding() {
    ReadResult read =
        TestGpuspec.read(
            "---\n" + cm("a") + "bogus: 1\n---\n" + "[".repeat(101) + "]".repeat(101) + "\n",
            "l.yaml");
    assertThat(read.manifests().isEmpty()).isTrue();
    assertThat(read.problems())
        .singleElement()
        .satisfies(
            v -> {
              assertThat(v.ruleId()).isEqualTo("YAML005");
              assertThat(v.source().get().document()).isEqualTo(1);
              assertThat(v.source().get().line()).isEqualTo(8);
            });
  }

  @Test
  void depthIsCountedAfterAliasExpansion() {
    String deep60 = "[".repeat(60) + "x" + "]".repeat(60);
    String ok =
        cm("a") + "x: &x " + deep60 + "\ny: " + "[".repeat(38) + "*x" + "]".repeat(38) + "\n";
    String tooDeep =
        cm("a") + "x: &x " + deep60 + "\ny: " + "[".repeat(40) + "*x" + "]".repeat(40) + "\n";
    assertThat(TestGpuspec.read(ok, "ok.yaml").problems())
        .extracting(Violation::ruleId)
        .containsOnly("YAML003"); // x and y are not ConfigMap fields
    Violation v = TestGpuspec.read(tooDeep, "deep.yaml").problems().get(0);
    assertThat(v.ruleId()).isEqualTo("YAML005");
    assertThat(v.message()).contains("deeper than 100").contains("after aliases");
    assertThat(v.source().get().line()).isEqualTo(6); // the alias that makes it too deep
  }

  @Test
  void exactlyAtTheDepthLimitIsRead() {
    // the root mapping is level 1, data level 2, then 98 nested lists: 100 levels
    String text = cm("a") + "x: " + "[".repeat(99) + "]".repeat(99) + "\n";
    assertThat(TestGpuspec.read(text, "d.yaml").problems())
        .extracting(Violation::ruleId)
        .containsExactly("YAML003");
    String over = cm("a") + "x: " + "[".repeat(100) + "]".repeat(100) + "\n";
    assertThat(TestGpuspec.read(over, "d.yaml").problems())
        .extracting(Violation::ruleId)
        .containsExactly("YAML005");
  }

  @Test
  void findingsPerFileAreCappedAndTheRestCounted() {
    StringBuilder text = new StringBuilder(cm("a"));
    for (int i = 0; i < 1_500; i++) {
      text.append("bogus").append(i).append(": 1\n");
    }
    ReadResult read = TestGpuspec.read(text.toString(), "many.yaml");
    assertThat(read.problems()).hasSize(ManifestReader.MAX_FINDINGS_PER_FILE + 1);
    Violation last = read.problems().get(read.problems().size() - 1);
    assertThat(last.ruleId()).isEqualTo("YAML005");
    // the highest severity of those left out: fields unknown to the model are warnings
    assertThat(last.severity()).isEqualTo(Severity.WARNING);
    assertThat(last.message()).startsWith("500 more findings");
  }

  @Test
  void aLineAtTheLimitIsReadAndOneLongerIsNot() {
    String prefix = cm("a") + "data:\n  k: ";
    String atLimit = prefix + "x".repeat(ManifestReader.MAX_LINE_CHARS - 5) + "\n";
    ReadResult read = TestGpuspec.read(atLimit, "line.yaml");
    assertThat(read.problems()).isEmpty();
    assertThat(((ConfigMap) read.manifests().objects().get(0)).getData().get("k"))
        .hasSize(ManifestReader.MAX_LINE_CHARS - 5);
    String over = prefix + "x".repeat(ManifestReader.MAX_LINE_CHARS) + "\n";
    Violation v = TestGpuspec.read(over, "line.yaml").problems().get(0);
    assertThat(v.ruleId()).isEqualTo("YAML005");
    assertThat(v.source().get().line()).isEqualTo(6);
  }

  @Test
  void typeMismatchesInAListAreReportedAtTheirOwnIndexes() {
    String text =
        "apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec:\n  containers:\n"
            + "  - name: c\n    image: i\n    args: [1, \"a\", 2, \"b\", 3]\n";
    ReadResult read = TestGpuspec.read(text, "args.yaml");
    assertThat(read.problems())
        .extracting(Violation::path)
        .containsExactly(
            "spec.containers[0].args[0]",
            "spec.containers[0].args[2]",
            "spec.containers[0].args[4]");
    HasMetadata pod = read.manifests().objects().get(0);
    assertThat(
            ((io.fabric8.kubernetes.api.model.Pod) pod).getSpec().getContainers().get(0).getArgs())
        .containsExactly("a", "b");
  }

  @Test
  void mergedValuesKeepTheLineWhereTheyAreWritten() {
    String text =
        cm("a") // 1-4
            + "  labels: &common\n" // 5
            + "    team: ml\n" // 6
            + "    tier: 1\n" // 7
            + "  annotations:\n" // 8
            + "    <<: *common\n" // 9
            + "    owner: me\n"; // 10
    ReadResult read = TestGpuspec.read(text, "merge.yaml");
    assertThat(read.problems())
        .extracting(Violation::path, v -> v.source().get().line())
        .containsExactly(
            org.assertj.core.api.Assertions.tuple("metadata.labels[tier]", 7),
            org.assertj.core.api.Assertions.tuple("metadata.annotations[tier]", 7));
  }

  @Test
  void integralFloatsDecodeIntoIntegersAndFractionsDoNot() {
    String pc =
        "apiVersion: scheduling.k8s.io/v1\nkind: PriorityClass\nmetadata: {name: p}\nvalue: ";
    assertThat(TestGpuspec.read(pc + "1e3\n", "p.yaml").problems()).isEmpty();
    assertThat(TestGpuspec.read(pc + "1000.0\n", "p.yaml").problems()).isEmpty();
    List<Violation> fraction = new ArrayList<>(TestGpuspec.read(pc + "1.5\n", "p.yaml").problems());
    assertThat(fraction)
        .singleElement()
        .satisfies(v -> assertThat(v.message()).contains("1.5 is not a 32-bit integer"));
  }

  @Test
  void afterTwentyTypeMismatchesTheObjectIsReportedAsNotChecked() {
    StringBuilder text = new StringBuilder(cm("a") + "data:\n");
    for (int i = 0; i < 25; i++) {
      text.append("  k").append(i).append(": ").append(i).append('\n');
    }
    ReadResult read = TestGpuspec.read(text.toString(), "types.yaml");
    assertThat(read.problems()).hasSize(ManifestReader.MAX_TYPE_PROBLEMS + 2);
    assertThat(read.problems().subList(0, ManifestReader.MAX_TYPE_PROBLEMS + 1))
        .allSatisfy(v -> assertThat(v.ruleId()).isEqualTo("YAML007"));
    Violation last = read.problems().get(read.problems().size() - 1);
    assertThat(last.ruleId()).isEqualTo("YAML005");
    assertThat(last.message()).endsWith("the object is not checked");
    assertThat(last.source().get().line()).isEqualTo(1);
    assertThat(read.manifests().isEmpty()).isTrue();
  }
}
