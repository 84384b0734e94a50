package io.gpuspec.sharing;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.dataformat.yaml.YAMLMapper;

/** The config writer: sorted keys, flow lists of scalars, literal blocks, YAML 1.1-safe quoting. */
class YamlTextTest {

  @Test
  void stringsAYaml11ReaderWouldMisread_areQuoted() {
    assertThat(YamlText.scalar("on")).isEqualTo("\"on\"");
    assertThat(YamlText.scalar("Yes")).isEqualTo("\"Yes\"");
    assertThat(YamlText.scalar("8")).isEqualTo("\"8\"");
    assertThat(YamlText.scalar("0x20B010DE")).isEqualTo("\"0x20B010DE\"");
    assertThat(YamlText.scalar("1:20")).isEqualTo("\"1:20\"");
    assertThat(YamlText.scalar("1e3")).isEqualTo("\"1e3\"");
    assertThat(YamlText.scalar("")).isEqualTo("\"\"");
    assertThat(YamlText.scalar("a: b")).isEqualTo("\"a: b\"");
    assertThat(YamlText.scalar("tab\there")).isEqualTo("\"tab\\there\"");
  }

  @Test
  void namesThatAreUnambiguous_stayPlain() {
    assertThat(YamlText.scalar("1g.10gb")).isEqualTo("1g.10gb");
    assertThat(YamlText.scalar("1g.5gb+me")).isEqualTo("1g.5gb+me");
    assertThat(YamlText.scalar("nvidia.com/mig-3g.40gb")).isEqualTo("nvidia.com/mig-3g.40gb");
    assertThat(YamlText.scalar("all-1g.10gb")).isEqualTo("all-1g.10gb");
    assertThat(YamlText.scalar(7)).isEqualTo("7");
    assertThat(YamlText.scalar(false)).isEqualTo("false");
  }

  @Test
  void tree_isWrittenSortedWithFlowScalarListsAndBlockMappingLists() {
    Map<String, Object> item = new LinkedHashMap<>();
    item.put("name", "nvidia.com/gpu");
    item.put("devices", List.of(0, "GPU-1"));
    item.put("empty", Map.of());
    Map<String, Object> root = new LinkedHashMap<>();
    root.put("version", "v1");
    root.put("list", List.of(item));
    root.put("none", List.of());
    root.put("text", "line one\nline two\n");
    assertThat(YamlText.render(root))
        .isEqualTo(
            """
            list:
            - devices: [0, GPU-1]
              empty: {}
              name: nvidia.com/gpu
            none: []
            text: |
              line one
              line two
            version: v1
            """);
  }

  @Test
  void literalBlocks_keepTrailingNewlinesExactly() {
    for (String text : List.of("a\nb", "a\nb\n", "a\n\nb\n\n", "x\n  indented\n")) {
      String yaml = YamlText.render(Map.of("text", text));
      JsonNode read = new YAMLMapper().readTree(yaml);
      assertThat(read.get("text").asString()).as(yaml).isEqualTo(text);
    }
    assertThat(YamlText.render(Map.of("text", " leading\nspace")))
        .isEqualTo("text: \" leading\\nspace\"\n");
  }
}
