package io.gpuspec.core.kubeflow;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import io.fabric8.kubernetes.api.model.Quantity;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * {@code spec.runPolicy.schedulingPolicy}: what the operator writes into the gang scheduler's
 * PodGroup (Volcano or scheduler-plugins): the minimum pods that start together, queue, minimum
 * resources, priority class and schedule timeout.
 */
@JsonInclude(JsonInclude.Include.NON_EMPTY)
@JsonPropertyOrder({
  "minAvailable",
  "minResources",
  "priorityClass",
  "queue",
  "scheduleTimeoutSeconds"
})
public class SchedulingPolicy {

  @JsonProperty("minAvailable")
  private @Nullable Integer minAvailable;

  @JsonProperty("minResources")
  private Map<String, Quantity> minResources = new LinkedHashMap<>();

  @JsonProperty("priorityClass")
  private @Nullable String priorityClass;

  @JsonProperty("queue")
  private @Nullable String queue;

  @JsonProperty("scheduleTimeoutSeconds")
  private @Nullable Integer scheduleTimeoutSeconds;

  private Map<String, Object> additionalProperties = new LinkedHashMap<>();

  public SchedulingPolicy() {}

  public @Nullable Integer getMinAvailable() {
    return minAvailable;
  }

  public void setMinAvailable(@Nullable Integer minAvailable) {
    this.minAvailable = minAvailable;
  }

  public Map<String, Quantity> getMinResources() {
    return minResources;
  }

  public void setMinResources(Map<String, Quantity> minResources) {
    this.minResources = minResources == null ? new LinkedHashMap<>() : minResources;
  }

  public @Nullable String getPriorityClass() {
    return priorityClass;
  }

  public void setPriorityClass(@Nullable String priorityClass) {
    this.priorityClass = priorityClass;
  }

  public @Nullable String getQueue() {
    return queue;
  }

  public void setQueue(@Nullable String queue) {
    this.queue = queue;
  }

  public @Nullable Integer getScheduleTimeoutSeconds() {
    return scheduleTimeoutSeconds;
  }

  public void setScheduleTimeoutSeconds(@Nullable Integer scheduleTimeoutSeconds) {
    this.scheduleTimeoutSeconds = scheduleTimeoutSeconds;
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
    return other instanceof SchedulingPolicy that
        && Objects.equals(minAvailable, that.minAvailable)
        && Objects.equals(minResources, that.minResources)
        && Objects.equals(priorityClass, that.priorityClass)
        && Objects.equals(queue, that.queue)
        && Objects.equals(scheduleTimeoutSeconds, that.scheduleTimeoutSeconds)
        && Objects.equals(additionalProperties, that.additionalProperties);
  }

  @Override
  public int hashCode() {
    return Objects.hash(
        minAvailable,
        minResources,
        priorityClass,
        queue,
        scheduleTimeoutSeconds,
        additionalProperties);
  }

  @Override
  public String toString() {
    return "SchedulingPolicy(minAvailable="
        + minAvailable
        + ", minResources="
        + minResources
        + ", priorityClass="
        + priorityClass
        + ", queue="
        + queue
        + ", scheduleTimeoutSeconds="
        + scheduleTimeoutSeconds
        + ")";
  }
}
