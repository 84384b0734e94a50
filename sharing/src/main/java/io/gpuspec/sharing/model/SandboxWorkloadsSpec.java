package io.gpuspec.sharing.model;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * {@code ClusterPolicy.spec.sandboxWorkloads}: whether GPU nodes may run virtual machines (GPU
 * passthrough or vGPU) instead of containers, and what a node without the {@code
 * nvidia.com/gpu.workload.config} label runs.
 */
@JsonInclude(JsonInclude.Include.NON_EMPTY)
@JsonPropertyOrder({"enabled", "defaultWorkload", "mode"})
public class SandboxWorkloadsSpec {

  @JsonProperty("enabled")
  private Boolean enabled;

  @JsonProperty("defaultWorkload")
  private String defaultWorkload;

  @JsonProperty("mode")
  private String mode;

  public SandboxWorkloadsSpec() {}

  /** Whether the operator manages sandbox (VM) workloads. */
  public Boolean getEnabled() {
    return enabled;
  }

  public void setEnabled(Boolean enabled) {
    this.enabled = enabled;
  }

  /** {@code container}, {@code vm-passthrough} or {@code vm-vgpu} (default container). */
  public String getDefaultWorkload() {
    return defaultWorkload;
  }

  public void setDefaultWorkload(String defaultWorkload) {
    this.defaultWorkload = defaultWorkload;
  }

  /** {@code kubevirt} or {@code kata} (default kubevirt). */
  public String getMode() {
    return mode;
  }

  public void setMode(String mode) {
    this.mode = mode;
  }

  private List<Object> content() {
    return Arrays.asList(enabled, defaultWorkload, mode);
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof SandboxWorkloadsSpec that && content().equals(that.content());
  }

  @Override
  public int hashCode() {
    return Objects.hash(content().toArray());
  }

  @Override
  public String toString() {
    return "SandboxWorkloadsSpec" + content();
  }
}
