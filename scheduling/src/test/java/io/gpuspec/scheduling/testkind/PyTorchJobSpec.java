package io.gpuspec.scheduling.testkind;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import io.gpuspec.core.kubeflow.ReplicaSpec;
import io.gpuspec.core.kubeflow.RunPolicy;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * {@code PyTorchJob.spec}: replica specs by type ({@code Master}, {@code Worker}) and the run
 * policy.
 */
@JsonInclude(JsonInclude.Include.NON_EMPTY)
@JsonPropertyOrder({"pytorchReplicaSpecs", "runPolicy"})
public class PyTorchJobSpec {

  @JsonProperty("pytorchReplicaSpecs")
  private Map<String, ReplicaSpec> pytorchReplicaSpecs = new LinkedHashMap<>();

  @JsonProperty("runPolicy")
  private RunPolicy runPolicy;

  private Map<String, Object> additionalProperties = new LinkedHashMap<>();

  public PyTorchJobSpec() {}

  /** Replica specs by type. */
  public Map<String, ReplicaSpec> getPytorchReplicaSpecs() {
    return pytorchReplicaSpecs;
  }

  public void setPytorchReplicaSpecs(Map<String, ReplicaSpec> pytorchReplicaSpecs) {
    this.pytorchReplicaSpecs =
        pytorchReplicaSpecs == null
            ? new LinkedHashMap<>()
            : new LinkedHashMap<>(pytorchReplicaSpecs);
  }

  /** Clean-up, suspension and gang scheduling. */
  public RunPolicy getRunPolicy() {
    return runPolicy;
  }

  public void setRunPolicy(RunPolicy runPolicy) {
    this.runPolicy = runPolicy;
  }

  @JsonAnyGetter
  public Map<String, Object> getAdditionalProperties() {
    return additionalProperties;
  }

  @JsonAnySetter
  public void setAdditionalProperty(String name, Object value) {
    additionalProperties.put(name, value);
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof PyTorchJobSpec that
        && Objects.equals(pytorchReplicaSpecs, that.pytorchReplicaSpecs)
        && Objects.equals(runPolicy, that.runPolicy)
        && Objects.equals(additionalProperties, that.additionalProperties);
  }

  @Override
  public int hashCode() {
    return Objects.hash(pytorchReplicaSpecs, runPolicy, additionalProperties);
  }

  @Override
  public String toString() {
    return "PyTorchJobSpec("
        + "pytorchReplicaSpecs="
        + pytorchReplicaSpecs
        + ", "
        + "runPolicy="
        + runPolicy
        + (additionalProperties.isEmpty() ? "" : ", additionalProperties=" + additionalProperties)
        + ")";
  }
}
