package io.gpuspec.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Variants derived from a base spec with {@code from(base)}: team defaults, then changes. */
class VariantsTest {

  private static final TrainingJob TEAM_DEFAULTS =
      TrainingJob.named("defaults")
          .namespace("ml")
          .image("nvcr.io/nvidia/pytorch:24.08-py3")
          .cpu("16")
          .memory("64Gi")
          .gpus(8)
          .onPool(Fixtures.A100_TRAIN)
          .backoffLimit(2)
          .sharedMemory("64Gi")
          .addVolume(WorkloadVolume.dataset("datasets", "/data", "datasets-cephfs"))
          .build();

  @Test
  void from_copiesEverySettingAndLaterCallsReplaceValues() {
    TrainingJob resnet =
        TrainingJob.from(TEAM_DEFAULTS).name("resnet50").parallelism(2).completions(2).build();

    assertThat(resnet.name()).isEqualTo("resnet50");
    assertThat(resnet.parallelism()).isEqualTo(2);
    assertThat(resnet.namespace()).isEqualTo("ml");
    assertThat(resnet.image()).isEqualTo(TEAM_DEFAULTS.image());
    assertThat(resnet.backoffLimit()).contains(2);
    assertThat(resnet.placement()).isEqualTo(TEAM_DEFAULTS.placement());
    assertThat(resnet.volumes()).isEqualTo(TEAM_DEFAULTS.volumes());
    assertThat(TEAM_DEFAULTS.name()).isEqualTo("defaults");
  }

  @Test
  void from_listsAreAddedToAndReplacedByTheirSetter() {
    WorkloadVolume scratch = WorkloadVolume.scratch("/scratch", "1Ti", "local-nvme");

    TrainingJob added = TrainingJob.from(TEAM_DEFAULTS).name("a").addVolume(scratch).build();
    TrainingJob replaced =
        TrainingJob.from(TEAM_DEFAULTS).name("b").volumes(List.of(scratch)).build();

    assertThat(added.volumes()).hasSize(2).endsWith(scratch);
    assertThat(replaced.volumes()).containsExactly(scratch);
  }

  @Test
  void from_checksTheVariantAsAWhole() {
    TrainingJob onL40s =
        TrainingJob.from(TEAM_DEFAULTS)
            .name("small")
            .onPool(Fixtures.L40S_INFERENCE)
            .gpus(2)
            .build();
    assertThat(onL40s.placement().orElseThrow().pool()).isEqualTo(Fixtures.L40S_INFERENCE);

    assertThatThrownBy(
            () ->
                TrainingJob.from(TEAM_DEFAULTS).name("big").onPool(Fixtures.L40S_INFERENCE).build())
        .isInstanceOf(InvalidSpecException.class)
        .hasMessageStartingWith(
            "Job/ml/big spec.template.spec.containers: the pod requests 8 GPUs per pod but the"
                + " nodes of the pools it selects have at most 2");
  }

  @Test
  void from_deploymentVariant() {
    InferenceDeployment llm =
        InferenceDeployment.named("llm")
            .namespace("serving")
            .image("nvcr.io/nvidia/tritonserver:24.08-py3")
            .onPool(Fixtures.L40S_INFERENCE)
            .port("http", 8000)
            .readinessPath("/v2/health/ready")
            .build();

    InferenceDeployment embeddings =
        InferenceDeployment.from(llm).name("embeddings").replicas(3).build();

    assertThat(embeddings.toDeployment().getMetadata().getName()).isEqualTo("embeddings");
    assertThat(embeddings.ports()).isEqualTo(llm.ports());
    assertThat(embeddings.replicas()).isEqualTo(3);
  }

  @Test
  void from_poolVariantReplacesTaints() {
    NodePool tainted =
        NodePool.from(Fixtures.A100_TRAIN)
            .name("a100-b")
            .taints(new NodeTaint("gpu", "a100", NodeTaint.Effect.NO_SCHEDULE))
            .build();
    NodePool retainted =
        NodePool.from(tainted)
            .taints(new NodeTaint("team", "a", NodeTaint.Effect.NO_EXECUTE))
            .build();

    assertThat(tainted.nodeLabels()).isEqualTo(Fixtures.A100_TRAIN.nodeLabels());
    assertThat(retainted.taints())
        .containsExactly(new NodeTaint("team", "a", NodeTaint.Effect.NO_EXECUTE));
  }

  @Test
  void from_modelAndSchemeVariants() {
    GpuModel custom = GpuModel.from(GpuCatalogue.A100_80GB).name("A100-80GB-lab").build();
    LabelScheme acme =
        LabelScheme.from(LabelScheme.gpuModel())
            .name("acme")
            .putConstantLabel("node-type", "gpu")
            .build();

    assertThat(custom.productLabels()).isEqualTo(GpuCatalogue.A100_80GB.productLabels());
    assertThat(acme.modelKey()).isEqualTo("gpu.model");
    assertThat(acme.constantLabels()).containsEntry("node-type", "gpu");
  }
}
