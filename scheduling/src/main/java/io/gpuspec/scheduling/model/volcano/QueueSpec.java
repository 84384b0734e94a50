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
 * {@code Queue.spec}: the queue's share of the cluster. Per resource, {@code guarantee} (reserved
 * for the queue) is at most {@code deserved} (its fair share, lent out and reclaimed back), which
 * is at most {@code capability} (its hard ceiling). Hierarchical queues name their {@code parent}.
 */
@JsonInclude(JsonInclude.Include.NON_EMPTY)
@JsonPropertyOrder({
  "weight",
  "capability",
  "deserved",
  "guarantee",
  "reclaimable",
  "parent",
  "priority",
  "dequeueStrategy",
  "type",
  "extendClusters",
  "affinity"
})
public class QueueSpec {

  @JsonProperty("weight")
  private Integer weight;

  @JsonProperty("capability")
  private Map<String, Quantity> capability = new LinkedHashMap<>();

  @JsonProperty("deserved")
  private Map<String, Quantity> deserved = new LinkedHashMap<>();

  @JsonProperty("guarantee")
  private Guarantee guarantee;

  @JsonProperty("reclaimable")
  private Boolean reclaimable;

  @JsonProperty("parent")
  private String parent;

  @JsonProperty("priority")
  private Integer priority;

  @JsonProperty("dequeueStrategy")
  private String dequeueStrategy;

  @JsonProperty("type")
  private String type;

  @JsonProperty("extendClusters")
  private List<Map<String, Object>> extendClusters = new ArrayList<>();

  @JsonProperty("affinity")
  private Map<String, Object> affinity = new LinkedHashMap<>();

  private Map<String, Object> additionalProperties = new LinkedHashMap<>();

  public QueueSpec() {}

  /** Share of the cluster relative to other queues, 1 to 65535. */
  public Integer getWeight() {
    return weight;
  }

  public void setWeight(Integer weight) {
    this.weight = weight;
  }

  /** The most the queue's pods may use at once. */
  public Map<String, Quantity> getCapability() {
    return capability;
  }

  public void setCapability(Map<String, Quantity> capability) {
    this.capability = capability == null ? new LinkedHashMap<>() : new LinkedHashMap<>(capability);
  }

  /** The queue's fair share; above it, other queues may reclaim. */
  public Map<String, Quantity> getDeserved() {
    return deserved;
  }

  public void setDeserved(Map<String, Quantity> deserved) {
    this.deserved = deserved == null ? new LinkedHashMap<>() : new LinkedHashMap<>(deserved);
  }

  /** Resources reserved for the queue alone. */
  public Guarantee getGuarantee() {
    return guarantee;
  }

  public void setGuarantee(Guarantee guarantee) {
    this.guarantee = guarantee;
  }

  /** Whether other queues may reclaim what this queue uses above its deserved share. */
  public Boolean getReclaimable() {
    return reclaimable;
  }

  public void setReclaimable(Boolean reclaimable) {
    this.reclaimable = reclaimable;
  }

  /** The parent queue of a hierarchical queue; {@code root} when absent. */
  public String getParent() {
    return parent;
  }

  public void setParent(String parent) {
    this.parent = parent;
  }

  /** The queue's priority among queues when resources are reclaimed. */
  public Integer getPriority() {
    return priority;
  }

  public void setPriority(Integer priority) {
    this.priority = priority;
  }

  /** How jobs leave the queue: {@code fifo} or {@code traverse}. */
  public String getDequeueStrategy() {
    return dequeueStrategy;
  }

  public void setDequeueStrategy(String dequeueStrategy) {
    this.dequeueStrategy = dequeueStrategy;
  }

  /** The queue's type, e.g. for co-located online and offline work. */
  public String getType() {
    return type;
  }

  public void setType(String type) {
    this.type = type;
  }

  /** Clusters the queue spans in multi-cluster scheduling, kept as written. */
  public List<Map<String, Object>> getExtendClusters() {
    return extendClusters;
  }

  public void setExtendClusters(List<Map<String, Object>> extendClusters) {
    this.extendClusters =
        extendClusters == null ? new ArrayList<>() : new ArrayList<>(extendClusters);
  }

  /** Node-group affinity of the queue's pods, kept as written. */
  public Map<String, Object> getAffinity() {
    return affinity;
  }

  public void setAffinity(Map<String, Object> affinity) {
    this.affinity = affinity == null ? new LinkedHashMap<>() : new LinkedHashMap<>(affinity);
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
    return other instanceof QueueSpec that
        && Objects.equals(weight, that.weight)
        && Objects.equals(capability, that.capability)
        && Objects.equals(deserved, that.deserved)
        && Objects.equals(guarantee, that.guarantee)
        && Objects.equals(reclaimable, that.reclaimable)
        && Objects.equals(parent, that.parent)
        && Objects.equals(priority, that.priority)
        && Objects.equals(dequeueStrategy, that.dequeueStrategy)
        && Objects.equals(type, that.type)
        && Objects.equals(extendClusters, that.extendClusters)
        && Objects.equals(affinity, that.affinity)
        && Objects.equals(additionalProperties, that.additionalProperties);
  }

  @Override
  public int hashCode() {
    return Objects.hash(
        weight,
        capability,
        deserved,
        guarantee,
        reclaimable,
        parent,
        priority,
        dequeueStrategy,
        type,
        extendClusters,
        affinity,
        additionalProperties);
  }

  @Override
  public String toString() {
    return "QueueSpec("
        + "weight="
        + weight
        + ", "
        + "capability="
        + capability
        + ", "
        + "deserved="
        + deserved
        + ", "
        + "guarantee="
        + guarantee
        + ", "
        + "reclaimable="
        + reclaimable
        + ", "
        + "parent="
        + parent
        + ", "
        + "priority="
        + priority
        + ", "
        + "dequeueStrategy="
        + dequeueStrategy
        + ", "
        + "type="
        + type
        + ", "
        + "extendClusters="
        + extendClusters
        + ", "
        + "affinity="
        + affinity
        + (additionalProperties.isEmpty() ? "" : ", additionalProperties=" + additionalProperties)
        + ")";
  }
}
