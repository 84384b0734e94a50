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
 * quotas by resource group and flavor, preemption, fair sharing, queueing and stop policy.
 */
@JsonInclude(JsonInclude.Include.NON_EMPTY)
@JsonPropertyOrder({
  "admissionChecksStrategy",
  "admissionScope",
  "cohortName",
  "concurrentAdmissionPolicy",
  "fairSharing",
  "flavorFungibility",
  "namespaceSelector",
  "preemption",
  "queueingStrategy",
  "resourceGroups",
  "stopPolicy"
})
public class ClusterQueueSpec {

  @JsonProperty("admissionChecksStrategy")
  private Map<String, Object> admissionChecksStrategy = new LinkedHashMap<>();

  @JsonProperty("admissionScope")
  private Map<String, Object> admissionScope = new LinkedHashMap<>();

  @JsonProperty("cohortName")
  private String cohortName;

  @JsonProperty("concurrentAdmissionPolicy")
  private Map<String, Object> concurrentAdmissionPolicy = new LinkedHashMap<>();

  @JsonProperty("fairSharing")
  private FairSharing fairSharing;

  @JsonProperty("flavorFungibility")
  private Map<String, Object> flavorFungibility = new LinkedHashMap<>();

  @JsonProperty("namespaceSelector")
  private LabelSelector namespaceSelector;

  @JsonProperty("preemption")
  private ClusterQueuePreemption preemption;

  @JsonProperty("queueingStrategy")
  private String queueingStrategy;

  @JsonProperty("resourceGroups")
  private List<ResourceGroup> resourceGroups = new ArrayList<>();

  @JsonProperty("stopPolicy")
  private String stopPolicy;

  private Map<String, Object> additionalProperties = new LinkedHashMap<>();

  public ClusterQueueSpec() {}

  /** Admission checks and the flavors they apply to, kept as written. */
  public Map<String, Object> getAdmissionChecksStrategy() {
    return admissionChecksStrategy;
  }

  public void setAdmissionChecksStrategy(Map<String, Object> admissionChecksStrategy) {
    this.admissionChecksStrategy =
        admissionChecksStrategy == null
            ? new LinkedHashMap<>()
            : new LinkedHashMap<>(admissionChecksStrategy);
  }

  /** Admission fair sharing mode, kept as written. */
  public Map<String, Object> getAdmissionScope() {
    return admissionScope;
  }

  public void setAdmissionScope(Map<String, Object> admissionScope) {
    this.admissionScope =
        admissionScope == null ? new LinkedHashMap<>() : new LinkedHashMap<>(admissionScope);
  }

  /** The cohort whose queues borrow from and lend to each other. */
  public String getCohortName() {
    return cohortName;
  }

  public void setCohortName(String cohortName) {
    this.cohortName = cohortName;
  }

  /** Concurrent admission across flavors, kept as written. */
  public Map<String, Object> getConcurrentAdmissionPolicy() {
    return concurrentAdmissionPolicy;
  }

  public void setConcurrentAdmissionPolicy(Map<String, Object> concurrentAdmissionPolicy) {
    this.concurrentAdmissionPolicy =
        concurrentAdmissionPolicy == null
            ? new LinkedHashMap<>()
            : new LinkedHashMap<>(concurrentAdmissionPolicy);
  }

  /** Weight in fair sharing. */
  public FairSharing getFairSharing() {
    return fairSharing;
  }

  public void setFairSharing(FairSharing fairSharing) {
    this.fairSharing = fairSharing;
  }

  /** Whether to borrow or preempt before trying the next flavor, kept as written. */
  public Map<String, Object> getFlavorFungibility() {
    return flavorFungibility;
  }

  public void setFlavorFungibility(Map<String, Object> flavorFungibility) {
    this.flavorFungibility =
        flavorFungibility == null ? new LinkedHashMap<>() : new LinkedHashMap<>(flavorFungibility);
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

  /** {@code BestEffortFIFO} (default) or {@code StrictFIFO}. */
  public String getQueueingStrategy() {
    return queueingStrategy;
  }

  public void setQueueingStrategy(String queueingStrategy) {
    this.queueingStrategy = queueingStrategy;
  }

  /** Quotas, by group of resources that are assigned flavors together. */
  public List<ResourceGroup> getResourceGroups() {
    return resourceGroups;
  }

  public void setResourceGroups(List<ResourceGroup> resourceGroups) {
    this.resourceGroups =
        resourceGroups == null ? new ArrayList<>() : new ArrayList<>(resourceGroups);
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
    return other instanceof ClusterQueueSpec that
        && Objects.equals(admissionChecksStrategy, that.admissionChecksStrategy)
        && Objects.equals(admissionScope, that.admissionScope)
        && Objects.equals(cohortName, that.cohortName)
        && Objects.equals(concurrentAdmissionPolicy, that.concurrentAdmissionPolicy)
        && Objects.equals(fairSharing, that.fairSharing)
        && Objects.equals(flavorFungibility, that.flavorFungibility)
        && Objects.equals(namespaceSelector, that.namespaceSelector)
        && Objects.equals(preemption, that.preemption)
        && Objects.equals(queueingStrategy, that.queueingStrategy)
        && Objects.equals(resourceGroups, that.resourceGroups)
        && Objects.equals(stopPolicy, that.stopPolicy)
        && Objects.equals(additionalProperties, that.additionalProperties);
  }

  @Override
  public int hashCode() {
    return Objects.hash(
        admissionChecksStrategy,
        admissionScope,
        cohortName,
        concurrentAdmissionPolicy,
        fairSharing,
        flavorFungibility,
        namespaceSelector,
        preemption,
        queueingStrategy,
        resourceGroups,
        stopPolicy,
        additionalProperties);
  }

  @Override
  public String toString() {
    return "ClusterQueueSpec("
        + "admissionChecksStrategy="
        + admissionChecksStrategy
        + ", "
        + "admissionScope="
        + admissionScope
        + ", "
        + "cohortName="
        + cohortName
        + ", "
        + "concurrentAdmissionPolicy="
        + concurrentAdmissionPolicy
        + ", "
        + "fairSharing="
        + fairSharing
        + ", "
        + "flavorFungibility="
        + flavorFungibility
        + ", "
        + "namespaceSelector="
        + namespaceSelector
        + ", "
        + "preemption="
        + preemption
        + ", "
        + "queueingStrategy="
        + queueingStrategy
        + ", "
        + "resourceGroups="
        + resourceGroups
        + ", "
        + "stopPolicy="
        + stopPolicy
        + (additionalProperties.isEmpty() ? "" : ", additionalProperties=" + additionalProperties)
        + ")";
  }
}
