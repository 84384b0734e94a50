package io.gpuspec.tfjob.rules;

import static org.assertj.core.api.Assertions.assertThat;

import io.gpuspec.core.check.Rule;
import io.gpuspec.core.check.RuleEngine;
import org.junit.jupiter.api.Test;

class RuleRegistrationTest {

  @Test
  void defaults_containEveryTfJobRuleWithDocumentation() {
    assertThat(RuleEngine.defaults().rules())
        .filteredOn(r -> r.id().startsWith("TFJ"))
        .extracting(Rule::id)
        .containsExactly("TFJ001", "TFJ002", "TFJ003", "TFJ004", "TFJ005", "TFJ006");
    assertThat(RuleEngine.defaults().rules())
        .filteredOn(r -> r.id().startsWith("TFJ"))
        .allSatisfy(r -> assertThat(r.documentation().toString()).contains("kubeflow.org/docs"));
  }
}
