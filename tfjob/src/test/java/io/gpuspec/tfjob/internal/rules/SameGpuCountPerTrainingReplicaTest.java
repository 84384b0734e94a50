package io.gpuspec.tfjob.internal.rules;

import static io.gpuspec.tfjob.TfFixtures.A100_TRAIN;
import static io.gpuspec.tfjob.TfFixtures.IMAGE;
import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.Quantity;
import io.gpuspec.core.report.Severity;
import io.gpuspec.tfjob.TfJob;
import io.gpuspec.tfjob.model.TFJob;
import org.junit.jupiter.api.Test;

class SameGpuCountPerTrainingReplicaTest {

  private final SameGpuCountPerTrainingReplica rule = new SameGpuCountPerTrainingReplica();

  @Test
  void fires_whenChiefAndWorkersRequestDifferentGpuCounts() {
    TFJob job =
        RuleFixtures.mnist(
            j -> {
              var resources =
                  j.getSpec()
                      .getTfReplicaSpecs()
                      .get("Chief")
                      .getTemplate()
                      .getSpec()
                      .getContainers()
                      .get(0)
                      .getResources();
              resources.getLimits().put("nvidia.com/gpu", new Quantity("2"));
              resources.getRequests().put("nvidia.com/gpu", new Quantity("2"));
            });

    assertThat(RuleFixtures.check(rule, job).violations())
        .singleElement()
        .satisfies(
            v -> {
              assertThat(v.ruleId()).isEqualTo("TFJ004");
              assertThat(v.severity()).isEqualTo(Severity.WARNING);
              assertThat(v.message()).contains("(Chief 2, Worker 1)");
            });
  }

  @Test
  void quiet_forCpuPsAndGpuEvaluatorBesideEqualWorkers() {
    TFJob job =
        TfJob.named("mnist")
            .onPool(A100_TRAIN)
            .workers(4, w -> w.image(IMAGE).gpus(2))
            .ps(2, p -> p.image(IMAGE).gpus(0))
            .evaluator(e -> e.image(IMAGE).gpus(1))
            .build()
            .toTfJob();

    assertThat(RuleFixtures.check(rule, job).violations()).isEmpty();
  }
}
