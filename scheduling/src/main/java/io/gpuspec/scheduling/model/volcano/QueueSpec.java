package io.gpuspec.scheduling.model.volcano;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import io.fabric8.kubernetes.api.model.Quantity;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * {@code Queue.spec}: the queue's share of the cluster. Per resource, {@code guarantee} (reserved
 * for the queue) is at most {@code deserved} (its fair share, lent out and reclaimed back), which
 * is at most {@code capability} (its hard ceiling).
 */
@JsonInclude(JsonInclude.Include.NON_EMPTY)
@JsonPropertyOrder({"weight", "capability", "deserved", "guarantee", "reclaimable"})
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
        && Objects.equals(additionalProperties, that.additionalProperties);
  }

  @Override
  public int hashCode() {
    return Objects.hash(weight, capability, deserved, guarantee, reclaimable, additionalProperties);
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
        + ")";
  }
}
