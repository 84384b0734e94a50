package io.gpuspec.tfjob;

import static io.gpuspec.tfjob.TfFixtures.A100_TRAIN;
import static io.gpuspec.tfjob.TfFixtures.IMAGE;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.gpuspec.core.InvalidSpecException;
import org.junit.jupiter.api.Test;

/** The build-time checks of a TFJob that guard against overflow and clashing metadata. */
class TfJobBuildChecksTest {

  private static TfJob.Builder mnist() {
    return TfJob.named("mnist").namespace("ml").onPool(A100_TRAIN);
  }

  @Test
  void totalReplicasBeyondInt_fires() {
    assertThatThrownBy(
            () ->
                mnist()
                    .workers(2, w -> w.image(IMAGE))
                    .ps(Integer.MAX_VALUE, p -> p.image(IMAGE).gpus(0))
                    .build())
        .isInstanceOf(InvalidSpecException.class)
        .hasMessageStartingWith(
            "tfjob \"mnist\" replicas: 2147483649 is more than a Kubernetes count can hold");
  }

  @Test
  void gpuDemandBeyondInt_firesInsteadOfOverflowing() {
    assertThatThrownBy(
            () -> mnist().workers(Integer.MAX_VALUE, w -> w.image(IMAGE).gpus(8)).build())
        .isInstanceOf(InvalidSpecException.class)
        .hasMessageStartingWith(
            "tfjob \"mnist\" gpus: 17179869176 GPUs at once on pool \"a100-train\", which has 32;");
  }

  @Test
  void jobLabelsAndAnnotations_areChecked() {
    assertThatThrownBy(
            () -> mnist().workers(1, w -> w.image(IMAGE)).putLabel("bad key", "x").build())
        .isInstanceOf(InvalidSpecException.class)
        .hasMessageStartingWith(
            "TFJob/ml/mnist metadata.labels[bad key]: label key \"bad key\" is not a qualified"
                + " name;");
    assertThatThrownBy(
            () -> mnist().workers(1, w -> w.image(IMAGE)).putAnnotation("not/a/key", "x").build())
        .isInstanceOf(InvalidSpecException.class)
        .hasMessageStartingWith(
            "TFJob/ml/mnist metadata.annotations[not/a/key]: annotation key \"not/a/key\" is"
                + " not a qualified name;");
  }

  @Test
  void replicaLabelThatGpuspecSets_fires() {
    assertThatThrownBy(
            () ->
                mnist()
                    .workers(1, w -> w.image(IMAGE).putLabel("app.kubernetes.io/component", "x"))
                    .build())
        .isInstanceOf(InvalidSpecException.class)
        .hasMessageStartingWith(
            "tfjob \"mnist\" Worker labels: \"app.kubernetes.io/component\" is set by gpuspec");
  }

  @Test
  void sensibleJob_isQuiet() {
    TfJob job =
        mnist()
            .putLabel("team", "vision")
            .putAnnotation("example.com/owner", "ana")
            .workers(4, w -> w.image(IMAGE).putLabel("tier", "train"))
            .ps(2, p -> p.image(IMAGE).gpus(0))
            .build();

    assertThat(job.totalReplicas()).isEqualTo(6);
  }
}
