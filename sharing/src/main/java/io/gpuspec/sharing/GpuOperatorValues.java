package io.gpuspec.sharing;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.gpuspec.core.GpuSpecStyle;
import io.gpuspec.core.InvalidSpecException;
import io.gpuspec.core.report.ObjectRef;
import io.gpuspec.sharing.model.ClusterPolicy;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.immutables.value.Value;
import tools.jackson.databind.SerializationFeature;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

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
 * <p>The rendered values are checked as the rules check a values file: {@link GpuOperatorChart}
 * reads them into the ClusterPolicy the chart deploys (and the ConfigMap it creates with {@code
 * createDevicePluginConfigMap}), and {@code build()} throws the first finding of {@link
 * GpuOperatorFacts} on it and the ConfigMaps (SHR020 to SHR023: both ConfigMaps in one namespace,
 * the MIG manager's default layout {@code all-disabled} in the mig-parted config, a {@code
 * mig.strategy} that agrees with the configs). {@code @Value.Check} keeps the DSL's own shape
 * (something to wire; {@code create} with a ConfigMap to create).
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

  /** The name of the ClusterPolicy the rendered values stand for, in findings. */
  static final String VALUES_NAME = "gpu-operator-values";

  /**
   * What the chart deploys from {@link #renderHelmValues()} (the ClusterPolicy, and the ConfigMap
   * it creates when {@code create} is true), then the ConfigMaps to apply beside it: the objects
   * the rules check.
   */
  List<HasMetadata> rendered() {
    ObjectNode values =
        DevicePluginConfigText.tree(renderHelmValues())
            .orElseThrow(() -> new IllegalStateException("rendered values do not read back"));
    List<HasMetadata> objects =
        new ArrayList<>(GpuOperatorChart.objects(values, VALUES_NAME, VALUES_NAME + ".yaml"));
    if (!createDevicePluginConfigMap()) {
      devicePluginConfig().ifPresent(configMap -> objects.add(configMap.toConfigMap()));
    }
    migConfig().ifPresent(configMap -> objects.add(configMap.toConfigMap()));
    return objects;
  }

  /**
   * Builds {@link GpuOperatorValues} values: set the attributes, then {@code build()}, which checks
   * them.
   */
  public static final class Builder extends ImmutableGpuOperatorValues.Builder {
    /**
     * Builds the values; values the rules would refuse when checking them as a values file beside
     * the ConfigMaps (SHR020 to SHR023, see {@link GpuOperatorFacts}) fail with that finding.
     */
    @Override
    public GpuOperatorValues build() {
      GpuOperatorValues built = super.build();
      List<HasMetadata> rendered = built.rendered();
      ClusterPolicy policy = (ClusterPolicy) rendered.get(0);
      List<ConfigMap> configMaps =
          rendered.stream().filter(ConfigMap.class::isInstance).map(ConfigMap.class::cast).toList();
      ObjectRef object = ObjectRef.of(policy);
      InvalidSpecException.requireNone("SHR020", object, GpuOperatorFacts.schema(policy));
      InvalidSpecException.requireNone(
          "SHR021", object, GpuOperatorFacts.devicePluginConfig(policy, configMaps));
      InvalidSpecException.requireNone(
          "SHR022", object, GpuOperatorFacts.migManagerConfig(policy, configMaps));
      InvalidSpecException.requireNone(
          "SHR023", object, GpuOperatorFacts.migStrategyOverConfigs(policy, configMaps));
      return built;
    }

    /** Builds without the rules' facts, to compare {@link #build()} with the rules. */
    GpuOperatorValues buildUnchecked() {
      return super.build();
    }
  }
}
