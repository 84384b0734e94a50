package io.gpuspec.sharing.model;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * {@code ClusterPolicy.spec.migManager}: whether the operator deploys the MIG manager and which
 * mig-parted ConfigMap it reads; image, resources and the like are kept as read.
 */
@JsonInclude(JsonInclude.Include.NON_EMPTY)
@JsonPropertyOrder({
  "enabled",
  "repository",
  "image",
  "version",
  "imagePullPolicy",
  "imagePullSecrets",
  "resources",
  "args",
  "env",
  "config",
  "gpuClientsConfig",
  "hostNetwork"
})
public class MigManagerSpec {

  @JsonProperty("enabled")
  private Boolean enabled;

  @JsonProperty("repository")
  private String repository;

  @JsonProperty("image")
  private String image;

  @JsonProperty("version")
  private String version;

  @JsonProperty("imagePullPolicy")
  private String imagePullPolicy;

  @JsonProperty("imagePullSecrets")
  private List<String> imagePullSecrets;

  @JsonProperty("resources")
  private Map<String, Object> resources;

  @JsonProperty("args")
  private List<String> args;

  @JsonProperty("env")
  private List<Map<String, Object>> env;

  @JsonProperty("config")
  private OperandConfig config;

  @JsonProperty("gpuClientsConfig")
  private Map<String, Object> gpuClientsConfig;

  @JsonProperty("hostNetwork")
  private Boolean hostNetwork;

  public MigManagerSpec() {}

  /** Whether the operator deploys the MIG manager (default true). */
  public Boolean getEnabled() {
    return enabled;
  }

  public void setEnabled(Boolean enabled) {
    this.enabled = enabled;
  }

  /** The mig-parted ConfigMap (data key {@code config.yaml}) and the default layout. */
  public OperandConfig getConfig() {
    return config;
  }

  public void setConfig(OperandConfig config) {
    this.config = config;
  }

  private List<Object> content() {
    return Arrays.asList(
        enabled,
        repository,
        image,
        version,
        imagePullPolicy,
        imagePullSecrets,
        resources,
        args,
        env,
        config,
        gpuClientsConfig,
        hostNetwork);
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof MigManagerSpec that && content().equals(that.content());
  }

  @Override
  public int hashCode() {
    return Objects.hash(content().toArray());
  }

  @Override
  public String toString() {
    return "MigManagerSpec" + content();
  }
}
