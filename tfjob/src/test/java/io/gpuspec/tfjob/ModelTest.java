package io.gpuspec.tfjob;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Namespaced;
import io.gpuspec.core.TestGpuspec;
import io.gpuspec.tfjob.model.TFJob;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** The model's fabric8 identity and its JSON shape, independent of the YAML renderer. */
class ModelTest {

  private static final JsonMapper JSON = JsonMapper.builder().build();

  @Test
  void annotations_giveApiVersionKindAndNamespacedScope() {
    assertThat(HasMetadata.getApiVersion(TFJob.class)).isEqualTo("kubeflow.org/v1");
    assertThat(HasMetadata.getKind(TFJob.class)).isEqualTo("TFJob");
    assertThat(HasMetadata.getPlural(TFJob.class)).isEqualTo("tfjobs");
    assertThat(Namespaced.class).isAssignableFrom(TFJob.class);
  }

  @Test
  void kindProvider_registersTfJobWithTheReader() {
    assertThat(TestGpuspec.GPUSPEC.kinds().lookup("kubeflow.org/v1", "TFJob"))
        .contains(TFJob.class);
  }

  @Test
  void json_hasUpstreamFieldNamesInOrderAndNoNullsOrCreationTimestamp() {
    JsonNode tree = JSON.valueToTree(TfFixtures.mnist().toTfJob());

    assertThat(tree.propertyNames()).containsExactly("apiVersion", "kind", "metadata", "spec");
    assertThat(tree.get("spec").propertyNames())
        .containsExactly("runPolicy", "tfReplicaSpecs")
        .doesNotContain("successPolicy");
    JsonNode worker = tree.at("/spec/tfReplicaSpecs/Worker");
    assertThat(worker.propertyNames()).containsExactly("replicas", "restartPolicy", "template");
    assertThat(worker.at("/template/metadata").has("creationTimestamp")).isFalse();
    assertThat(JSON.writeValueAsString(tree)).doesNotContain("null");
  }

  @Test
  void json_roundTripEqualsTheModelAndKeepsUnknownFields() {
    TFJob job = TfFixtures.mnist().toTfJob();
    job.setAdditionalProperty("status", java.util.Map.of("startTime", "2026-01-01T00:00:00Z"));

    TFJob read = JSON.readValue(JSON.writeValueAsString(job), TFJob.class);

    assertThat(read).isEqualTo(job).hasSameHashCodeAs(job);
    assertThat(read.getAdditionalProperties()).containsKey("status");
  }

  @Test
  void json_emptySuccessPolicyIsKept() {
    TFJob job =
        TfJob.named("mnist")
            .onPool(TfFixtures.A100_TRAIN)
            .workers(1, w -> w.image(TfFixtures.IMAGE))
            .successPolicy(SuccessPolicy.DEFAULT)
            .build()
            .toTfJob();

    assertThat(JSON.valueToTree(job).at("/spec/successPolicy").asString()).isEmpty();
    assertThat(JSON.valueToTree(job).at("/spec").has("successPolicy")).isTrue();
  }
}
