package io.gpuspec.scheduling.model.volcano.batch;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import io.fabric8.kubernetes.api.model.PodTemplateSpec;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One task of a Volcano Job: {@code replicas} pods of one template, of which {@code minAvailable}
 * must run together.
 */
@JsonInclude(JsonInclude.Include.NON_EMPTY)
@JsonPropertyOrder({
  "name",
  "replicas",
  "minAvailable",
  "template",
  "policies",
  "topologyPolicy",
  "maxRetry",
  "dependsOn",
  "partitionPolicy"
})
public class TaskSpec {

  @JsonProperty("name")
  private String name;

  @JsonProperty("replicas")
  private Integer replicas;

  @JsonProperty("minAvailable")
  private Integer minAvailable;

  @JsonProperty("template")
  private PodTemplateSpec template;

  @JsonProperty("policies")
  private List<LifecyclePolicy> policies = new ArrayList<>();

  @JsonProperty("topologyPolicy")
  private String topologyPolicy;

  @JsonProperty("maxRetry")
  private Integer maxRetry;

  @JsonProperty("dependsOn")
  private DependsOn dependsOn;

  @JsonProperty("partitionPolicy")
  private Map<String, Object> partitionPolicy = new LinkedHashMap<>();

  private Map<String, Object> additionalProperties = new LinkedHashMap<>();

  public TaskSpec() {}

  /** The task's name, a DNS-1123 label unique in the job. */
  public String getName() {
    return name;
  }

  public void setName(String name) {
    this.name = name;
  }

  /** Pods of the task; 0 when absent. */
  public Integer getReplicas() {
    return replicas;
  }

  public void setReplicas(Integer replicas) {
    this.replicas = replicas;
  }

  /** Pods of the task that must run together, at most {@code replicas}. */
  public Integer getMinAvailable() {
    return minAvailable;
  }

  public void setMinAvailable(Integer minAvailable) {
    this.minAvailable = minAvailable;
  }

  /** The pod template. */
  public PodTemplateSpec getTemplate() {
    return template;
  }

  public void setTemplate(PodTemplateSpec template) {
    this.template = template;
  }

  /** What the job does on this task's events. */
  public List<LifecyclePolicy> getPolicies() {
    return policies;
  }

  public void setPolicies(List<LifecyclePolicy> policies) {
    this.policies = policies == null ? new ArrayList<>() : new ArrayList<>(policies);
  }

  /**
   * NUMA topology policy: {@code none}, {@code best-effort}, {@code restricted} or {@code
   * single-numa-node}.
   */
  public String getTopologyPolicy() {
    return topologyPolicy;
  }

  public void setTopologyPolicy(String topologyPolicy) {
    this.topologyPolicy = topologyPolicy;
  }

  /** How often the task is restarted before it fails. */
  public Integer getMaxRetry() {
    return maxRetry;
  }

  public void setMaxRetry(Integer maxRetry) {
    this.maxRetry = maxRetry;
  }

  /** Tasks that must be running before this one starts. */
  public DependsOn getDependsOn() {
    return dependsOn;
  }

  public void setDependsOn(DependsOn dependsOn) {
    this.dependsOn = dependsOn;
  }

  /** Partitioning of the task's pods, kept as written. */
  public Map<String, Object> getPartitionPolicy() {
    return partitionPolicy;
  }

  public void setPartitionPolicy(Map<String, Object> partitionPolicy) {
    this.partitionPolicy =
        partitionPolicy == null ? new LinkedHashMap<>() : new LinkedHashMap<>(partitionPolicy);
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
    return other instanceof TaskSpec that
        && Objects.equals(name, that.name)
        && Objects.equals(replicas, that.replicas)
        && Objects.equals(minAvailable, that.minAvailable)
        && Objects.equals(template, that.template)
        && Objects.equals(policies, that.policies)
        && Objects.equals(topologyPolicy, that.topologyPolicy)
        && Objects.equals(maxRetry, that.maxRetry)
        && Objects.equals(dependsOn, that.dependsOn)
        && Objects.equals(partitionPolicy, that.partitionPolicy)
        && Objects.equals(additionalProperties, that.additionalProperties);
  }

  @Override
  public int hashCode() {
    return Objects.hash(
        name,
        replicas,
        minAvailable,
        template,
        policies,
        topologyPolicy,
        maxRetry,
        dependsOn,
        partitionPolicy,
        additionalProperties);
  }

  @Override
  public String toString() {
    return "TaskSpec("
        + "name="
        + name
        + ", "
        + "replicas="
        + replicas
        + ", "
        + "minAvailable="
        + minAvailable
        + ", "
        + "template="
        + template
        + ", "
        + "policies="
        + policies
        + ", "
        + "topologyPolicy="
        + topologyPolicy
        + ", "
        + "maxRetry="
        + maxRetry
        + ", "
        + "dependsOn="
        + dependsOn
        + ", "
        + "partitionPolicy="
        + partitionPolicy
        + (additionalProperties.isEmpty() ? "" : ", additionalProperties=" + additionalProperties)
        + ")";
  }
}
