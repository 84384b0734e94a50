package io.gpuspec.trainer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.gpuspec.core.Fixtures;
import io.gpuspec.core.Fleet;
import io.gpuspec.core.InvalidSpecException;
import io.gpuspec.core.TestGpuspec;
import io.gpuspec.core.check.CheckOptions;
import io.gpuspec.core.kubeflow.ReplicaSpec;
import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.report.Severity;
import io.gpuspec.tfjob.RestartPolicy;
import io.gpuspec.tfjob.TfJob;
import io.gpuspec.tfjob.model.TFJob;
import io.gpuspec.trainer.merge.TrainJobMerge;
import java.util.Map;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

/** One test per TFJob replica shape: what the TrainJob runs, and what does not carry over. */
class TfJobMigrationTest {

  static final String IMAGE = "tensorflow/tensorflow:2.15.0-gpu";

  private static TfJobMigration.Result migrate(UnaryOperator<TfJob.Builder> shape) {
    TFJob tf =
        shape
            .apply(TfJob.named("mnist").namespace("ml").onPool(Fixtures.A100_TRAIN))
            .build()
            .toTfJob();
    return TfJobMigration.migrate(
        tf.getMetadata(), tf.getSpec().getTfReplicaSpecs(), tf.getSpec().getRunPolicy());
  }

  /** The jobs the TrainJob runs on its migrated runtime, as name=pods. */
  private static Map<String, Long> pods(TfJobMigration.Result result) {
    Map<String, Long> pods = new java.util.LinkedHashMap<>();
    TrainJobMerge.merge(result.trainJob(), result.runtime())
        .jobs()
        .forEach(j -> pods.put(j.name(), j.pods()));
    return pods;
  }

  /** The migrated objects have no error with the TFJob's pool known. */
  private static void assertNoErrors(TfJobMigration.Result result) {
    assertThat(
            TestGpuspec.GPUSPEC
                .engine()
                .check(
                    ManifestSet.of(result.objects()),
                    CheckOptions.builder().fleet(Fleet.of(Fixtures.A100_TRAIN)).build())
                .violations())
        .filteredOn(v -> v.severity() == Severity.ERROR)
        .isEmpty();
  }

  @Test
  void workersOnly_becomeTheTrainerNodes() {
    TfJobMigration.Result result = migrate(j -> j.workers(4, w -> w.image(IMAGE).gpus(8)));

    assertThat(pods(result)).containsExactly(Map.entry("node", 4L));
    assertThat(result.trainJob().getSpec().getRuntimeRef().getName()).isEqualTo("mnist-runtime");
    assertThat(
            result
                .runtime()
                .getSpec()
                .getTemplate()
                .getSpec()
                .getReplicatedJobs()
                .get(0)
                .getTemplate()
                .getSpec()
                .getTemplate()
                .getSpec()
                .getContainers())
        .extracting("name")
        .containsExactly("node");
    assertThat(result.notCarried()).anyMatch(n -> n.startsWith("TF_CONFIG"));
    assertNoErrors(result);
  }

  @Test
  void chiefAndWorkers_workersTrainAsNodes_chiefIsAOnePodJob() {
    TfJobMigration.Result result =
        migrate(j -> j.chief(c -> c.image(IMAGE).gpus(8)).workers(3, w -> w.image(IMAGE).gpus(8)));

    assertThat(pods(result)).containsExactly(Map.entry("node", 3L), Map.entry("chief", 1L));
    assertNoErrors(result);
  }

  @Test
  void parameterServers_becomeACpuJobOfAsManyPods() {
    TfJobMigration.Result result =
        migrate(
            j ->
                j.chief(c -> c.image(IMAGE).gpus(8))
                    .workers(2, w -> w.image(IMAGE).gpus(8))
                    .ps(
                        2,
                        p ->
                            p.image("tensorflow/tensorflow:2.15.0")
                                .gpus(0)
                                .cpu("4")
                                .memory("16Gi")));

    assertThat(pods(result))
        .containsExactly(Map.entry("node", 2L), Map.entry("chief", 1L), Map.entry("ps", 2L));
    assertNoErrors(result);
  }

  @Test
  void chiefOnly_isTheOneTrainerNode() {
    TfJobMigration.Result result = migrate(j -> j.chief(c -> c.image(IMAGE).gpus(4)));

    assertThat(pods(result)).containsExactly(Map.entry("node", 1L));
    assertNoErrors(result);
  }

  @Test
  void masterAndWorkers_masterIsTheChiefJob() {
    TfJobMigration.Result result =
        migrate(j -> j.master(m -> m.image(IMAGE).gpus(8)).workers(2, w -> w.image(IMAGE).gpus(8)));

    assertThat(pods(result)).containsExactly(Map.entry("node", 2L), Map.entry("chief", 1L));
  }

  @Test
  void evaluator_becomesItsOwnJob() {
    TfJobMigration.Result result =
        migrate(
            j -> j.workers(2, w -> w.image(IMAGE).gpus(8)).evaluator(e -> e.image(IMAGE).gpus(1)));

    assertThat(pods(result)).containsExactly(Map.entry("node", 2L), Map.entry("evaluator", 1L));
    assertNoErrors(result);
  }

  @Test
  void gangAndRestartPolicies_areListedAsNotCarriedOver() {
    TfJobMigration.Result result =
        migrate(
            j ->
                j.workers(2, w -> w.image(IMAGE).gpus(8).restartPolicy(RestartPolicy.EXIT_CODE))
                    .schedulingPolicy(s -> s.minAvailable(2).queue("research"))
                    .backoffLimit(3)
                    .suspend(true));

    assertThat(result.runtime().getSpec().getPodGroupPolicy().getVolcano()).isNotNull();
    assertThat(result.trainJob().getSpec().getSuspend()).isTrue();
    assertThat(result.notCarried())
        .anyMatch(n -> n.contains("restartPolicy ExitCode"))
        .anyMatch(n -> n.contains("backoffLimit 3"))
        .anyMatch(n -> n.contains("schedulingPolicy"));
  }

  @Test
  void noReplicaToTrainOn_isRefused() {
    assertThatThrownBy(
            () ->
                TfJobMigration.migrate(
                    TfJob.named("x")
                        .onPool(Fixtures.A100_TRAIN)
                        .workers(1, w -> w.image(IMAGE).gpus(1))
                        .build()
                        .toTfJob()
                        .getMetadata(),
                    Map.of("PS", new ReplicaSpec(1, null, null)),
                    null))
        .isInstanceOf(InvalidSpecException.class)
        .hasMessageContaining("no Chief, Master or Worker");
  }
}
