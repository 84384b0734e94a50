package io.gpuspec.tfjob.internal.rules;

import static org.assertj.core.api.Assertions.assertThat;

import io.gpuspec.core.TestGpuspec;
import io.gpuspec.core.spi.Rule;
import org.junit.jupiter.api.Test;

class RuleRegistrationTest {

  @Test
  void defaults_containEveryTfJobRuleWithDocumentation() {
    assertThat(TestGpuspec.GPUSPEC.engine().rules())
        .filteredOn(r -> r.id().startsWith("TFJ"))
        .extracting(Rule::id)
        .containsExactly("TFJ001", "TFJ002", "TFJ003", "TFJ004", "TFJ006");
    assertThat(TestGpuspec.GPUSPEC.engine().rules())
        .filteredOn(r -> r.id().startsWith("TFJ"))
        .allSatisfy(
            r -> assertThat(r.info().documentation().toString()).contains("kubeflow.org/docs"));
  }
}
