package io.gpuspec.scheduling.model.kueue;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/** {@code ClusterQueue.spec.preemption}. */
@JsonInclude(JsonInclude.Include.NON_EMPTY)
@JsonPropertyOrder({"borrowWithinCohort", "reclaimWithinCohort", "withinClusterQueue"})
public class ClusterQueuePreemption {

  @JsonProperty("borrowWithinCohort")
  private BorrowWithinCohort borrowWithinCohort;

  @JsonProperty("reclaimWithinCohort")
  private String reclaimWithinCohort;

  @JsonProperty("withinClusterQueue")
  private String withinClusterQueue;

  private Map<String, Object> additionalProperties = new LinkedHashMap<>();

  public ClusterQueuePreemption() {}

  /** Whether a workload may preempt to borrow. */
  public BorrowWithinCohort getBorrowWithinCohort() {
    return borrowWithinCohort;
  }

  public void setBorrowWithinCohort(BorrowWithinCohort borrowWithinCohort) {
    this.borrowWithinCohort = borrowWithinCohort;
  }

  /** {@code Never}, {@code LowerPriority} or {@code Any}. */
  public String getReclaimWithinCohort() {
    return reclaimWithinCohort;
  }

  public void setReclaimWithinCohort(String reclaimWithinCohort) {
    this.reclaimWithinCohort = reclaimWithinCohort;
  }

  /** {@code Never}, {@code LowerPriority} or {@code LowerOrNewerEqualPriority}. */
  public String getWithinClusterQueue() {
    return withinClusterQueue;
  }

  public void setWithinClusterQueue(String withinClusterQueue) {
    this.withinClusterQueue = withinClusterQueue;
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
    return other instanceof ClusterQueuePreemption that
        && Objects.equals(borrowWithinCohort, that.borrowWithinCohort)
        && Objects.equals(reclaimWithinCohort, that.reclaimWithinCohort)
        && Objects.equals(withinClusterQueue, that.withinClusterQueue)
        && Objects.equals(additionalProperties, that.additionalProperties);
  }

  @Override
  public int hashCode() {
    return Objects.hash(
        borrowWithinCohort, reclaimWithinCohort, withinClusterQueue, additionalProperties);
  }

  @Override
  public String toString() {
    return "ClusterQueuePreemption("
        + "borrowWithinCohort="
        + borrowWithinCohort
        + ", "
        + "reclaimWithinCohort="
        + reclaimWithinCohort
        + ", "
        + "withinClusterQueue="
        + withinClusterQueue
        + ")";
  }
}
