package io.gpuspec.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** What the builders say when they are misused: which value, which attribute, what to do. */
class BuilderErrorsTest {

  @Test
  void build_oneRequiredAttributeMissing_namesItAndTheCall() {
    assertThatThrownBy(() -> NodePool.named("a100").gpusPerNode(8).build())
        .isInstanceOf(IncompleteSpecException.class)
        .hasMessage("node pool builder: required attribute \"model\" is not set; call .model(...)");
  }

  @Test
  void build_severalRequiredAttributesMissing_namesThemAll() {
    assertThatThrownBy(() -> NodePool.named("a100").build())
        .isInstanceOf(InvalidSpecException.class)
        .hasMessage(
            "node pool builder: required attributes \"model\", \"gpusPerNode\" are not set;"
                + " call .model(...), .gpusPerNode(...)");
  }

  @Test
  void build_missingNameOfAWorkload_namesTheWorkloadType() {
    assertThat(TrainingJob.from(job()).build()).isEqualTo(job());
    assertThatThrownBy(() -> new TrainingJob.Builder().image("img").build())
        .isInstanceOf(IncompleteSpecException.class)
        .hasMessage(
            "training job builder: required attribute \"name\" is not set; call .name(...)");
  }

  @Test
  void setter_null_namesTheBuilderAndTheAttribute() {
    assertThatThrownBy(() -> NodePool.named(null))
        .isInstanceOf(NullValueException.class)
        .hasMessage(
            "node pool builder name: the value is null; pass a value (the DSL takes no nulls:"
                + " leave optional settings out)");
  }

  @Test
  void optionalSetter_null_isANullValue() {
    assertThatThrownBy(() -> TrainingJob.named("x").priorityClassName((String) null))
        .isInstanceOf(NullValueException.class)
        .hasMessageStartingWith("training job builder priorityClassName: the value is null;");
  }

  @Test
  void listElement_null_namesTheList() {
    assertThatThrownBy(() -> TrainingJob.named("x").addArg(null))
        .isInstanceOf(NullValueException.class)
        .hasMessage("training job builder args: an element is null; pass only non-null elements");
  }

  @Test
  void mapKeyAndValue_null_nameTheMapAndTheKey() {
    assertThatThrownBy(() -> TrainingJob.named("x").putEnv(null, "v"))
        .isInstanceOf(NullValueException.class)
        .hasMessage("training job builder env: a key is null; pass only non-null keys");
    assertThatThrownBy(() -> TrainingJob.named("x").putEnv("NCCL_DEBUG", null))
        .isInstanceOf(NullValueException.class)
        .hasMessageStartingWith(
            "training job builder env: the value for key \"NCCL_DEBUG\" is null; pass a value");
  }

  @Test
  void from_null_saysWhatToPass() {
    assertThatThrownBy(() -> NodePool.from(null))
        .isInstanceOf(NullValueException.class)
        .hasMessage(
            "node pool builder: the spec to start from is null; pass a spec that was built"
                + " before");
  }

  @Test
  void taints_nullTaint_isANullElement() {
    assertThatThrownBy(() -> NodePool.named("a").taints((NodeTaint) null))
        .isInstanceOf(NullValueException.class)
        .hasMessageStartingWith("node pool builder customTaints: an element is null;");
  }

  @Test
  @DisplayName("every builder message has the form <where>: <what is wrong>; <how to fix>")
  void messages_followTheForm() {
    for (Runnable misuse :
        new Runnable[] {
          () -> GpuModel.builder().build(),
          () -> LabelScheme.builder().name("x").build(),
          () -> GpuPlacement.builder().build(),
          () -> Platform.builder().addPool(null),
          () -> InferenceDeployment.named("x").putLabel("app", null),
          () -> InferenceDeployment.named("x").placement((GpuPlacement) null),
        }) {
      assertThatThrownBy(misuse::run)
          .isInstanceOf(InvalidSpecException.class)
          .message()
          .matches("[a-z][a-z ]+ builder[^:]*: [^;]+; .+");
    }
  }

  @Test
  void builderFrames_wordsOfATypeName() {
    assertThat(BuilderFrames.words("NodePool")).isEqualTo("node pool");
    assertThat(BuilderFrames.words("TfJob")).isEqualTo("tf job");
    assertThat(BuilderFrames.words("Platform")).isEqualTo("platform");
  }

  private static TrainingJob job() {
    return TrainingJob.named("resnet50")
        .image("nvcr.io/nvidia/pytorch:24.08-py3")
        .gpus(8)
        .onPool(Fixtures.A100_TRAIN)
        .build();
  }
}
