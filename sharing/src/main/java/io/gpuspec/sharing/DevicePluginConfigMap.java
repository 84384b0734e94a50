package io.gpuspec.sharing;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.gpuspec.core.GpuSpecStyle;
import io.gpuspec.core.InvalidSpecException;
import io.gpuspec.core.Labels;
import io.gpuspec.core.ManifestSource;
import io.gpuspec.core.NodePool;
import io.gpuspec.core.report.ObjectRef;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.immutables.value.Value;

/**
 * Named device-plugin configs in one ConfigMap, the one the GPU Operator's ClusterPolicy {@code
 * spec.devicePlugin.config.name} points at, with the config nodes without a {@code
 * nvidia.com/device-plugin.config} label use ({@code default}). The ConfigMap must live in the GPU
 * Operator's namespace.
 *
 * <pre>{@code
 * DevicePluginConfigMap.builder().name("time-slicing-config")
 *     .putConfig("tesla-t4", DevicePluginConfig.builder()
 *         .sharing(SharingConfig.timeSlicing(SharedResource.of("nvidia.com/gpu", 4))).build())
 *     .defaultConfig("tesla-t4")
 *     .build();
 * }</pre>
 *
 * See https://docs.nvidia.com/datacenter/cloud-native/gpu-operator/latest/gpu-sharing.html.
 */
@Value.Immutable
@GpuSpecStyle
public abstract class DevicePluginConfigMap implements ManifestSource {

  public abstract String name();

  @Value.Default
  public String namespace() {
    return ConfigMaps.GPU_OPERATOR_NAMESPACE;
  }

  /** Configs by name: the data keys of the ConfigMap and the values of the node label. */
  public abstract Map<String, DevicePluginConfig> configs();

  /** The config of nodes without the label; absent means such nodes get the plugin's defaults. */
  public abstract Optional<String> defaultConfig();

  public ConfigMap toConfigMap() {
    Map<String, String> data = new TreeMap<>();
    configs().forEach((key, config) -> data.put(key, config.render()));
    return ConfigMaps.build(name(), namespace(), data);
  }

  @Override
  public List<HasMetadata> toManifests() {
    return List.of(toConfigMap());
  }

  /**
   * Reads every config of a ConfigMap; problems carry the data key, e.g. {@code
   * data[tesla-t4].sharing.timeSlicing.resources[0].replicas}. The default is not part of the
   * ConfigMap (it is in the ClusterPolicy), so the result has none.
   */
  public static Parsed<DevicePluginConfigMap> fromConfigMap(ConfigMap configMap) {
    String name =
        configMap.getMetadata() == null || configMap.getMetadata().getName() == null
            ? ""
            : configMap.getMetadata().getName();
    String namespace =
        configMap.getMetadata() == null || configMap.getMetadata().getNamespace() == null
            ? ConfigMaps.GPU_OPERATOR_NAMESPACE
            : configMap.getMetadata().getNamespace();
    Map<String, String> data = configMap.getData() == null ? Map.of() : configMap.getData();
    ConfigTree tree = new ConfigTree("");
    Map<String, DevicePluginConfig> configs = new LinkedHashMap<>();
    boolean complete = true;
    for (Map.Entry<String, String> entry : new TreeMap<>(data).entrySet()) {
      Parsed<DevicePluginConfig> config =
          DevicePluginConfigReader.read(entry.getValue(), ConfigTree.key("data", entry.getKey()));
      tree.problems().addAll(config.problems());
      if (config.value().isPresent()) {
        configs.put(entry.getKey(), config.value().get());
      } else {
        complete = false;
      }
    }
    if (!complete) {
      return tree.result(Optional.empty());
    }
    return tree.result(
        tree.build(
            "", () -> builder().name(name).namespace(namespace).putAllConfigs(configs).build()));
  }

