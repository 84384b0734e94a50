package io.gpuspec.scheduling.model.kueue;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import io.fabric8.kubernetes.api.model.Taint;
import io.fabric8.kubernetes.api.model.Toleration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * {@code ResourceFlavor.spec}: the labels and taints of the flavor's nodes, the tolerations Kueue
 * adds to admitted pods, and the topology for topology-aware scheduling.
 */
@JsonInclude(JsonInclude.Include.NON_EMPTY)
@JsonPropertyOrder({"nodeLabels", "nodeTaints", "tolerations", "topologyName"})
public class ResourceFlavorSpec {

  @JsonProperty("nodeLabels")
  private Map<String, String> nodeLabels = new LinkedHashMap<>();

  @JsonProperty("nodeTaints")
  private List<Taint> nodeTaints = new ArrayList<>();

  @JsonProperty("tolerations")
  private List<Toleration> tolerations = new ArrayList<>();

  @JsonProperty("topologyName")
  private String topologyName;

  private Map<String, Object> additionalProperties = new LinkedHashMap<>();

  public ResourceFlavorSpec() {}

  /** Labels of the flavor's nodes (at most 8). */
  public Map<String, String> getNodeLabels() {
    return nodeLabels;
  }

  public void setNodeLabels(Map<String, String> nodeLabels) {
    this.nodeLabels = nodeLabels == null ? new LinkedHashMap<>() : new LinkedHashMap<>(nodeLabels);
  }

  /** Taints of the flavor's nodes (at most 8). */
  public List<Taint> getNodeTaints() {
    return nodeTaints;
  }

  public void setNodeTaints(List<Taint> nodeTaints) {
    this.nodeTaints = nodeTaints == null ? new ArrayList<>() : new ArrayList<>(nodeTaints);
  }

  /** Tolerations added to pods admitted with this flavor (at most 8). */
  public List<Toleration> getTolerations() {
    return tolerations;
  }

  public void setTolerations(List<Toleration> tolerations) {
    this.tolerations = tolerations == null ? new ArrayList<>() : new ArrayList<>(tolerations);
  }

  /** The Topology for topology-aware scheduling. */
  public String getTopologyName() {
    return topologyName;
  }

  public void setTopologyName(String topologyName) {
    this.topologyName = topologyName;
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
    return other instanceof ResourceFlavorSpec that
        && Objects.equals(nodeLabels, that.nodeLabels)
        && Objects.equals(nodeTaints, that.nodeTaints)
        && Objects.equals(tolerations, that.tolerations)
        && Objects.equals(topologyName, that.topologyName)
        && Objects.equals(additionalProperties, that.additionalProperties);
  }

  @Override
  public int hashCode() {
    return Objects.hash(nodeLabels, nodeTaints, tolerations, topologyName, additionalProperties);
  }

  @Override
  public String toString() {
    return "ResourceFlavorSpec("
        + "nodeLabels="
        + nodeLabels
        + ", "
        + "nodeTaints="
        + nodeTaints
        + ", "
        + "tolerations="
        + tolerations
        + ", "
        + "topologyName="
        + topologyName
        + (additionalProperties.isEmpty() ? "" : ", additionalProperties=" + additionalProperties)
        + ")";
  }
}
