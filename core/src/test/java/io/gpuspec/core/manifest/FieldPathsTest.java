package io.gpuspec.core.manifest;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

class FieldPathsTest {

  private static final JsonNode TREE =
      JsonMapper.builder()
          .build()
          .readTree(
              "{\"spec\":{\"containers\":[{\"resources\":{\"limits\":{\"nvidia.com/gpu\":1}}}]},"
                  + "\"metadata\":{\"labels\":{\"app\":\"x\"}}}");

  @Test
  void kubernetesStyle() {
    assertThat(FieldPaths.of("/spec/containers/0/resources/limits/nvidia.com~1gpu", TREE))
        .isEqualTo("spec.containers[0].resources.limits[nvidia.com/gpu]");
    assertThat(FieldPaths.of("/metadata/labels/app", TREE)).isEqualTo("metadata.labels[app]");
    assertThat(FieldPaths.of("", TREE)).isEqualTo("<root>");
  }

  @Test
  void anyPointerGivesAPathWhateverTheTree() {
    // a key step where the tree has a list, steps below missing values, an index past the end
    assertThat(FieldPaths.of("/spec/containers/name/x", TREE)).isEqualTo("spec.containers.name.x");
    assertThat(FieldPaths.of("/spec/containers/99/a", TREE)).isEqualTo("spec.containers[99].a");
    assertThat(FieldPaths.of("/spec/containers/99999999999/a", TREE))
        .isEqualTo("spec.containers[99999999999].a");
    assertThat(FieldPaths.of("/a//b/", TREE)).isEqualTo("a[].b[]");
    assertThat(FieldPaths.of("/x~2y", TREE)).isEqualTo("[x~2y]");
  }

  @Test
  void longAndControlCharacterKeysAreShortenedAndEscaped() {
    String path = FieldPaths.of("/data/" + "k".repeat(5_000), TREE);
    assertThat(path).startsWith("data[kkk").endsWith("…]").hasSizeLessThan(300);
    assertThat(FieldPaths.of("/data/a\nb", TREE)).isEqualTo("data[a\\nb]");
    String label = "example.com/" + "n".repeat(63);
    assertThat(FieldPaths.of("/metadata/labels/" + label.replace("/", "~1"), TREE))
        .isEqualTo("metadata.labels[" + label + "]");
  }
}
