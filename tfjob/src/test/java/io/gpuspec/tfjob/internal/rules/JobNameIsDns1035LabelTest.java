package io.gpuspec.tfjob.internal.rules;

import static org.assertj.core.api.Assertions.assertThat;

import io.gpuspec.core.report.Severity;
import io.gpuspec.tfjob.model.TFJob;
import org.junit.jupiter.api.Test;

class JobNameIsDns1035LabelTest {

  private final JobNameIsDns1035Label rule = new JobNameIsDns1035Label();

  @Test
  void fires_onNameStartingWithADigit() {
    TFJob job = RuleFixtures.mnist(j -> j.getMetadata().setName("1mnist"));

    assertThat(RuleFixtures.check(rule, job).violations())
        .singleElement()
        .satisfies(
            v -> {
              assertThat(v.ruleId()).isEqualTo("TFJ005");
              assertThat(v.severity()).isEqualTo(Severity.ERROR);
              assertThat(v.path()).isEqualTo("metadata.name");
              assertThat(v.message()).contains("\"1mnist\" is not a DNS-1035 label");
            });
  }

  @Test
  void fires_onDottedName() {
    TFJob job = RuleFixtures.mnist(j -> j.getMetadata().setName("mnist.v2"));

    assertThat(RuleFixtures.check(rule, job).violations()).hasSize(1);
  }

  @Test
  void quiet_onDns1035Name() {
    assertThat(RuleFixtures.check(rule, RuleFixtures.mnist(j -> {})).violations()).isEmpty();
  }
}
