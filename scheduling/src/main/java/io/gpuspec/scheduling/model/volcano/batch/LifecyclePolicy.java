package io.gpuspec.scheduling.model.volcano.batch;

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

/** A lifecycle policy of a Volcano Job or task: on an event (or exit code), take an action. */
@JsonInclude(JsonInclude.Include.NON_EMPTY)
@JsonPropertyOrder({"action", "event", "events", "exitCode", "timeout"})
public class LifecyclePolicy {

  @JsonProperty("action")
  private String action;

  @JsonProperty("event")
  private String event;

  @JsonProperty("events")
  private List<String> events = new ArrayList<>();

  @JsonProperty("exitCode")
  private Integer exitCode;

  @JsonProperty("timeout")
  private String timeout;

  private Map<String, Object> additionalProperties = new LinkedHashMap<>();

  public LifecyclePolicy() {}

  /** What to do, e.g. {@code RestartJob}, {@code CompleteJob}, {@code AbortJob}. */
  public String getAction() {
    return action;
  }

  public void setAction(String action) {
    this.action = action;
  }

  /** The event, e.g. {@code PodEvicted}, {@code PodFailed}, {@code TaskCompleted}. */
  public String getEvent() {
    return event;
  }

  public void setEvent(String event) {
    this.event = event;
  }

  /** Several events with the same action. */
  public List<String> getEvents() {
    return events;
  }

  public void setEvents(List<String> events) {
    this.events = events == null ? new ArrayList<>() : new ArrayList<>(events);
  }

  /** The container exit code the policy reacts to, instead of an event. */
  public Integer getExitCode() {
    return exitCode;
  }

  public void setExitCode(Integer exitCode) {
    this.exitCode = exitCode;
  }

  /** How long to wait before taking the action, a duration. */
  public String getTimeout() {
    return timeout;
  }

  public void setTimeout(String timeout) {
    this.timeout = timeout;
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
    return other instanceof LifecyclePolicy that
        && Objects.equals(action, that.action)
        && Objects.equals(event, that.event)
        && Objects.equals(events, that.events)
        && Objects.equals(exitCode, that.exitCode)
        && Objects.equals(timeout, that.timeout)
        && Objects.equals(additionalProperties, that.additionalProperties);
  }

  @Override
  public int hashCode() {
    return Objects.hash(action, event, events, exitCode, timeout, additionalProperties);
  }

  @Override
  public String toString() {
    return "LifecyclePolicy("
        + "action="
        + action
        + ", "
        + "event="
        + event
        + ", "
        + "events="
        + events
        + ", "
        + "exitCode="
        + exitCode
        + ", "
        + "timeout="
        + timeout
        + (additionalProperties.isEmpty() ? "" : ", additionalProperties=" + additionalProperties)
        + ")";
  }
}
