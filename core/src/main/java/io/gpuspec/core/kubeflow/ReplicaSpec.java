package io.gpuspec.core.kubeflow;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import io.fabric8.kubernetes.api.model.PodTemplateSpec;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * One replica type of a Kubeflow training job (the common {@code ReplicaSpec} of TFJob, PyTorchJob,
 * MPIJob and others, e.g. an entry of {@code spec.tfReplicaSpecs}): how many pods of a replica type
 * run ({@code replicas}, default 1), their pod template and restart policy ({@code Always}, {@code
 * OnFailure}, {@code Never} or {@code ExitCode}; default {@code Never}).
 */
@JsonInclude(JsonInclude.Include.NON_EMPTY)
@JsonPropertyOrder({"replicas", "restartPolicy", "template"})
public class ReplicaSpec {

  @JsonProperty("replicas")
  private @Nullable Integer replicas;

  @JsonProperty("restartPolicy")
  private @Nullable String restartPolicy;

  @JsonProperty("template")
  private @Nullable PodTemplateSpec template;

  private Map<String, Object> additionalProperties = new LinkedHashMap<>();

  public ReplicaSpec() {}

  public ReplicaSpec(
      @Nullable Integer replicas,
      @Nullable String restartPolicy,
      @Nullable PodTemplateSpec template) {
    this.replicas = replicas;
    this.restartPolicy = restartPolicy;
    this.template = template;
  }

  public @Nullable Integer getReplicas() {
    return replicas;
  }

  public void setReplicas(@Nullable Integer replicas) {
    this.replicas = replicas;
  }

  public @Nullable String getRestartPolicy() {
    return restartPolicy;
  }

  public void setRestartPolicy(@Nullable String restartPolicy) {
    this.restartPolicy = restartPolicy;
  }

  /** The pods this spec runs: {@code replicas}, or 1 when unset (the operator's default). */
  public int replicaCount() {
    return replicas == null ? 1 : replicas;
  }

  public @Nullable PodTemplateSpec getTemplate() {
    return template;
  }

  public void setTemplate(@Nullable PodTemplateSpec template) {
    this.template = template;
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
    return other instanceof ReplicaSpec that
        && Objects.equals(replicas, that.replicas)
        && Objects.equals(restartPolicy, that.restartPolicy)
        && Objects.equals(template, that.template)
        && Objects.equals(additionalProperties, that.additionalProperties);
  }

  @Override
  public int hashCode() {
    return Objects.hash(replicas, restartPolicy, template, additionalProperties);
  }

  @Override
  public String toString() {
    return "ReplicaSpec(replicas="
        + replicas
        + ", restartPolicy="
        + restartPolicy
        + ", template="
        + template
        + ")";
  }
}
