package io.gpuspec.sharing;

import io.gpuspec.core.InvalidSpecException;
import java.util.Map;

/**
 * The node labels that pick a node's configs, set by the admin (for example as a {@link
 * io.gpuspec.core.NodePool NodePool}'s extra labels): {@code nvidia.com/device-plugin.config} names
 * a config of the device-plugin ConfigMap, {@code nvidia.com/mig.config} a layout of the mig-parted
 * config. See https://docs.nvidia.com/datacenter/cloud-native/gpu-operator/latest/gpu-sharing.html
 * and https://docs.nvidia.com/datacenter/cloud-native/gpu-operator/latest/gpu-operator-mig.html.
 */
public final class NodeConfigLabels {

  public static final String DEVICE_PLUGIN_CONFIG = "nvidia.com/device-plugin.config";
  public static final String MIG_CONFIG = "nvidia.com/mig.config";

  private NodeConfigLabels() {}

  /** The label that selects {@code config} of the ConfigMap; throws when it has no such config. */
  public static Map<String, String> deviceConfig(DevicePluginConfigMap configMap, String config) {
    InvalidSpecException.require(
        configMap.configs().containsKey(config),
        "label " + DEVICE_PLUGIN_CONFIG,
        "\""
            + config
            + "\" is not a config of ConfigMap \""
            + configMap.name()
            + "\" "
            + configMap.configs().keySet(),
        "name one of its configs");
    return Map.of(DEVICE_PLUGIN_CONFIG, config);
  }

  /** The label that selects the layout {@code name}; throws when the config has no such layout. */
  public static Map<String, String> migConfig(MigPartedConfig config, String name) {
    InvalidSpecException.require(
        config.migConfigs().containsKey(name),
        "label " + MIG_CONFIG,
        "\"" + name + "\" is not a layout of the mig-parted config " + config.migConfigs().keySet(),
        "name one of its layouts");
    return Map.of(MIG_CONFIG, name);
  }
}
