package io.gpuspec.scheduling.model.volcano.topology;

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
 * {@code HyperNode.spec}: the tier (the lower, the faster the network between its nodes), an
 * optional tier name, and the members.
 */
@JsonInclude(JsonInclude.Include.NON_EMPTY)
@JsonPropertyOrder({"tier", "tierName", "members"})
public class HyperNodeSpec {

  @JsonProperty("tier")
  private Integer tier;

  @JsonProperty("tierName")
  private String tierName;

  @JsonProperty("members")
  private List<MemberSpec> members = new ArrayList<>();

  private Map<String, Object> additionalProperties = new LinkedHashMap<>();

  public HyperNodeSpec() {}

  /** The tier: 1 for HyperNodes of nodes, higher for HyperNodes of HyperNodes. */
  public Integer getTier() {
    return tier;
  }

  public void setTier(Integer tier) {
    this.tier = tier;
  }

  /** A name for the tier, e.g. {@code rack}, that jobs may give as {@code highestTierName}. */
  public String getTierName() {
    return tierName;
  }

  public void setTierName(String tierName) {
    this.tierName = tierName;
  }

  /** The members: nodes or HyperNodes, each chosen by one selector. */
  public List<MemberSpec> getMembers() {
    return members;
  }

  public void setMembers(List<MemberSpec> members) {
    this.members = members == null ? new ArrayList<>() : new ArrayList<>(members);
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
    return other instanceof HyperNodeSpec that
        && Objects.equals(tier, that.tier)
        && Objects.equals(tierName, that.tierName)
        && Objects.equals(members, that.members)
        && Objects.equals(additionalProperties, that.additionalProperties);
  }

  @Override
  public int hashCode() {
    return Objects.hash(tier, tierName, members, additionalProperties);
  }

  @Override
  public String toString() {
    return "HyperNodeSpec(tier="
        + tier
        + ", tierName="
        + tierName
        + ", members="
        + members
        + (additionalProperties.isEmpty() ? "" : ", additionalProperties=" + additionalProperties)
        + ")";
  }
}
