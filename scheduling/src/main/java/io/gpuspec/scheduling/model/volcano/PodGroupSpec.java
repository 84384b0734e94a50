package io.gpuspec.scheduling.model.volcano;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import io.fabric8.kubernetes.api.model.Quantity;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * {@code PodGroup.spec}: how many pods (and which resources) must fit at once before any of them
 * starts, the queue and the priority.
 */
@JsonInclude(JsonInclude.Include.NON_EMPTY)
@JsonPropertyOrder({
  "minMember",
  "minTaskMember",
  "minResources",
  "queue",
  "priorityClassName",
  "networkTopology",
  "subGroupPolicy"
})
public class PodGroupSpec {

  @JsonProperty("minMember")
  private Integer minMember;

  @JsonProperty("minTaskMember")
  private Map<String, Integer> minTaskMember = new LinkedHashMap<>();

  @JsonProperty("minResources")
  private Map<String, Quantity> minResources = new LinkedHashMap<>();

  @JsonProperty("queue")
  private String queue;

  @JsonProperty("priorityClassName")
  private String priorityClassName;

  @JsonProperty("networkTopology")
  private Map<String, Object> networkTopology = new LinkedHashMap<>();

  @JsonProperty("subGroupPolicy")
  private List<Map<String, Object>> subGroupPolicy = new ArrayList<>();

  private Map<String, Object> additionalProperties = new LinkedHashMap<>();

  public PodGroupSpec() {}

  /** Pods that must be schedulable together. */
  public Integer getMinMember() {
    return minMember;
  }

  public void setMinMember(Integer minMember) {
    this.minMember = minMember;
  }

  /** Pods that must be schedulable together, per task name. */
  public Map<String, Integer> getMinTaskMember() {
    return minTaskMember;
  }

  public void setMinTaskMember(Map<String, Integer> minTaskMember) {
    this.minTaskMember =
        minTaskMember == null ? new LinkedHashMap<>() : new LinkedHashMap<>(minTaskMember);
  }

  /** Resources that must be free together. */
  public Map<String, Quantity> getMinResources() {
    return minResources;
  }

  public void setMinResources(Map<String, Quantity> minResources) {
    this.minResources =
        minResources == null ? new LinkedHashMap<>() : new LinkedHashMap<>(minResources);
  }

  /** The Volcano Queue; {@code default} when absent. */
  public String getQueue() {
    return queue;
  }

  public void setQueue(String queue) {
    this.queue = queue;
  }

  /** The PriorityClass of the group. */
  public String getPriorityClassName() {
    return priorityClassName;
  }

  public void setPriorityClassName(String priorityClassName) {
    this.priorityClassName = priorityClassName;
  }

  /** Network-topology constraints ({@code mode}, {@code highestTierAllowed}), kept as written. */
  public Map<String, Object> getNetworkTopology() {
    return networkTopology;
  }

  public void setNetworkTopology(Map<String, Object> networkTopology) {
    this.networkTopology =
        networkTopology == null ? new LinkedHashMap<>() : new LinkedHashMap<>(networkTopology);
  }

  /** Sub-groups of the gang, kept as written. */
  public List<Map<String, Object>> getSubGroupPolicy() {
    return subGroupPolicy;
  }

  public void setSubGroupPolicy(List<Map<String, Object>> subGroupPolicy) {
    this.subGroupPolicy =
        subGroupPolicy == null ? new ArrayList<>() : new ArrayList<>(subGroupPolicy);
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
    return other instanceof PodGroupSpec that
        && Objects.equals(minMember, that.minMember)
        && Objects.equals(minTaskMember, that.minTaskMember)
        && Objects.equals(minResources, that.minResources)
        && Objects.equals(queue, that.queue)
        && Objects.equals(priorityClassName, that.priorityClassName)
        && Objects.equals(networkTopology, that.networkTopology)
        && Objects.equals(subGroupPolicy, that.subGroupPolicy)
        && Objects.equals(additionalProperties, that.additionalProperties);
  }

  @Override
  public int hashCode() {
    return Objects.hash(
        minMember,
        minTaskMember,
        minResources,
        queue,
        priorityClassName,
        networkTopology,
        subGroupPolicy,
        additionalProperties);
  }

  @Override
  public String toString() {
    return "PodGroupSpec("
        + "minMember="
        + minMember
        + ", "
        + "minTaskMember="
        + minTaskMember
        + ", "
        + "minResources="
        + minResources
        + ", "
        + "queue="
        + queue
        + ", "
        + "priorityClassName="
        + priorityClassName
        + ", "
        + "networkTopology="
        + networkTopology
        + ", "
        + "subGroupPolicy="
        + subGroupPolicy
        + (additionalProperties.isEmpty() ? "" : ", additionalProperties=" + additionalProperties)
        + ")";
  }
}
