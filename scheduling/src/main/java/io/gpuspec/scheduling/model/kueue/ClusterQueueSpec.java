package io.gpuspec.scheduling.model.kueue;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import io.fabric8.kubernetes.api.model.LabelSelector;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * {@code ClusterQueue.spec}: the cohort, the namespaces whose LocalQueues may point here, the
 * quotas by resource group and flavor, preemption and fair sharing.
 */
@JsonInclude(JsonInclude.Include.NON_EMPTY)
@JsonPropertyOrder({
  "cohortName",
  "fairSharing",
  "namespaceSelector",
  "preemption",
  "resourceGroups"
})
public class ClusterQueueSpec {

  @JsonProperty("cohortName")
  private String cohortName;

  @JsonProperty("fairSharing")
  private FairSharing fairSharing;

  @JsonProperty("namespaceSelector")
  private LabelSelector namespaceSelector;

  @JsonProperty("preemption")
  private ClusterQueuePreemption preemption;

  @JsonProperty("resourceGroups")
  private List<ResourceGroup> resourceGroups = new ArrayList<>();

  private Map<String, Object> additionalProperties = new LinkedHashMap<>();

  public ClusterQueueSpec() {}

  /** The cohort whose queues borrow from and lend to each other. */
  public String getCohortName() {
    return cohortName;
  }

  public void setCohortName(String cohortName) {
    this.cohortName = cohortName;
  }

  /** Weight in fair sharing. */
  public FairSharing getFairSharing() {
    return fairSharing;
  }

  public void setFairSharing(FairSharing fairSharing) {
    this.fairSharing = fairSharing;
  }

  /** Namespaces that may submit; empty selects all, absent selects none. */
  public LabelSelector getNamespaceSelector() {
    return namespaceSelector;
  }

  public void setNamespaceSelector(LabelSelector namespaceSelector) {
    this.namespaceSelector = namespaceSelector;
  }

  /** When pending workloads may preempt admitted ones. */
  public ClusterQueuePreemption getPreemption() {
    return preemption;
  }

  public void setPreemption(ClusterQueuePreemption preemption) {
    this.preemption = preemption;
  }

  /** Quotas, by group of resources that are assigned flavors together. */
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
    return other instanceof ClusterQueueSpec that
        && Objects.equals(cohortName, that.cohortName)
        && Objects.equals(fairSharing, that.fairSharing)
        && Objects.equals(namespaceSelector, that.namespaceSelector)
        && Objects.equals(preemption, that.preemption)
        && Objects.equals(resourceGroups, that.resourceGroups)
        && Objects.equals(additionalProperties, that.additionalProperties);
  }

  @Override
  public int hashCode() {
    return Objects.hash(
        cohortName,
        fairSharing,
        namespaceSelector,
        preemption,
        resourceGroups,
        additionalProperties);
  }

  @Override
  public String toString() {
    return "ClusterQueueSpec("
        + "cohortName="
        + cohortName
        + ", "
        + "fairSharing="
        + fairSharing
        + ", "
        + "namespaceSelector="
        + namespaceSelector
        + ", "
        + "preemption="
        + preemption
        + ", "
        + "resourceGroups="
        + resourceGroups
        + ")";
  }
}
