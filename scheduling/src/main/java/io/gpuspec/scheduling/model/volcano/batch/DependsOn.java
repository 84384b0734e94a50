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

/**
 * {@code tasks[].dependsOn}: the tasks a task waits for, all of them or any one ({@code
 * iteration}).
 */
@JsonInclude(JsonInclude.Include.NON_EMPTY)
@JsonPropertyOrder({"name", "iteration"})
public class DependsOn {

  @JsonProperty("name")
  private List<String> name = new ArrayList<>();

  @JsonProperty("iteration")
  private String iteration;

  private Map<String, Object> additionalProperties = new LinkedHashMap<>();

  public DependsOn() {}

  /** The names of the tasks waited for. */
  public List<String> getName() {
    return name;
  }

  public void setName(List<String> name) {
    this.name = name == null ? new ArrayList<>() : new ArrayList<>(name);
  }

  /** {@code any} or {@code all}. */
  public String getIteration() {
    return iteration;
  }

  public void setIteration(String iteration) {
    this.iteration = iteration;
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
    return other instanceof DependsOn that
        && Objects.equals(name, that.name)
        && Objects.equals(iteration, that.iteration)
        && Objects.equals(additionalProperties, that.additionalProperties);
  }

  @Override
  public int hashCode() {
    return Objects.hash(name, iteration, additionalProperties);
  }

  @Override
  public String toString() {
    return "DependsOn("
        + "name="
        + name
        + ", "
        + "iteration="
        + iteration
        + (additionalProperties.isEmpty() ? "" : ", additionalProperties=" + additionalProperties)
        + ")";
  }
}
