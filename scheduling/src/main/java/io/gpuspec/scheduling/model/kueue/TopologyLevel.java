package io.gpuspec.scheduling.model.kueue;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/** One level of a {@link Topology}: the node label whose values are its domains. */
@JsonInclude(JsonInclude.Include.NON_EMPTY)
@JsonPropertyOrder({"nodeLabel"})
public class TopologyLevel {

  @JsonProperty("nodeLabel")
  private String nodeLabel;

  private Map<String, Object> additionalProperties = new LinkedHashMap<>();

  public TopologyLevel() {}

  public TopologyLevel(String nodeLabel) {
    this.nodeLabel = nodeLabel;
  }

  /** The node label, e.g. {@code cloud.google.com/gce-topology-block}. */
  public String getNodeLabel() {
    return nodeLabel;
  }

  public void setNodeLabel(String nodeLabel) {
    this.nodeLabel = nodeLabel;
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
    return other instanceof TopologyLevel that
        && Objects.equals(nodeLabel, that.nodeLabel)
        && Objects.equals(additionalProperties, that.additionalProperties);
  }

  @Override
  public int hashCode() {
    return Objects.hash(nodeLabel, additionalProperties);
  }

  @Override
  public String toString() {
    return "TopologyLevel(nodeLabel="
        + nodeLabel
        + (additionalProperties.isEmpty() ? "" : ", additionalProperties=" + additionalProperties)
        + ")";
  }
}
