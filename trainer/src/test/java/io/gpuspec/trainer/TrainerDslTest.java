package io.gpuspec.trainer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.gpuspec.core.Fixtures;
import io.gpuspec.core.Fleet;
import io.gpuspec.core.GoldenFiles;
import io.gpuspec.core.InvalidSpecException;
import io.gpuspec.core.NodePool;
import io.gpuspec.core.TestGpuspec;
import io.gpuspec.core.check.CheckOptions;
import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.manifest.YamlRenderer;
import io.gpuspec.core.report.Report;
import io.gpuspec.trainer.merge.EffectiveJob;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Runtimes on pools and TrainJobs on runtimes: rendered YAML byte for byte, and every rule passes
 * it as an error, with the pools as the fleet.
 */
class TrainerDslTest {

  static final String IMAGE = "pytorch/pytorch:2.13.0-cuda13.0-cudnn9-runtime";

  static TrainerRuntime torchH100() {
    return TrainerRuntime.named("torch-h100")
        .onPool(Fixtures.H100_TRAIN)
        .image(IMAGE)
        .gang(GangPolicy.volcano())
        .build();
  }

  static TrainerRuntime deepspeedA100() {
    return TrainerRuntime.named("deepspeed-a100")
        .onPool(Fixtures.A100_TRAIN)
        .framework(MlFramework.MPI)
        .image("ghcr.io/kubeflow/trainer/deepspeed-runtime:v2.3.0")
        .gpusPerNode(4)
        .build();
  }

  static Report strictCheck(List<HasMetadata> objects, NodePool... pools) {
    return TestGpuspec.GPUSPEC
        .engine()
        .check(
            ManifestSet.of(objects),
            CheckOptions.builder().fleet(Fleet.of(pools)).strict(true).build());
  }

  @Test
  void torchRuntimeAndTwoJobs_renderAsGolden_andPassEveryRuleStrictly() {
    TrainerRuntime runtime = torchH100();
    TrainerJob llama =
        TrainerJob.named("llama-sft")
            .namespace("ml")
            .runtime(runtime)
            .numNodes(2)
            .image("registry.example.com/llama-sft:1.4")
            .addCommand("torchrun", "/workspace/train.py")
            .putEnv("NCCL_DEBUG", "INFO")
            .queue("training")
            .build();
    TrainerJob probe =
        TrainerJob.named("probe").namespace("ml").runtime(runtime).gpusPerNode(1).build();
    List<HasMetadata> objects = new ArrayList<>(runtime.toManifests());
    objects.addAll(llama.toManifests());
    objects.addAll(probe.toManifests());

    assertThat(strictCheck(objects, Fixtures.H100_TRAIN).violations()).isEmpty();
    GoldenFiles.assertMatches(
        "trainer-torch-h100.yaml", YamlRenderer.render(ManifestSet.of(objects)));
  }

  @Test
  void mpiRuntime_launcherTrainsAsANode_andPassesEveryRuleStrictly() {
    TrainerRuntime runtime = deepspeedA100();
    TrainerJob job =
        TrainerJob.named("ds-zero3").namespace("ml").runtime(runtime).numNodes(4).build();
    List<HasMetadata> objects = new ArrayList<>(runtime.toManifests());
    objects.addAll(job.toManifests());

    assertThat(job.effective().jobs()).extracting(EffectiveJob::pods).containsExactly(3L, 1L);
    assertThat(strictCheck(objects, Fixtures.A100_TRAIN).violations()).isEmpty();
    GoldenFiles.assertMatches(
        "trainer-deepspeed-a100.yaml", YamlRenderer.render(ManifestSet.of(objects)));
  }

  @Test
  void serviceAccount_isPatchedIntoEveryReplicatedJob_andPassesEveryRuleStrictly() {
    TrainerRuntime runtime = deepspeedA100();
    TrainerJob job =
        TrainerJob.named("ds-zero3")
            .namespace("ml")
            .runtime(runtime)
            .numNodes(2)
            .serviceAccountName("ml-workload")
            .build();
    List<HasMetadata> objects = new ArrayList<>(runtime.toManifests());
    objects.addAll(job.toManifests());

    assertThat(job.toTrainJob().getSpec().getRuntimePatches())
        .singleElement()
        .satisfies(
            patch -> {
              assertThat(patch.getManager()).isEqualTo(TrainerJob.PATCH_MANAGER);
              assertThat(patch.getTrainingRuntimeSpec().getTemplate().getSpec().getReplicatedJobs())
                  .extracting(j -> j.getName())
                  .containsExactly("node", "launcher");
            });
    assertThat(job.effective().jobs())
        .hasSize(2)
        .allSatisfy(
            j ->
                assertThat(j.template().getSpec().getTemplate().getSpec().getServiceAccountName())
                    .isEqualTo("ml-workload"));
    assertThat(strictCheck(objects, Fixtures.A100_TRAIN).violations()).isEmpty();
  }

  @Test
  void queuedJob_isLabelledForItsLocalQueueAndSuspended() {
    TrainerJob job =
        TrainerJob.named("llama").namespace("ml").runtime(torchH100()).queue("training").build();

    assertThat(job.toTrainJob().getMetadata().getLabels())
        .containsEntry(TrainerJob.QUEUE_LABEL, "training");
    assertThat(job.toTrainJob().getSpec().getSuspend()).isTrue();
  }

  @Test
  void moreNodesThanThePoolHolds_isRefusedWithTheRulesFinding() {
    assertThatThrownBy(
            () -> TrainerJob.named("big").namespace("ml").runtime(torchH100()).numNodes(3).build())
        .isInstanceOfSatisfying(
            InvalidSpecException.class,
            e -> {
              assertThat(e.ruleId()).hasValue("TRN002");
              assertThat(e.getMessage()).contains("spec.trainer.numNodes").contains("h100-train");
            });
  }

  @Test
  void moreGpusPerNodeThanThePoolsNodes_isRefusedAtItsShape() {
    assertThatThrownBy(
            () ->
                TrainerJob.named("big")
                    .namespace("ml")
                    .runtime(torchH100())
                    .gpusPerNode(16)
                    .build())
        .isInstanceOf(InvalidSpecException.class)
        .hasMessageContaining("gpusPerNode");
  }
}
