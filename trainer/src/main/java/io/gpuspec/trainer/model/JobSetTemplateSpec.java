package io.gpuspec.trainer.model;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import io.fabric8.kubernetes.api.model.ObjectMeta;
import java.util.Arrays;
import java.util.List;

/**
 * A runtime's {@code spec.template}: labels and annotations for the JobSet a TrainJob creates, and
 * the JobSet spec ({@code jobset.x-k8s.io/v1alpha2}).
 */
@JsonPropertyOrder({"metadata", "spec"})
public class JobSetTemplateSpec extends ModelObject {

  @JsonProperty("metadata")
  private ObjectMeta metadata;

  @JsonProperty("spec")
  private JobSetSpec spec;

  public JobSetTemplateSpec() {}

  public ObjectMeta getMetadata() {
    return metadata;
  }

  public void setMetadata(ObjectMeta metadata) {
    this.metadata = metadata;
  }

  public JobSetSpec getSpec() {
    return spec;
  }

  public void setSpec(JobSetSpec spec) {
    this.spec = spec;
  }

  @Override
  protected List<Object> fields() {
    return Arrays.asList(metadata, spec);
  }
}
