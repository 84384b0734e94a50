package io.gpuspec.sharing.model;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * {@code ClusterPolicy.spec.mig}: the MIG strategy the operator gives the device plugin and GFD
 * ({@code MIG_STRATEGY}, which overrides each config's {@code flags.migStrategy}); empty lets each
 * config choose.
 */
@JsonInclude(JsonInclude.Include.NON_EMPTY)
@JsonPropertyOrder({"strategy"})
public class MigSpec {

  @JsonProperty("strategy")
  private String strategy;

  public MigSpec() {}

  /** {@code none}, {@code single} or {@code mixed}; empty for none given. */
  public String getStrategy() {
    return strategy;
  }

  public void setStrategy(String strategy) {
    this.strategy = strategy;
  }

  private List<Object> content() {
    return Arrays.asList(strategy);
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof MigSpec that && content().equals(that.content());
  }

  @Override
  public int hashCode() {
    return Objects.hash(content().toArray());
  }

  @Override
  public String toString() {
    return "MigSpec" + content();
  }
}
