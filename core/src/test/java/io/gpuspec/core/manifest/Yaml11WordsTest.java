package io.gpuspec.core.manifest;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The one YAML 1.1 word list, run through the reader and the renderer with the same table. */
class Yaml11WordsTest {

  @Test
  void reader_resolvesTheTableAsBooleansNullsAndFloats() {
    for (Map.Entry<String, Boolean> word : Yaml11WordTable.WORDS.entrySet()) {
      assertThat(!Yaml11Scalars.resolve(word.getKey()).json().isString())
          .as("the reader resolves %s", word.getKey())
          .isEqualTo(word.getValue());
    }
  }

  @Test
  void renderer_quotesExactlyTheWordsOfTheTable() {
    for (Map.Entry<String, Boolean> word : Yaml11WordTable.WORDS.entrySet()) {
      assertThat(Yaml11Quoting.yaml11NonString(word.getKey()))
          .as("the renderer quotes %s", word.getKey())
          .isEqualTo(word.getValue());
      if (word.getValue()) {
        ConfigMap map =
            new ConfigMapBuilder()
                .withNewMetadata()
                .withName("words")
                .endMetadata()
                .withData(Map.of("k", word.getKey()))
                .build();
        assertThat(YamlRenderer.render(map))
            .as("rendered %s", word.getKey())
            .contains("k: \"" + word.getKey() + "\"\n");
      }
    }
  }

  @Test
  void words_areTheTablesWordsInLowerCase() {
    for (Map.Entry<String, Boolean> word : Yaml11WordTable.WORDS.entrySet()) {
      if (!word.getKey().isEmpty()) {
        assertThat(Yaml11Words.isReserved(word.getKey()))
            .as("reserved: %s", word.getKey())
            .isEqualTo(word.getValue());
      }
    }
    assertThat(Yaml11Words.reserved())
        .containsExactlyInAnyOrder(
            "y", "yes", "n", "no", "true", "false", "on", "off", "null", "~", ".inf", "+.inf",
            "-.inf", ".nan");
  }
}
