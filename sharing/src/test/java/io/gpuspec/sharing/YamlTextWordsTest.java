package io.gpuspec.sharing;

import static org.assertj.core.api.Assertions.assertThat;

import io.gpuspec.core.manifest.Yaml11WordTable;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The sharing configs' writer quotes the same YAML 1.1 words as the reader and renderer. */
class YamlTextWordsTest {

  @Test
  void scalar_quotesExactlyTheWordsOfTheTable() {
    for (Map.Entry<String, Boolean> word : Yaml11WordTable.WORDS.entrySet()) {
      assertThat(YamlText.scalar(word.getKey()).startsWith("\""))
          .as("the sharing writer quotes %s", word.getKey())
          .isEqualTo(word.getValue());
    }
  }
}