  @Value.Check
  protected void check() {
    String where = "device-plugin ConfigMap \"" + name() + "\"";
    ConfigMaps.checkNames(where, name(), namespace());
    InvalidSpecException.require(
        !configs().isEmpty(), where, "no config", "add at least one named config");
    for (String key : configs().keySet()) {
      InvalidSpecException.require(
          ConfigMaps.isDataKey(key) && !key.isEmpty() && Labels.isValue(key),
          where + " config \"" + key + "\"",
          "the name is not both a ConfigMap key and a label value, so no node can select it with"
              + " nvidia.com/device-plugin.config",
          "use at most 63 letters, digits, '-', '_' and '.', starting and ending alphanumeric");
    }
    defaultConfig()
        .ifPresent(
            name ->
                InvalidSpecException.require(
                    configs().containsKey(name),
                    where + " default",
                    "\"" + name + "\" is not one of the configs " + configs().keySet(),
                    "name one of them or add it"));
  }

  /**
   * The configs of the pools shared with {@link GpuSharing}, by config name, in one ConfigMap whose
   * {@code build()} also holds each config to the GPUs of the pools that select it (SHR003: MPS
   * clients a GPU of the pool's model serves); throws when two pools give one name to different
   * configs, which one ConfigMap cannot hold.
   */
  public static Builder ofPools(String name, List<NodePool> pools) {
    Map<String, DevicePluginConfig> configs = new TreeMap<>();
    Map<String, String> owners = new TreeMap<>();
    List<ConfigSelector> selectors = new ArrayList<>();
    for (NodePool pool : pools) {
      if (pool.sharing().orElse(null) instanceof GpuSharing sharing) {
        selectors.add(
            new ConfigSelector(
                "pool \"" + pool.name() + "\" (" + pool.model().name() + ")",
                sharing.configName(),
                pool.model(),
                Optional.of(pool.shape())));
        DevicePluginConfig known = configs.putIfAbsent(sharing.configName(), sharing.config());
        InvalidSpecException.require(
            known == null || known.equals(sharing.config()),
            "device-plugin ConfigMap \"" + name + "\" config \"" + sharing.configName() + "\"",
            "pools \""
                + owners.get(sharing.configName())
                + "\" and \""
                + pool.name()
                + "\" give this name to different configs",
            "give each config its own name");
        owners.putIfAbsent(sharing.configName(), pool.name());
      }
    }
    Builder builder = new Builder(selectors);
    builder.name(name).putAllConfigs(configs);
    return builder;
  }

  public static Builder builder() {
    return new Builder();
  }

  /**
   * Builds {@link DevicePluginConfigMap} values: set the attributes, then {@code build()}, which
   * checks them.
   */
  public static final class Builder extends ImmutableDevicePluginConfigMap.Builder {

    /** The pools' node groups that select the configs, when the builder comes from pools. */
    private final List<ConfigSelector> selectors;

    public Builder() {
      this(List.of());
    }

    private Builder(List<ConfigSelector> selectors) {
      this.selectors = List.copyOf(selectors);
    }

    /**
     * Builds the ConfigMap; one whose configs the device plugin would refuse or read otherwise than
     * written (SHR001: an empty resource list, a custom rename, a devices list, a resource listed
     * twice or a name it does not share; SHR002: fewer than 2 replicas; SHR003: more than 48 MPS
     * clients, or for a builder {@link #ofPools from pools} more than a GPU of a pool that selects
     * the config serves; SHR004: MPS with MIG, a MIG resource outside {@code mixed}) fails with
     * that finding.
     */
    @Override
    public DevicePluginConfigMap build() {
      DevicePluginConfigMap built = super.build();
      ConfigMap rendered = built.toConfigMap();
      ObjectRef object = ObjectRef.of(rendered);
      InvalidSpecException.requireNone(
          "SHR001", object, DevicePluginConfigFacts.readAsWritten(rendered));
      InvalidSpecException.requireNone(
          "SHR002", object, DevicePluginConfigFacts.replicas(rendered));
      InvalidSpecException.requireNone(
          "SHR003", object, DevicePluginConfigFacts.mpsClients(rendered));
      InvalidSpecException.requireNone(
          "SHR003", object, DevicePluginConfigFacts.mpsClientsOnPools(rendered, selectors));
      InvalidSpecException.requireNone(
          "SHR004", object, DevicePluginConfigFacts.migStrategy(rendered));
      return built;
    }

    /** Builds without the rules' facts, to compare {@link #build()} with the rules. */
    DevicePluginConfigMap buildUnchecked() {
      return super.build();
    }
  }
}
