package io.gpuspec.scheduling.model.volcano.topology;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import io.fabric8.kubernetes.api.model.LabelSelector;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * How a HyperNode member is chosen: exactly one of {@code exactMatch} (a name), {@code regexMatch}
 * (a name pattern) and {@code labelMatch} (a label selector, for node members).
 */
@JsonInclude(JsonInclude.Include.NON_EMPTY)
@JsonPropertyOrder({"exactMatch", "regexMatch", "labelMatch"})
public class MemberSelector {

  @JsonProperty("exactMatch")
  private NameMatch exactMatch;

  @JsonProperty("regexMatch")
  private PatternMatch regexMatch;

  @JsonProperty("labelMatch")
  private LabelSelector labelMatch;

  private Map<String, Object> additionalProperties = new LinkedHashMap<>();

  public MemberSelector() {}

  /** A selector of the member named {@code name}. */
  public static MemberSelector exact(String name) {
    MemberSelector selector = new MemberSelector();
    selector.setExactMatch(new NameMatch(name));
    return selector;
  }

  /** A selector of the nodes carrying every one of {@code labels}. */
  public static MemberSelector labels(Map<String, String> labels) {
    MemberSelector selector = new MemberSelector();
    LabelSelector labelSelector = new LabelSelector();
    labelSelector.setMatchLabels(new LinkedHashMap<>(labels));
    selector.setLabelMatch(labelSelector);
    return selector;
  }

  public NameMatch getExactMatch() {
    return exactMatch;
  }

  public void setExactMatch(NameMatch exactMatch) {
    this.exactMatch = exactMatch;
  }

  public PatternMatch getRegexMatch() {
    return regexMatch;
  }

  public void setRegexMatch(PatternMatch regexMatch) {
    this.regexMatch = regexMatch;
  }

  public LabelSelector getLabelMatch() {
    return labelMatch;
  }

  public void setLabelMatch(LabelSelector labelMatch) {
    this.labelMatch = labelMatch;
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
    return other instanceof MemberSelector that
        && Objects.equals(exactMatch, that.exactMatch)
        && Objects.equals(regexMatch, that.regexMatch)
        && Objects.equals(labelMatch, that.labelMatch)
        && Objects.equals(additionalProperties, that.additionalProperties);
  }

  @Override
  public int hashCode() {
    return Objects.hash(exactMatch, regexMatch, labelMatch, additionalProperties);
  }

  @Override
  public String toString() {
    return "MemberSelector(exactMatch="
        + exactMatch
        + ", regexMatch="
        + regexMatch
        + ", labelMatch="
        + labelMatch
        + (additionalProperties.isEmpty() ? "" : ", additionalProperties=" + additionalProperties)
        + ")";
  }
}
