package io.gpuspec.tfjob.internal.rules;

import static org.assertj.core.api.Assertions.assertThat;

import io.gpuspec.core.kubeflow.SchedulingPolicy;
import io.gpuspec.core.report.Severity;
import io.gpuspec.tfjob.model.TFJob;
import org.junit.jupiter.api.Test;

class MinAvailableWithinReplicasTest {

  private final MinAvailableWithinReplicas rule = new MinAvailableWithinReplicas();

  private static TFJob withMinAvailable(int min) {
    return RuleFixtures.mnist(
        j -> {
          SchedulingPolicy policy = new SchedulingPolicy();
          policy.setMinAvailable(min);
          j.getSpec().getRunPolicy().setSchedulingPolicy(policy);
        });
  }

  @Test
  void fires_whenGangNeedsMorePodsThanTheJobCreates() {
    assertThat(RuleFixtures.check(rule, withMinAvailable(6)).violations())
        .singleElement()
        .satisfies(
            v -> {
              assertThat(v.ruleId()).isEqualTo("TFJ006");
              assertThat(v.severity()).isEqualTo(Severity.ERROR);
              assertThat(v.path()).isEqualTo("spec.runPolicy.schedulingPolicy.minAvailable");
              assertThat(v.message()).contains("waits for 6 pods but the job creates 5");
              assertThat(v.fix()).isEqualTo("set minAvailable to at most 5");
            });
  }

  @Test
  void quiet_whenGangEqualsTheJob() {
    assertThat(RuleFixtures.check(rule, withMinAvailable(5)).violations()).isEmpty();
  }

  @Test
  void quiet_withoutSchedulingPolicy() {
    assertThat(RuleFixtures.check(rule, RuleFixtures.mnist(j -> {})).violations()).isEmpty();
  }
}
