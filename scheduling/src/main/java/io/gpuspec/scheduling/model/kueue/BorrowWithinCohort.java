package io.gpuspec.scheduling.model.kueue;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/** {@code ClusterQueue.spec.preemption.borrowWithinCohort}. */
@JsonInclude(JsonInclude.Include.NON_EMPTY)
@JsonPropertyOrder({"maxPriorityThreshold", "policy"})
public class BorrowWithinCohort {

  @JsonProperty("maxPriorityThreshold")
  private Integer maxPriorityThreshold;

  @JsonProperty("policy")
  private String policy;

  private Map<String, Object> additionalProperties = new LinkedHashMap<>();

  public BorrowWithinCohort() {}

  /** Only workloads at or below this priority may be preempted. */
  public Integer getMaxPriorityThreshold() {
    return maxPriorityThreshold;
  }

  public void setMaxPriorityThreshold(Integer maxPriorityThreshold) {
    this.maxPriorityThreshold = maxPriorityThreshold;
  }

  /** {@code Never} or {@code LowerPriority}. */
  public String getPolicy() {
    return policy;
  }

  public void setPolicy(String policy) {
    this.policy = policy;
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
    return other instanceof BorrowWithinCohort that
        && Objects.equals(maxPriorityThreshold, that.maxPriorityThreshold)
        && Objects.equals(policy, that.policy)
        && Objects.equals(additionalProperties, that.additionalProperties);
  }

  @Override
  public int hashCode() {
    return Objects.hash(maxPriorityThreshold, policy, additionalProperties);
  }

  @Override
  public String toString() {
    return "BorrowWithinCohort("
        + "maxPriorityThreshold="
        + maxPriorityThreshold
        + ", "
        + "policy="
        + policy
        + ")";
  }
}
