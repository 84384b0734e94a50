package io.gpuspec.sharing.model;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * A ConfigMap an operand reads, and the config in it that nodes without a selecting label get:
 * {@code devicePlugin.config} and {@code migManager.config} of the ClusterPolicy (and of the
 * chart's values).
 */
@JsonInclude(JsonInclude.Include.NON_EMPTY)
@JsonPropertyOrder({"name", "default"})
public class OperandConfig {

  @JsonProperty("name")
  private String name;

  @JsonProperty("default")
  private String defaultConfig;

  public OperandConfig() {}

  /** The ConfigMap's name, in the operator's namespace; empty for none. */
  public String getName() {
    return name;
  }

  public void setName(String name) {
    this.name = name;
  }

  /**
   * The config for nodes without a label: a data key of the device-plugin ConfigMap; for the MIG
   * manager {@code all-disabled} or empty.
   */
  public String getDefaultConfig() {
    return defaultConfig;
  }

  public void setDefaultConfig(String defaultConfig) {
    this.defaultConfig = defaultConfig;
  }

  private List<Object> content() {
    return Arrays.asList(name, defaultConfig);
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof OperandConfig that && content().equals(that.content());
  }

  @Override
  public int hashCode() {
    return Objects.hash(content().toArray());
  }

  @Override
  public String toString() {
    return "OperandConfig" + content();
  }
}
