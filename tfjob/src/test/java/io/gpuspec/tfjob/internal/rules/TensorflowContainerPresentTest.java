package io.gpuspec.tfjob.internal.rules;

import static org.assertj.core.api.Assertions.assertThat;

import io.gpuspec.core.report.Severity;
import io.gpuspec.tfjob.model.TFJob;
import org.junit.jupiter.api.Test;

class TensorflowContainerPresentTest {

  private final TensorflowContainerPresent rule = new TensorflowContainerPresent();

  @Test
  void fires_onContainerWithAnotherName_andGivesTheRename() {
    TFJob job =
        RuleFixtures.mnist(
            j ->
                j.getSpec()
                    .getTfReplicaSpecs()
                    .get("Worker")
                    .getTemplate()
                    .getSpec()
                    .getContainers()
                    .get(0)
                    .setName("trainer"));

    assertThat(RuleFixtures.check(rule, job).violations())
        .singleElement()
        .satisfies(
            v -> {
              assertThat(v.ruleId()).isEqualTo("TFJ003");
              assertThat(v.severity()).isEqualTo(Severity.ERROR);
              assertThat(v.path())
                  .isEqualTo("spec.tfReplicaSpecs.Worker.template.spec.containers[0].name");
              assertThat(v.message()).contains("Worker has no container named \"tensorflow\"");
              assertThat(v.fix()).isEqualTo("rename the container \"trainer\" to \"tensorflow\"");
            });
  }

  @Test
  void fires_onTemplateWithoutContainers() {
    TFJob job =
        RuleFixtures.mnist(
            j ->
                j.getSpec()
                    .getTfReplicaSpecs()
                    .get("Chief")
                    .getTemplate()
                    .getSpec()
                    .getContainers()
                    .clear());

    assertThat(RuleFixtures.check(rule, job).violations())
        .singleElement()
        .satisfies(v -> assertThat(v.message()).isEqualTo("Chief has no containers"));
  }

  @Test
  void quiet_whenEveryReplicaHasTensorflow() {
    assertThat(RuleFixtures.check(rule, RuleFixtures.mnist(j -> {})).violations()).isEmpty();
  }
}
