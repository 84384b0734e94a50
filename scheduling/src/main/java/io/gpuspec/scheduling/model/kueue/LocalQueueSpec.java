package io.gpuspec.scheduling.model.kueue;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/** {@code LocalQueue.spec}: the ClusterQueue the namespace's workloads are queued in. */
@JsonInclude(JsonInclude.Include.NON_EMPTY)
@JsonPropertyOrder({"clusterQueue", "fairSharing", "stopPolicy"})
public class LocalQueueSpec {

  @JsonProperty("clusterQueue")
  private String clusterQueue;

  @JsonProperty("fairSharing")
  private FairSharing fairSharing;

  @JsonProperty("stopPolicy")
  private String stopPolicy;

  private Map<String, Object> additionalProperties = new LinkedHashMap<>();

  public LocalQueueSpec() {}

  /** The ClusterQueue the namespace's workloads are queued in. */
  public String getClusterQueue() {
    return clusterQueue;
  }

  public void setClusterQueue(String clusterQueue) {
    this.clusterQueue = clusterQueue;
  }

  /** Weight in admission fair sharing. */
  public FairSharing getFairSharing() {
    return fairSharing;
  }

  public void setFairSharing(FairSharing fairSharing) {
    this.fairSharing = fairSharing;
  }

  /** {@code None}, {@code Hold} or {@code HoldAndDrain}. */
  public String getStopPolicy() {
    return stopPolicy;
  }

  public void setStopPolicy(String stopPolicy) {
    this.stopPolicy = stopPolicy;
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
        && Objects.equals(fairSharing, that.fairSharing)
        && Objects.equals(stopPolicy, that.stopPolicy)
        && Objects.equals(additionalProperties, that.additionalProperties);
  }

  @Override
  public int hashCode() {
    return Objects.hash(clusterQueue, fairSharing, stopPolicy, additionalProperties);
  }

  @Override
  public String toString() {
    return "LocalQueueSpec("
        + "clusterQueue="
        + clusterQueue
        + ", "
        + "fairSharing="
        + fairSharing
        + ", "
        + "stopPolicy="
        + stopPolicy
        + (additionalProperties.isEmpty() ? "" : ", additionalProperties=" + additionalProperties)
        + ")";
  }
}
