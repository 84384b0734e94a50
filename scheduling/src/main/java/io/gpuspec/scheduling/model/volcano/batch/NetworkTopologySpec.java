package io.gpuspec.scheduling.model.volcano.batch;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * A Volcano Job's {@code spec.networkTopology}: whether its pods must ({@code hard}, the default)
 * or should ({@code soft}) stay within one HyperNode, and the highest tier of that HyperNode, by
 * number ({@code highestTierAllowed}) or by name ({@code highestTierName}), never both.
 */
@JsonInclude(JsonInclude.Include.NON_EMPTY)
@JsonPropertyOrder({"mode", "highestTierAllowed", "highestTierName"})
public class NetworkTopologySpec {

  /** The mode that keeps the job within one HyperNode. */
  public static final String HARD = "hard";

  /** The mode that prefers one HyperNode. */
  public static final String SOFT = "soft";

  @JsonProperty("mode")
  private String mode;

  @JsonProperty("highestTierAllowed")
  private Integer highestTierAllowed;

  @JsonProperty("highestTierName")
  private String highestTierName;

  private Map<String, Object> additionalProperties = new LinkedHashMap<>();

  public NetworkTopologySpec() {}

  /** {@code hard} (the default) or {@code soft}. */
  public String getMode() {
    return mode;
  }

  public void setMode(String mode) {
    this.mode = mode;
  }

  /** The highest HyperNode tier the job's pods may span. */
  public Integer getHighestTierAllowed() {
    return highestTierAllowed;
  }

  public void setHighestTierAllowed(Integer highestTierAllowed) {
    this.highestTierAllowed = highestTierAllowed;
  }

  /** The highest tier by a HyperNode's {@code tierName}. */
  public String getHighestTierName() {
    return highestTierName;
  }

  public void setHighestTierName(String highestTierName) {
    this.highestTierName = highestTierName;
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
    return other instanceof NetworkTopologySpec that
        && Objects.equals(mode, that.mode)
        && Objects.equals(highestTierAllowed, that.highestTierAllowed)
        && Objects.equals(highestTierName, that.highestTierName)
        && Objects.equals(additionalProperties, that.additionalProperties);
  }

  @Override
  public int hashCode() {
    return Objects.hash(mode, highestTierAllowed, highestTierName, additionalProperties);
  }

  @Override
  public String toString() {
    return "NetworkTopologySpec(mode="
        + mode
        + ", highestTierAllowed="
        + highestTierAllowed
        + ", highestTierName="
        + highestTierName
        + (additionalProperties.isEmpty() ? "" : ", additionalProperties=" + additionalProperties)
        + ")";
  }
}
