package io.gpuspec.scheduling.model.volcano.topology;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * A HyperNode member selector's {@code regexMatch}: a regular expression (RE2) the member's name
 * matches.
 */
@JsonInclude(JsonInclude.Include.NON_EMPTY)
@JsonPropertyOrder({"pattern"})
public class PatternMatch {

  @JsonProperty("pattern")
  private String pattern;

  private Map<String, Object> additionalProperties = new LinkedHashMap<>();

  public PatternMatch() {}

  public PatternMatch(String pattern) {
    this.pattern = pattern;
  }

  public String getPattern() {
    return pattern;
  }

  public void setPattern(String pattern) {
    this.pattern = pattern;
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
    return other instanceof PatternMatch that
        && Objects.equals(pattern, that.pattern)
        && Objects.equals(additionalProperties, that.additionalProperties);
  }

  @Override
  public int hashCode() {
    return Objects.hash(pattern, additionalProperties);
  }

  @Override
  public String toString() {
    return "PatternMatch(pattern="
        + pattern
        + (additionalProperties.isEmpty() ? "" : ", additionalProperties=" + additionalProperties)
        + ")";
  }
}
