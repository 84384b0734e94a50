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
 * {@code Topology.spec}: the levels, widest first (1 to 16, unique; {@code kubernetes.io/hostname}
 * only as the last).
 */
@JsonInclude(JsonInclude.Include.NON_EMPTY)
@JsonPropertyOrder({"levels"})
public class TopologySpec {

  /** The most levels a Topology may have (its CRD). */
  public static final int MAX_LEVELS = 16;

  @JsonProperty("levels")
  private List<TopologyLevel> levels = new ArrayList<>();

  private Map<String, Object> additionalProperties = new LinkedHashMap<>();

  public TopologySpec() {}

  /** The levels, from the widest (e.g. a block) to the narrowest (e.g. a host). */
  public List<TopologyLevel> getLevels() {
    return levels;
  }

  public void setLevels(List<TopologyLevel> levels) {
    this.levels = levels == null ? new ArrayList<>() : new ArrayList<>(levels);
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
    return other instanceof TopologySpec that
        && Objects.equals(levels, that.levels)
        && Objects.equals(additionalProperties, that.additionalProperties);
  }

  @Override
  public int hashCode() {
    return Objects.hash(levels, additionalProperties);
  }

  @Override
  public String toString() {
    return "TopologySpec(levels="
        + levels
        + (additionalProperties.isEmpty() ? "" : ", additionalProperties=" + additionalProperties)
        + ")";
  }
}
