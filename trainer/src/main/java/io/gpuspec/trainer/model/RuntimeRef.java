package io.gpuspec.trainer.model;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.Arrays;
import java.util.List;

/**
 * {@code TrainJob.spec.runtimeRef}: the runtime a TrainJob runs on, by {@code name}, {@code kind}
 * ({@code ClusterTrainingRuntime} when unset, or {@code TrainingRuntime} of the job's namespace)
 * and {@code apiGroup} ({@code trainer.kubeflow.org} when unset).
 */
@JsonPropertyOrder({"apiGroup", "kind", "name"})
public class RuntimeRef extends ModelObject {

  @JsonProperty("name")
  private String name;

  @JsonProperty("apiGroup")
  private String apiGroup;

  @JsonProperty("kind")
  private String kind;

  public RuntimeRef() {}

  public RuntimeRef(String apiGroup, String kind, String name) {
    this.apiGroup = apiGroup;
    this.kind = kind;
    this.name = name;
  }

  public String getName() {
    return name;
  }

  public void setName(String name) {
    this.name = name;
  }

  public String getApiGroup() {
    return apiGroup;
  }

  public void setApiGroup(String apiGroup) {
    this.apiGroup = apiGroup;
  }

  public String getKind() {
    return kind;
  }

  public void setKind(String kind) {
    this.kind = kind;
  }

  /** The kind the reference means: {@code kind}, or {@code ClusterTrainingRuntime} when unset. */
  public String effectiveKind() {
    return kind == null || kind.isEmpty() ? ClusterTrainingRuntime.KIND : kind;
  }

  /** The API group the reference means: {@code apiGroup}, or the Trainer's group when unset. */
  public String effectiveApiGroup() {
    return apiGroup == null || apiGroup.isEmpty() ? TrainJob.GROUP : apiGroup;
  }

  @Override
  protected List<Object> fields() {
    return Arrays.asList(name, apiGroup, kind);
  }
}
