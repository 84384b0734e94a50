package io.gpuspec.scheduling.model.volcano.topology;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/** One member of a HyperNode: its type ({@code Node} or {@code HyperNode}) and its selector. */
@JsonInclude(JsonInclude.Include.NON_EMPTY)
@JsonPropertyOrder({"type", "selector"})
public class MemberSpec {

  /** The type of a member that is a node. */
  public static final String NODE = "Node";

  /** The type of a member that is a HyperNode. */
  public static final String HYPER_NODE = "HyperNode";

  @JsonProperty("type")
  private String type;

  @JsonProperty("selector")
  private MemberSelector selector;

  private Map<String, Object> additionalProperties = new LinkedHashMap<>();

  public MemberSpec() {}

  public MemberSpec(String type, MemberSelector selector) {
    this.type = type;
    this.selector = selector;
  }

  /** {@code Node} or {@code HyperNode}. */
  public String getType() {
    return type;
  }

  public void setType(String type) {
    this.type = type;
  }

  /** Which nodes or HyperNodes: by exact name, name pattern or labels (one of them). */
  public MemberSelector getSelector() {
    return selector;
  }

  public void setSelector(MemberSelector selector) {
    this.selector = selector;
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
    return other instanceof MemberSpec that
        && Objects.equals(type, that.type)
        && Objects.equals(selector, that.selector)
        && Objects.equals(additionalProperties, that.additionalProperties);
  }

  @Override
  public int hashCode() {
    return Objects.hash(type, selector, additionalProperties);
  }

  @Override
  public String toString() {
    return "MemberSpec(type="
        + type
        + ", selector="
        + selector
        + (additionalProperties.isEmpty() ? "" : ", additionalProperties=" + additionalProperties)
        + ")";
  }
}
