package io.gpuspec.core.manifest;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.gpuspec.core.report.SourceLocation;
import io.gpuspec.core.report.Violation;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A module can claim documents that are not Kubernetes objects: the reader offers every mapping
 * without apiVersion and kind to the recognizers before it reports YAML006, and the writers never
 * emit the objects recognizers made.
 */
class DocumentRecognizerTest {

  private static final KindRegistry KINDS =
      KindRegistry.load(DocumentRecognizerTest.class.getClassLoader(), List.of());

  private static final String CONFIG =
      """
      version: v1
      sharing:
        timeSlicing:
          resources:
          - name: nvidia.com/gpu
            replicas: 4
      """;

  /** Claims documents with a top-level version key as a ConfigMap holding the text. */
  private static final class VersionedConfigs implements DocumentRecognizer {
    final List<Document> offered = new ArrayList<>();

    @Override
    public Optional<HasMetadata> recognize(Document document) {
      offered.add(document);
      if (!document.content().has("version")) {
        return Optional.empty();
      }
      ConfigMap map =
          new ConfigMapBuilder()
              .withNewMetadata()
              .withName(document.fileName().replace('.', '-'))
              .addToAnnotations(SYNTHETIC_ANNOTATION, document.fileName())
              .endMetadata()
              .addToData(document.fileName(), document.text())
              .build();
      return Optional.of(map);
    }
  }

  private static ReadResult read(DocumentRecognizer recognizer, String yaml) {
    return ManifestReader.read(
        KINDS, List.of(recognizer), WriteOrder.kubernetes(), yaml, "dir/plugin.yaml");
  }

  @Test
  void withoutARecognizer_aConfigDocumentIsYaml006() {
    ReadResult read =
        ManifestReader.read(KINDS, WriteOrder.kubernetes(), CONFIG, "dir/plugin.yaml");

    assertThat(read.problems()).extracting(Violation::ruleId).containsExactly("YAML006");
    assertThat(read.manifests().isEmpty()).isTrue();
  }

  @Test
  void aClaimedDocument_becomesTheRecognizersObject_withItsOwnTextAndSource() {
    VersionedConfigs recognizer = new VersionedConfigs();
    String yaml =
        """
        apiVersion: v1
        kind: Namespace
        metadata:
          name: gpu-operator
        ---
        # the device-plugin config
        """
            + CONFIG;

    ReadResult read = read(recognizer, yaml);

    assertThat(read.problems()).isEmpty();
    ConfigMap map = read.manifests().ofType(ConfigMap.class).get(0);
    assertThat(map.getData()).containsEntry("plugin.yaml", CONFIG);
    assertThat(read.manifests().sourceOf(map))
        .contains(new SourceLocation(Path.of("dir/plugin.yaml"), 1, 7));
    assertThat(recognizer.offered).hasSize(1);
    assertThat(recognizer.offered.get(0).index()).isEqualTo(1);
    assertThat(DocumentRecognizer.isSynthetic(map)).isTrue();
  }

  @Test
  void aDocumentMayStandForSeveralObjects_eachKeptAtTheDocument() {
    DocumentRecognizer twoObjects =
        new DocumentRecognizer() {
          @Override
          public Optional<HasMetadata> recognize(Document document) {
            return recognizeAll(document).stream().findFirst();
          }

          @Override
          public List<HasMetadata> recognizeAll(Document document) {
            return Stream.of("first", "second")
                .<HasMetadata>map(
                    name ->
                        new ConfigMapBuilder()
                            .withNewMetadata()
                            .withName(name)
                            .addToAnnotations(SYNTHETIC_ANNOTATION, document.fileName())
                            .endMetadata()
                            .build())
                .toList();
          }
        };

    ReadResult read = read(twoObjects, "# values\n" + CONFIG);

    assertThat(read.problems()).isEmpty();
    List<ConfigMap> maps = read.manifests().ofType(ConfigMap.class);
    assertThat(maps).extracting(m -> m.getMetadata().getName()).containsExactly("first", "second");
    assertThat(maps)
        .allSatisfy(
            map ->
                assertThat(read.manifests().sourceOf(map))
                    .contains(new SourceLocation(Path.of("dir/plugin.yaml"), 0, 2)));
  }

  @Test
  void anUnclaimedMapping_isStillYaml006() {
    ReadResult read = read(new VersionedConfigs(), "flags:\n  migStrategy: none\n");

    assertThat(read.problems()).extracting(Violation::ruleId).containsExactly("YAML006");
  }

  @Test
  void aDocumentWithApiVersionOrKind_isNeverOffered() {
    VersionedConfigs recognizer = new VersionedConfigs();

    ReadResult read =
        read(recognizer, "apiVersion: v1\nversion: v1\n---\nkind: Pod\nversion: v1\n");

    assertThat(recognizer.offered).isEmpty();
    assertThat(read.problems()).extracting(Violation::ruleId).containsExactly("YAML006", "YAML006");
  }

  @Test
  void textWithCharactersOutsideTheBmp_isCutAtTheRightPlace() {
    VersionedConfigs recognizer = new VersionedConfigs();
    String first = "# 🚀 rocket\nversion: v1\nnote: \"🚀\"\n";

    ReadResult read = read(recognizer, first + "---\nversion: v1\n");

    List<ConfigMap> maps = read.manifests().ofType(ConfigMap.class);
    assertThat(maps).hasSize(2);
    assertThat(maps.get(0).getData().get("plugin.yaml")).isEqualTo("version: v1\nnote: \"🚀\"\n");
    assertThat(maps.get(1).getData().get("plugin.yaml")).isEqualTo("version: v1\n");
  }

  @Test
  void writers_leaveOutTheObjectsRecognizersMade(@TempDir Path dir) throws IOException {
    ReadResult read =
        read(
            new VersionedConfigs(),
            "apiVersion: v1\nkind: Namespace\n" + "metadata:\n  name: ml\n---\n" + CONFIG);
    assertThat(read.manifests().size()).isEqualTo(2);

    List<Path> written = ManifestWriter.write(read.manifests(), dir.resolve("out"));
    Path file = ManifestWriter.writeFile(read.manifests(), dir.resolve("all.yaml"));

    assertThat(written)
        .extracting(p -> p.getFileName().toString())
        .containsExactly("01-namespace-ml.yaml");
    try (Stream<Path> files = Files.list(dir.resolve("out"))) {
      assertThat(files).hasSize(1);
    }
    assertThat(Files.readString(file)).contains("kind: Namespace").doesNotContain("ConfigMap");
  }
}
