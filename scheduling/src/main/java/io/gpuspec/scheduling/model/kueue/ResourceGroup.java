package io.gpuspec.scheduling.model.kueue;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One entry of {@code ClusterQueue.spec.resourceGroups}: resources that get their flavor together,
 * and the quota of each flavor for each of them.
 */
@JsonInclude(JsonInclude.Include.NON_EMPTY)
@JsonPropertyOrder({"coveredResources", "flavors"})
public class ResourceGroup {

  @JsonProperty("coveredResources")
  private List<String> coveredResources = new ArrayList<>();

  @JsonProperty("flavors")
  private List<FlavorQuotas> flavors = new ArrayList<>();

  private Map<String, Object> additionalProperties = new LinkedHashMap<>();

  public ResourceGroup() {}

  /** Resource names, e.g. {@code cpu}, {@code memory}, {@code nvidia.com/gpu}. */
  public List<String> getCoveredResources() {
    return coveredResources;
  }

  public void setCoveredResources(List<String> coveredResources) {
    this.coveredResources =
        coveredResources == null ? new ArrayList<>() : new ArrayList<>(coveredResources);
  }

  /** Flavors in order of preference; each lists every covered resource, in order. */
  public List<FlavorQuotas> getFlavors() {
    return flavors;
  }

  public void setFlavors(List<FlavorQuotas> flavors) {
    this.flavors = flavors == null ? new ArrayList<>() : new ArrayList<>(flavors);
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
    return other instanceof ResourceGroup that
        && Objects.equals(coveredResources, that.coveredResources)
        && Objects.equals(flavors, that.flavors)
        && Objects.equals(additionalProperties, that.additionalProperties);
  }

  @Override
  public int hashCode() {
    return Objects.hash(coveredResources, flavors, additionalProperties);
  }

  @Override
  public String toString() {
    return "ResourceGroup("
        + "coveredResources="
        + coveredResources
        + ", "
        + "flavors="
        + flavors
        + ")";
  }
}
