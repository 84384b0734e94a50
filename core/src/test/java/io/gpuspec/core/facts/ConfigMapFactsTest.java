package io.gpuspec.core.facts;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import java.util.Base64;
import org.junit.jupiter.api.Test;

/** K8S035's size bound: 1 MiB of values, text and binary counted together. */
class ConfigMapFactsTest {

  private static ConfigMap withValues(int textBytes, int binaryBytes) {
    return new ConfigMapBuilder()
        .withNewMetadata()
        .withName("mig-parted-config")
        .endMetadata()
        .addToData("config.yaml", "x".repeat(textBytes))
        .addToBinaryData("blob", Base64.getEncoder().encodeToString(new byte[binaryBytes]))
        .build();
  }

  @Test
  void exactlyOneMebibyte_isAdmitted() {
    assertThat(ConfigMapFacts.valid(withValues(ConfigMapFacts.MAX_BYTES - 10, 10))).isEmpty();
  }

  @Test
  void oneByteMore_isRejectedAtData() {
    assertThat(ConfigMapFacts.valid(withValues(ConfigMapFacts.MAX_BYTES - 10, 11)))
        .singleElement()
        .satisfies(
            f -> {
              assertThat(f.path()).isEqualTo("data");
              assertThat(f.apiServerRejects()).isTrue();
              assertThat(f.message()).contains("1048577 bytes");
            });
  }
}
