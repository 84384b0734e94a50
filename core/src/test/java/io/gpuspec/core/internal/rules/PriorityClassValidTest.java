package io.gpuspec.core.internal.rules;

import static io.gpuspec.core.internal.rules.RuleFixtures.run;
import static io.gpuspec.core.internal.rules.RuleFixtures.single;
import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.scheduling.v1.PriorityClass;
import io.fabric8.kubernetes.api.model.scheduling.v1.PriorityClassBuilder;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.report.Violation;
import org.junit.jupiter.api.Test;

class PriorityClassValidTest {

  private final PriorityClassValid rule = new PriorityClassValid();

  private static PriorityClass priorityClass(String name, int value, String policy) {
    return new PriorityClassBuilder()
        .withNewMetadata()
        .withName(name)
        .endMetadata()
        .withValue(value)
        .withPreemptionPolicy(policy)
        .build();
  }

  @Test
  void check_valueAboveOneBillion_errors() {
    Violation v = single(run(rule, priorityClass("too-high", 1_000_000_001, null)));

    assertThat(v.ruleId()).isEqualTo("K8S005");
    assertThat(v.severity()).isEqualTo(Severity.ERROR);
    assertThat(v.path()).isEqualTo("value");
    assertThat(v.message()).contains("priorityclass \"too-high\"", "1000000001");
  }

  @Test
  void check_systemPrefix_errorsAndSuggestsAName() {
    Violation v = single(run(rule, priorityClass("system-gpu", 1000, null)));

    assertThat(v.path()).isEqualTo("metadata.name");
    assertThat(v.fix()).contains("\"gpu\"");
  }

  @Test
  void check_unknownPreemptionPolicy_errors() {
    Violation v = single(run(rule, priorityClass("gpu", 1000, "Sometimes")));

    assertThat(v.path()).isEqualTo("preemptionPolicy");
    assertThat(v.message()).contains("\"Sometimes\"");
  }

  @Test
  void check_referencePlatformTiers_areQuiet() {
    assertThat(
            run(
                rule,
                priorityClass("gpu-critical", 1_000_000_000, "PreemptLowerPriority"),
                priorityClass("inference-critical", 1_000_000, "Never"),
                priorityClass("experiment-low", -10, null)))
        .isEmpty();
  }
}
