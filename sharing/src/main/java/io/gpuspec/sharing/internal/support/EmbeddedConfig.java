package io.gpuspec.sharing.internal.support;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.sharing.DevicePluginConfigText;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * A device-plugin or mig-parted config found by its content in a ConfigMap's data: any value whose
 * text is a {@code version: v1} YAML mapping with {@code sharing}/{@code flags} (device plugin) or
 * {@code mig-configs} (mig-parted). Its findings point at the ConfigMap and {@code data[<key>]}.
 *
 * @param configMap the ConfigMap holding it (a synthetic one for a standalone file)
 * @param key the data key
 * @param type which component reads it
 * @param text the config text
 * @param root the text as a tree, read leniently (the strict readers report the details)
 */
public record EmbeddedConfig(
    ConfigMap configMap, String key, Type type, String text, ObjectNode root) {

  /** Which NVIDIA component reads a config. */
  public enum Type {
    /** The NVIDIA device plugin (and GPU Feature Discovery): {@code flags}, {@code sharing}. */
    DEVICE_PLUGIN,
    /** The MIG manager's mig-parted: {@code mig-configs}. */
    MIG_PARTED
  }

  /** The path of the config in its ConfigMap: {@code data[<key>]}. */
  public String path() {
    return "data[" + key + "]";
  }

  /** Every config embedded in the set's ConfigMaps, in set order and by sorted data key. */
  public static List<EmbeddedConfig> in(ManifestSet manifests) {
    List<EmbeddedConfig> found = new ArrayList<>();
    for (ConfigMap configMap : manifests.ofType(ConfigMap.class)) {
      found.addAll(in(configMap));
    }
    return found;
  }

  /** Every config embedded in one ConfigMap, by sorted data key. */
  public static List<EmbeddedConfig> in(ConfigMap configMap) {
    List<EmbeddedConfig> found = new ArrayList<>();
    Map<String, String> data = configMap.getData() == null ? Map.of() : configMap.getData();
    new TreeMap<>(data)
        .forEach(
            (key, text) ->
                parse(text)
                    .ifPresent(
                        root ->
                            classify(root)
                                .ifPresent(
                                    type ->
                                        found.add(
                                            new EmbeddedConfig(
                                                configMap, key, type, text, root)))));
    return found;
  }

  /** The configs of one type. */
  public static List<EmbeddedConfig> in(ManifestSet manifests, Type type) {
    return in(manifests).stream().filter(config -> config.type() == type).toList();
  }

  /** What reads a YAML tree, if it is a config: a mapping with a version and a telling key. */
  public static Optional<Type> classify(JsonNode root) {
    if (!(root instanceof ObjectNode) || !root.has("version")) {
      return Optional.empty();
    }
    if (root.has("mig-configs")) {
      return Optional.of(Type.MIG_PARTED);
    }
    return DevicePluginConfigText.isDevicePluginConfig(root)
        ? Optional.of(Type.DEVICE_PLUGIN)
        : Optional.empty();
  }

  /** The text as a YAML mapping, if it is one. */
  public static Optional<ObjectNode> parse(String text) {
    return DevicePluginConfigText.tree(text);
  }
}
