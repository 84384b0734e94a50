package io.gpuspec.scheduling.model.kueue;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/** {@code LocalQueue.spec}. */
@JsonInclude(JsonInclude.Include.NON_EMPTY)
@JsonPropertyOrder({"clusterQueue"})
public class LocalQueueSpec {

  @JsonProperty("clusterQueue")
  private String clusterQueue;

  private Map<String, Object> additionalProperties = new LinkedHashMap<>();

  public LocalQueueSpec() {}

  /** The ClusterQueue the namespace's workloads are queued in. */
  public String getClusterQueue() {
    return clusterQueue;
  }

  public void setClusterQueue(String clusterQueue) {
    this.clusterQueue = clusterQueue;
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
    return other instanceof LocalQueueSpec that
        && Objects.equals(clusterQueue, that.clusterQueue)
        && Objects.equals(additionalProperties, that.additionalProperties);
  }

  @Override
  public int hashCode() {
    return Objects.hash(clusterQueue, additionalProperties);
  }

  @Override
  public String toString() {
    return "LocalQueueSpec(" + "clusterQueue=" + clusterQueue + ")";
  }
}
