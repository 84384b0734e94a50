package io.gpuspec.sharing;

import io.gpuspec.core.GpuSpecStyle;
import io.gpuspec.core.InvalidSpecException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.immutables.value.Value;
import tools.jackson.databind.SerializationFeature;
import tools.jackson.databind.json.JsonMapper;

/**
 * Wires the sharing configs into the NVIDIA GPU Operator: the helm values fragment ({@code
 * devicePlugin.config.{name,default,create,data}}, {@code migManager.config.name}, {@code
 * mig.strategy}) and the equivalent JSON merge patch of the {@code ClusterPolicy}.
 *
 * <p>The operator passes {@code mig.strategy} to the device plugin as {@code MIG_STRATEGY}, which
 * takes precedence over every config's {@code flags.migStrategy} (GPU Operator {@code
 * controllers/object_controls.go}, device plugin {@code api/config/v1/flags.go}), and the chart's
 * default is {@code single}. So a strategy given here must agree with the configs, and without one
 * the values clear it ({@code strategy: ""}, in the patch {@code null}) so each config's own
 * strategy applies. Values:
 * https://github.com/NVIDIA/gpu-operator/blob/main/deployments/gpu-operator/values.yaml.
 *
 * <p>What it renders (helm values text, a merge patch) is no Kubernetes object a rule reads, so its
 * checks (something to wire, both ConfigMaps in one namespace, a {@code mig.strategy} that agrees
 * with the configs) stay at {@code build()}; the ConfigMaps it names are checked by their own
 * {@code build()} and the rules.
 */
@Value.Immutable
@GpuSpecStyle
public abstract class GpuOperatorValues {

  private static final JsonMapper JSON =
      JsonMapper.builder().enable(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS).build();

  public abstract Optional<DevicePluginConfigMap> devicePluginConfig();

  /**
   * Let the chart create the device-plugin ConfigMap from {@code data} ({@code create: true});
   * otherwise apply {@link DevicePluginConfigMap#toConfigMap()} yourself.
   */
  @Value.Default
  public boolean createDevicePluginConfigMap() {
    return false;
  }

  /** The mig-parted ConfigMap the MIG manager reads ({@code migManager.config.name}). */
  public abstract Optional<MigPartedConfigMap> migConfig();

  /** The cluster-wide MIG strategy; absent lets each device-plugin config choose. */
  public abstract Optional<MigStrategy> migStrategy();

  @Value.Check
  protected void check() {
    InvalidSpecException.require(
        devicePluginConfig().isPresent() || migConfig().isPresent() || migStrategy().isPresent(),
        "gpu operator values",
        "nothing to wire",
        "give a device-plugin ConfigMap, a mig-parted ConfigMap or a MIG strategy");
    InvalidSpecException.require(
        !createDevicePluginConfigMap() || devicePluginConfig().isPresent(),
        "gpu operator values devicePlugin.config.create",
        "true without a device-plugin ConfigMap to create",
        "give the DevicePluginConfigMap");
    if (devicePluginConfig().isPresent() && migConfig().isPresent()) {
      String pluginNamespace = devicePluginConfig().get().namespace();
      String migNamespace = migConfig().get().namespace();
      InvalidSpecException.require(
          pluginNamespace.equals(migNamespace),
          "gpu operator values",
          "the device-plugin ConfigMap is in "
              + pluginNamespace
              + " but the mig-parted ConfigMap in "
              + migNamespace
              + "; the operator reads both from its own namespace",
          "put both in the GPU Operator's namespace");
    }
    migStrategy()
        .ifPresent(
            strategy ->
                devicePluginConfig()
                    .ifPresent(
                        configMap ->
                            configMap
                                .configs()
                                .forEach(
                                    (name, config) ->
                                        config
                                            .migStrategy()
                                            .ifPresent(
                                                own ->
                                                    InvalidSpecException.require(
                                                        own == strategy,
                                                        "gpu operator values mig.strategy",
                                                        strategy.value()
                                                            + " overrides flags.migStrategy "
                                                            + own.value()
                                                            + " of config \""
                                                            + name
                                                            + "\"",
                                                        "make them agree, or leave mig.strategy"
                                                            + " unset so each config chooses")))));
  }

  /** The helm values fragment as YAML text: deterministic, keys sorted. */
  public String renderHelmValues() {
    Map<String, Object> root = new LinkedHashMap<>();
    devicePluginConfig()
        .ifPresent(
            configMap -> {
              Map<String, Object> config = new LinkedHashMap<>();
              config.put("name", configMap.name());
              config.put("default", configMap.defaultConfig().orElse(""));
              config.put("create", createDevicePluginConfigMap());
              if (createDevicePluginConfigMap()) {
                Map<String, Object> data = new TreeMap<>();
                configMap.configs().forEach((name, value) -> data.put(name, value.render()));
                config.put("data", data);
              }
              root.put("devicePlugin", Map.of("config", config));
            });
    migConfig()
        .ifPresent(
            configMap ->
                root.put("migManager", Map.of("config", Map.of("name", configMap.name()))));
    if (migStrategy().isPresent() || devicePluginConfig().isPresent()) {
      root.put("mig", Map.of("strategy", migStrategy().map(MigStrategy::value).orElse("")));
    }
    return YamlText.render(root);
  }

  /**
   * The JSON merge patch ({@code kubectl patch clusterpolicies.nvidia.com/cluster-policy --type
   * merge -p ...}) that points a running operator at the same configs: {@code
   * spec.devicePlugin.config.{name,default}}, {@code spec.migManager.config.name}, {@code
   * spec.mig.strategy}.
   */
  public String clusterPolicyPatch() {
    Map<String, Object> spec = new TreeMap<>();
    devicePluginConfig()
        .ifPresent(
            configMap -> {
              Map<String, Object> config = new TreeMap<>();
              config.put("name", configMap.name());
              configMap.defaultConfig().ifPresent(name -> config.put("default", name));
              spec.put("devicePlugin", Map.of("config", config));
            });
    migConfig()
        .ifPresent(
            configMap ->
                spec.put("migManager", Map.of("config", Map.of("name", configMap.name()))));
    if (migStrategy().isPresent() || devicePluginConfig().isPresent()) {
      Map<String, Object> mig = new TreeMap<>();
      mig.put("strategy", migStrategy().map(MigStrategy::value).orElse(null));
      spec.put("mig", mig);
    }
    return JSON.writeValueAsString(Map.of("spec", spec));
  }

  public static Builder builder() {
    return new Builder();
  }

  public static final class Builder extends ImmutableGpuOperatorValues.Builder {}
}
