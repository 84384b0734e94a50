package io.gpuspec.core.kubeflow;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * {@code spec.runPolicy}: pod clean-up ({@code All}, {@code Running}, {@code None}), time-to-live,
 * deadline, retries, suspension, the managing controller and gang scheduling.
 */
@JsonInclude(JsonInclude.Include.NON_EMPTY)
@JsonPropertyOrder({
  "activeDeadlineSeconds",
  "backoffLimit",
  "cleanPodPolicy",
  "managedBy",
  "schedulingPolicy",
  "suspend",
  "ttlSecondsAfterFinished"
})
public class RunPolicy {

  @JsonProperty("activeDeadlineSeconds")
  private @Nullable Long activeDeadlineSeconds;

  @JsonProperty("backoffLimit")
  private @Nullable Integer backoffLimit;

  @JsonProperty("cleanPodPolicy")
  private @Nullable String cleanPodPolicy;

  @JsonProperty("managedBy")
  private @Nullable String managedBy;

  @JsonProperty("schedulingPolicy")
  private @Nullable SchedulingPolicy schedulingPolicy;

  @JsonProperty("suspend")
  private @Nullable Boolean suspend;

  @JsonProperty("ttlSecondsAfterFinished")
  private @Nullable Integer ttlSecondsAfterFinished;

  private Map<String, Object> additionalProperties = new LinkedHashMap<>();

  public RunPolicy() {}

  public @Nullable Long getActiveDeadlineSeconds() {
    return activeDeadlineSeconds;
  }

  public void setActiveDeadlineSeconds(@Nullable Long activeDeadlineSeconds) {
    this.activeDeadlineSeconds = activeDeadlineSeconds;
  }

  public @Nullable Integer getBackoffLimit() {
    return backoffLimit;
  }

  public void setBackoffLimit(@Nullable Integer backoffLimit) {
    this.backoffLimit = backoffLimit;
  }

  public @Nullable String getCleanPodPolicy() {
    return cleanPodPolicy;
  }

  public void setCleanPodPolicy(@Nullable String cleanPodPolicy) {
    this.cleanPodPolicy = cleanPodPolicy;
  }

  public @Nullable String getManagedBy() {
    return managedBy;
  }

  public void setManagedBy(@Nullable String managedBy) {
    this.managedBy = managedBy;
  }

  public @Nullable SchedulingPolicy getSchedulingPolicy() {
    return schedulingPolicy;
  }

  public void setSchedulingPolicy(@Nullable SchedulingPolicy schedulingPolicy) {
    this.schedulingPolicy = schedulingPolicy;
  }

  public @Nullable Boolean getSuspend() {
    return suspend;
  }

  public void setSuspend(@Nullable Boolean suspend) {
    this.suspend = suspend;
  }

  public @Nullable Integer getTtlSecondsAfterFinished() {
    return ttlSecondsAfterFinished;
  }

  public void setTtlSecondsAfterFinished(@Nullable Integer ttlSecondsAfterFinished) {
    this.ttlSecondsAfterFinished = ttlSecondsAfterFinished;
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
    return other instanceof RunPolicy that
        && Objects.equals(activeDeadlineSeconds, that.activeDeadlineSeconds)
        && Objects.equals(backoffLimit, that.backoffLimit)
        && Objects.equals(cleanPodPolicy, that.cleanPodPolicy)
        && Objects.equals(managedBy, that.managedBy)
        && Objects.equals(schedulingPolicy, that.schedulingPolicy)
        && Objects.equals(suspend, that.suspend)
        && Objects.equals(ttlSecondsAfterFinished, that.ttlSecondsAfterFinished)
        && Objects.equals(additionalProperties, that.additionalProperties);
  }

  @Override
  public int hashCode() {
    return Objects.hash(
        activeDeadlineSeconds,
        backoffLimit,
        cleanPodPolicy,
        managedBy,
        schedulingPolicy,
        suspend,
        ttlSecondsAfterFinished,
        additionalProperties);
  }

  @Override
  public String toString() {
    return "RunPolicy(activeDeadlineSeconds="
        + activeDeadlineSeconds
        + ", backoffLimit="
        + backoffLimit
        + ", cleanPodPolicy="
        + cleanPodPolicy
        + ", managedBy="
        + managedBy
        + ", schedulingPolicy="
        + schedulingPolicy
        + ", suspend="
        + suspend
        + ", ttlSecondsAfterFinished="
        + ttlSecondsAfterFinished
        + ")";
  }
}
