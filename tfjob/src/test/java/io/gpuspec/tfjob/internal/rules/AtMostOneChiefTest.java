package io.gpuspec.tfjob.internal.rules;

import static org.assertj.core.api.Assertions.assertThat;

import io.gpuspec.core.kubeflow.ReplicaSpec;
import io.gpuspec.core.report.Severity;
import io.gpuspec.tfjob.model.TFJob;
import org.junit.jupiter.api.Test;

class AtMostOneChiefTest {

  private final AtMostOneChief rule = new AtMostOneChief();

  @Test
  void fires_onChiefAndMasterTogether() {
    TFJob job =
        RuleFixtures.mnist(
            j -> {
              ReplicaSpec chief = j.getSpec().getTfReplicaSpecs().get("Chief");
              j.getSpec()
                  .getTfReplicaSpecs()
                  .put("Master", new ReplicaSpec(1, "Never", chief.getTemplate()));
            });

    assertThat(RuleFixtures.check(rule, job).violations())
        .singleElement()
        .satisfies(
            v -> {
              assertThat(v.ruleId()).isEqualTo("TFJ002");
              assertThat(v.severity()).isEqualTo(Severity.ERROR);
              assertThat(v.message()).contains("both a Chief and a Master");
            });
  }

  @Test
  void fires_onChiefWithTwoReplicas() {
    TFJob job =
        RuleFixtures.mnist(j -> j.getSpec().getTfReplicaSpecs().get("Chief").setReplicas(2));

    assertThat(RuleFixtures.check(rule, job).violations())
        .singleElement()
        .satisfies(
            v -> {
              assertThat(v.path()).isEqualTo("spec.tfReplicaSpecs.Chief.replicas");
              assertThat(v.message()).isEqualTo("Chief has 2 replicas");
              assertThat(v.fix()).contains("set replicas to 1");
            });
  }

  @Test
  void quiet_onOneChiefOfOneReplica() {
    assertThat(RuleFixtures.check(rule, RuleFixtures.mnist(j -> {})).violations()).isEmpty();
  }
}
