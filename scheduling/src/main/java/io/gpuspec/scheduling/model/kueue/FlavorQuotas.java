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

/** The quotas of one flavor in a resource group. */
@JsonInclude(JsonInclude.Include.NON_EMPTY)
@JsonPropertyOrder({"name", "resources"})
public class FlavorQuotas {

  @JsonProperty("name")
  private String name;

  @JsonProperty("resources")
  private List<ResourceQuota> resources = new ArrayList<>();

  private Map<String, Object> additionalProperties = new LinkedHashMap<>();

  public FlavorQuotas() {}

  /** The ResourceFlavor. */
  public String getName() {
    return name;
  }

  public void setName(String name) {
    this.name = name;
  }

  /** One quota per covered resource, in the order of {@code coveredResources}. */
  public List<ResourceQuota> getResources() {
    return resources;
  }

  public void setResources(List<ResourceQuota> resources) {
    this.resources = resources == null ? new ArrayList<>() : new ArrayList<>(resources);
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
    return other instanceof FlavorQuotas that
        && Objects.equals(name, that.name)
        && Objects.equals(resources, that.resources)
        && Objects.equals(additionalProperties, that.additionalProperties);
  }

  @Override
  public int hashCode() {
    return Objects.hash(name, resources, additionalProperties);
  }

  @Override
  public String toString() {
    return "FlavorQuotas(" + "name=" + name + ", " + "resources=" + resources + ")";
  }
}
