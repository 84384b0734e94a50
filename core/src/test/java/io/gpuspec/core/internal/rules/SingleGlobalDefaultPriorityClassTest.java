package io.gpuspec.core.internal.rules;

import static io.gpuspec.core.internal.rules.RuleFixtures.run;
import static io.gpuspec.core.internal.rules.RuleFixtures.single;
import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.scheduling.v1.PriorityClass;
import io.fabric8.kubernetes.api.model.scheduling.v1.PriorityClassBuilder;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.report.Violation;
import org.junit.jupiter.api.Test;

class SingleGlobalDefaultPriorityClassTest {

  private final SingleGlobalDefaultPriorityClass rule = new SingleGlobalDefaultPriorityClass();

  private static PriorityClass priorityClass(String name, Boolean globalDefault) {
    return new PriorityClassBuilder()
        .withNewMetadata()
        .withName(name)
        .endMetadata()
        .withValue(1000)
        .withGlobalDefault(globalDefault)
        .build();
  }

  @Test
  void check_twoGlobalDefaults_errorsOnTheSecondNamingTheFirst() {
    Violation v =
        single(run(rule, priorityClass("a-batch", true), priorityClass("b-experiment", true)));

    assertThat(v.ruleId()).isEqualTo("K8S006");
    assertThat(v.severity()).isEqualTo(Severity.ERROR);
    assertThat(v.object().name()).isEqualTo("b-experiment");
    assertThat(v.path()).isEqualTo("globalDefault");
    assertThat(v.message()).contains("priorityclass \"a-batch\" is already the global default");
  }

  @Test
  void check_threeGlobalDefaults_reportsEveryOneAfterTheFirst() {
    assertThat(
            run(rule, priorityClass("a", true), priorityClass("b", true), priorityClass("c", true)))
        .extracting(v -> v.object().name())
        .containsExactly("b", "c");
  }

  @Test
  void check_oneGlobalDefault_isQuiet() {
    assertThat(
            run(
                rule,
                priorityClass("gpu-batch", true),
                priorityClass("gpu-best-effort", false),
                priorityClass("gpu-critical", null)))
        .isEmpty();
  }
}
