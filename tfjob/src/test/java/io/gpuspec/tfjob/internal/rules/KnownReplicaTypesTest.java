package io.gpuspec.tfjob.internal.rules;

import static org.assertj.core.api.Assertions.assertThat;

import io.gpuspec.core.report.Report;
import io.gpuspec.core.report.Severity;
import io.gpuspec.tfjob.model.TFJob;
import org.junit.jupiter.api.Test;

class KnownReplicaTypesTest {

  private final KnownReplicaTypes rule = new KnownReplicaTypes();

  @Test
  void fires_onUnknownReplicaType() {
    TFJob job =
        RuleFixtures.mnist(
            j -> {
              var specs = j.getSpec().getTfReplicaSpecs();
              specs.put("worker", specs.remove("Worker"));
            });

    Report report = RuleFixtures.check(rule, job);

    assertThat(report.violations())
        .singleElement()
        .satisfies(
            v -> {
              assertThat(v.ruleId()).isEqualTo("TFJ001");
              assertThat(v.severity()).isEqualTo(Severity.ERROR);
              assertThat(v.path()).isEqualTo("spec.tfReplicaSpecs.worker");
              assertThat(v.message()).contains("\"worker\" is not a TFJob replica type");
              assertThat(v.fix()).contains("Chief, Master, Worker, PS, Evaluator");
            });
  }

  @Test
  void fires_onEmptyReplicaSpecs() {
    TFJob job = RuleFixtures.mnist(j -> j.getSpec().getTfReplicaSpecs().clear());

    assertThat(RuleFixtures.check(rule, job).violations())
        .singleElement()
        .satisfies(v -> assertThat(v.message()).contains("no replica specs"));
  }

  @Test
  void quiet_onKnownReplicaTypes() {
    assertThat(RuleFixtures.check(rule, RuleFixtures.mnist(j -> {})).violations()).isEmpty();
  }
}
