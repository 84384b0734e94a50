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
 * {@code Cohort.spec}: the parent cohort, quotas the cohort itself holds, and its fair-sharing
 * weight.
 */
@JsonInclude(JsonInclude.Include.NON_EMPTY)
@JsonPropertyOrder({"fairSharing", "parentName", "resourceGroups"})
public class CohortSpec {

  @JsonProperty("fairSharing")
  private FairSharing fairSharing;

  @JsonProperty("parentName")
  private String parentName;

  @JsonProperty("resourceGroups")
  private List<ResourceGroup> resourceGroups = new ArrayList<>();

  private Map<String, Object> additionalProperties = new LinkedHashMap<>();

  public CohortSpec() {}

  /** Weight in fair sharing. */
  public FairSharing getFairSharing() {
    return fairSharing;
  }

  public void setFairSharing(FairSharing fairSharing) {
    this.fairSharing = fairSharing;
  }

  /** The parent cohort, forming a tree. */
  public String getParentName() {
    return parentName;
  }

  public void setParentName(String parentName) {
    this.parentName = parentName;
  }

  /** Quotas the cohort itself provides to its members. */
  public List<ResourceGroup> getResourceGroups() {
    return resourceGroups;
  }

  public void setResourceGroups(List<ResourceGroup> resourceGroups) {
    this.resourceGroups =
        resourceGroups == null ? new ArrayList<>() : new ArrayList<>(resourceGroups);
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
    return other instanceof CohortSpec that
        && Objects.equals(fairSharing, that.fairSharing)
        && Objects.equals(parentName, that.parentName)
        && Objects.equals(resourceGroups, that.resourceGroups)
        && Objects.equals(additionalProperties, that.additionalProperties);
  }

  @Override
  public int hashCode() {
    return Objects.hash(fairSharing, parentName, resourceGroups, additionalProperties);
  }

  @Override
  public String toString() {
    return "CohortSpec("
        + "fairSharing="
        + fairSharing
        + ", "
        + "parentName="
        + parentName
        + ", "
        + "resourceGroups="
        + resourceGroups
        + ")";
  }
}
