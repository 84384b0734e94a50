package io.gpuspec.tfjob.model;

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
 * {@code TFJob.spec}: the replica specs by type ({@code Chief}, {@code Master}, {@code Worker},
 * {@code PS}, {@code Evaluator}), the run policy, the success policy and the dynamic-worker switch.
 */
@JsonInclude(JsonInclude.Include.NON_EMPTY)
@JsonPropertyOrder({"enableDynamicWorker", "runPolicy", "successPolicy", "tfReplicaSpecs"})
public class TFJobSpec {

  @JsonProperty("enableDynamicWorker")
  private Boolean enableDynamicWorker;

  @JsonProperty("runPolicy")
  private RunPolicy runPolicy;

  @JsonProperty("successPolicy")
  @JsonInclude(JsonInclude.Include.NON_NULL)
  private String successPolicy;

  @JsonProperty("tfReplicaSpecs")
  private Map<String, ReplicaSpec> tfReplicaSpecs = new LinkedHashMap<>();

  private Map<String, Object> additionalProperties = new LinkedHashMap<>();

  public TFJobSpec() {}

  public Boolean getEnableDynamicWorker() {
    return enableDynamicWorker;
  }

  public void setEnableDynamicWorker(Boolean enableDynamicWorker) {
    this.enableDynamicWorker = enableDynamicWorker;
  }

  public RunPolicy getRunPolicy() {
    return runPolicy;
  }

  public void setRunPolicy(RunPolicy runPolicy) {
    this.runPolicy = runPolicy;
  }

  /** {@code ""} (the default rules) or {@code AllWorkers}. */
  public String getSuccessPolicy() {
    return successPolicy;
  }

  public void setSuccessPolicy(String successPolicy) {
    this.successPolicy = successPolicy;
  }

  /** Replica specs keyed by replica type, e.g. {@code Worker}. */
  public Map<String, ReplicaSpec> getTfReplicaSpecs() {
    return tfReplicaSpecs;
  }

  public void setTfReplicaSpecs(Map<String, ReplicaSpec> tfReplicaSpecs) {
    this.tfReplicaSpecs = tfReplicaSpecs == null ? new LinkedHashMap<>() : tfReplicaSpecs;
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
    return other instanceof TFJobSpec that
        && Objects.equals(enableDynamicWorker, that.enableDynamicWorker)
        && Objects.equals(runPolicy, that.runPolicy)
        && Objects.equals(successPolicy, that.successPolicy)
        && Objects.equals(tfReplicaSpecs, that.tfReplicaSpecs)
        && Objects.equals(additionalProperties, that.additionalProperties);
  }

  @Override
  public int hashCode() {
    return Objects.hash(
        enableDynamicWorker, runPolicy, successPolicy, tfReplicaSpecs, additionalProperties);
  }

  @Override
  public String toString() {
    return "TFJobSpec(enableDynamicWorker="
        + enableDynamicWorker
        + ", runPolicy="
        + runPolicy
        + ", successPolicy="
        + successPolicy
        + ", tfReplicaSpecs="
        + tfReplicaSpecs
        + ")";
  }
}
