package io.gpuspec.sharing;

import io.gpuspec.core.GpuModel;
import io.gpuspec.core.GpuSpecStyle;
import io.gpuspec.core.InvalidSpecException;
import io.gpuspec.core.Labels;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import org.immutables.value.Value;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * A mig-parted config ({@code version: v1}): named {@link MigLayout}s, one of which each node picks
 * with its {@code nvidia.com/mig.config} label. The GPU Operator's MIG manager reads it from the
 * {@code config.yaml} key of a ConfigMap ({@link MigPartedConfigMap}).
 *
 * <pre>{@code
 * version: v1
 * mig-configs:
 *   all-1g.10gb:
 *   - devices: all
 *     mig-enabled: true
 *     mig-devices: {1g.10gb: 7}
 * }</pre>
 *
 * Format: https://github.com/NVIDIA/mig-parted (README and {@code api/spec/v1/spec.go}).
 */
@Value.Immutable
@GpuSpecStyle
public abstract class MigPartedConfig {

  public static final String VERSION = "v1";

  private static final Set<String> ROOT_KEYS = Set.of("version", "mig-configs");
  private static final Set<String> GROUP_KEYS =
      Set.of("device-filter", "devices", "mig-enabled", "mig-devices");

  /** The layouts by config name, the value of a node's {@code nvidia.com/mig.config} label. */
  public abstract Map<String, MigLayout> migConfigs();

  /** The layout with this name. */
  public Optional<MigLayout> layout(String name) {
    return Optional.ofNullable(migConfigs().get(name));
  }

  /** Every named layout checked against the models (see {@link MigCatalogue#fit}). */
  public Map<String, MigFit> fit(MigCatalogue catalogue, List<GpuModel> models) {
    Map<String, MigFit> fits = new TreeMap<>();
    migConfigs().forEach((name, layout) -> fits.put(name, catalogue.fit(layout, models)));
    return fits;
  }

  @Value.Check
  protected void check() {
    InvalidSpecException.require(
        !migConfigs().isEmpty(),
        "mig-parted config",
        "no entry in mig-configs",
        "add at least one named layout, e.g. all-disabled");
    for (String name : migConfigs().keySet()) {
      InvalidSpecException.require(
          !name.isEmpty() && Labels.isValue(name),
          "mig-parted config mig-configs[" + name + "]",
          "the name is not a valid label value, so no node can select it with nvidia.com/mig.config",
          "use at most 63 letters, digits, '-', '_' and '.', starting and ending alphanumeric");
    }
  }

  /** The config as YAML text: deterministic, keys sorted. */
  public String render() {
    Map<String, Object> configs = new TreeMap<>();
    migConfigs().forEach((name, layout) -> configs.put(name, tree(layout)));
    Map<String, Object> root = new LinkedHashMap<>();
    root.put("version", VERSION);
    root.put("mig-configs", configs);
    return YamlText.render(root);
  }

  static List<Object> tree(MigLayout layout) {
    List<Object> groups = new ArrayList<>();
    for (MigDeviceGroup group : layout.groups()) {
      Map<String, Object> entry = new LinkedHashMap<>();
      if (!group.deviceFilter().isEmpty()) {
        entry.put("device-filter", group.deviceFilter());
      }
      entry.put("devices", group.devices().isAll() ? "all" : group.devices().gpuIndices());
      entry.put("mig-enabled", group.migEnabled());
      if (group.migEnabled()) {
        entry.put("mig-devices", new TreeMap<>(group.migDevices()));
      }
      groups.add(entry);
    }
    return groups;
  }

  /** Reads a mig-parted config text strictly: every problem with its path. */
  public static Parsed<MigPartedConfig> parse(String text) {
    return parse(text, "");
  }

  static Parsed<MigPartedConfig> parse(String text, String prefix) {
    ConfigTree tree = new ConfigTree(prefix);
    Optional<MigPartedConfig> config = tree.root(text).flatMap(root -> read(tree, root));
    return tree.result(config);
  }

  private static Optional<MigPartedConfig> read(ConfigTree tree, ObjectNode root) {
    tree.onlyKeys(root, "", ROOT_KEYS, Map.of());
    Optional<JsonNode> version = ConfigTree.field(root, "version");
    if (version.isEmpty()) {
      tree.problem("version", "missing", "write version: v1");
    } else {
      tree.text(version.get(), "version")
          .filter(value -> !value.equals(VERSION))
          .ifPresent(
              value ->
                  tree.problem(
                      "version", "unknown version \"" + value + "\"", "write version: v1"));
    }
    Optional<JsonNode> configs = ConfigTree.field(root, "mig-configs");
    if (configs.isEmpty()) {
      tree.problem("mig-configs", "missing", "add mig-configs with at least one named layout");
      return Optional.empty();
    }
    Optional<ObjectNode> named = tree.mapping(configs.get(), "mig-configs");
    if (named.isEmpty()) {
      return Optional.empty();
    }
    Builder builder = builder();
    boolean complete = true;
    for (Map.Entry<String, JsonNode> entry : named.get().properties()) {
      String path = ConfigTree.key("mig-configs", entry.getKey());
      Optional<MigLayout> layout = readLayout(tree, entry.getValue(), path);
      if (layout.isPresent()) {
        builder.putMigConfig(entry.getKey(), layout.get());
      } else {
        complete = false;
      }
    }
    if (!complete) {
      return Optional.empty();
    }
    return tree.build("", builder::build);
  }

  static Optional<MigLayout> readLayout(ConfigTree tree, JsonNode node, String path) {
    if (!node.isArray()) {
      tree.problem(
          path,
          "expected a list of device groups, found " + ConfigTree.describe(node),
          "write each group as a list item: - devices: all");
      return Optional.empty();
    }
    if (node.isEmpty()) {
      tree.problem(path, "no device group", "add at least one, e.g. - devices: all");
      return Optional.empty();
    }
    MigLayout.Builder layout = MigLayout.builder();
    boolean complete = true;
    for (int i = 0; i < node.size(); i++) {
      Optional<MigDeviceGroup> group = readGroup(tree, node.get(i), ConfigTree.item(path, i));
      if (group.isPresent()) {
        layout.addGroups(group.get());
      } else {
        complete = false;
      }
    }
    return complete ? tree.build(path, layout::build) : Optional.empty();
  }

  private static Optional<MigDeviceGroup> readGroup(ConfigTree tree, JsonNode node, String path) {
    Optional<ObjectNode> mapping = tree.mapping(node, path);
    if (mapping.isEmpty()) {
      return Optional.empty();
    }
    ObjectNode group = mapping.get();
    tree.onlyKeys(group, path, GROUP_KEYS, Map.of());
    int before = tree.problems().size();
    MigDeviceGroup.Builder builder = MigDeviceGroup.builder();

    ConfigTree.field(group, "device-filter")
        .ifPresent(
            filter -> {
              String at = ConfigTree.child(path, "device-filter");
              if (filter.isString()) {
                builder.addDeviceFilter(filter.asString());
              } else if (filter.isArray()) {
                for (int i = 0; i < filter.size(); i++) {
                  tree.text(filter.get(i), ConfigTree.item(at, i))
                      .ifPresent(builder::addDeviceFilter);
                }
              } else {
                tree.problem(
                    at,
                    "expected a PCI device ID or a list of them, found "
                        + ConfigTree.describe(filter),
                    "write e.g. [\"0x20B010DE\"]");
              }
            });

    Optional<JsonNode> devices = ConfigTree.field(group, "devices");
    String devicesPath = ConfigTree.child(path, "devices");
    if (devices.isEmpty()) {
      tree.problem(devicesPath, "missing", "write devices: all or a list of GPU indices");
    } else {
      readDevices(tree, devices.get(), devicesPath).ifPresent(builder::devices);
    }

    Optional<JsonNode> enabledNode = ConfigTree.field(group, "mig-enabled");
    String enabledPath = ConfigTree.child(path, "mig-enabled");
    Optional<Boolean> enabled = Optional.empty();
    if (enabledNode.isEmpty()) {
      tree.problem(enabledPath, "missing", "write mig-enabled: true or false");
    } else {
      enabled = tree.bool(enabledNode.get(), enabledPath);
      enabled.ifPresent(builder::migEnabled);
    }

    Optional<JsonNode> migDevices = ConfigTree.field(group, "mig-devices");
    String devicesAt = ConfigTree.child(path, "mig-devices");
    if (migDevices.isEmpty() && enabled.orElse(false)) {
      tree.problem(
          devicesAt, "missing while mig-enabled is true", "list the profiles, or {} for none");
    }
    migDevices
        .flatMap(value -> tree.mapping(value, devicesAt))
        .ifPresent(
            profiles -> {
              for (Map.Entry<String, JsonNode> profile : profiles.properties()) {
                tree.integer(profile.getValue(), ConfigTree.key(devicesAt, profile.getKey()))
                    .ifPresent(count -> builder.profile(profile.getKey(), count));
              }
            });

    if (tree.problems().size() > before) {
      return Optional.empty();
    }
    return tree.build(path, builder::build);
  }

  private static Optional<DeviceSelection> readDevices(
      ConfigTree tree, JsonNode node, String path) {
    if (node.isString()) {
      if (node.asString().equals("all")) {
        return Optional.of(DeviceSelection.all());
      }
      tree.problem(
          path, "\"" + node.asString() + "\" is not all", "write all or a list of GPU indices");
      return Optional.empty();
    }
    if (!node.isArray() || node.isEmpty()) {
      tree.problem(
          path,
          "expected all or a non-empty list of GPU indices, found " + ConfigTree.describe(node),
          "write all or e.g. [0, 1]");
      return Optional.empty();
    }
    List<Integer> indices = new ArrayList<>();
    for (int i = 0; i < node.size(); i++) {
      String at = ConfigTree.item(path, i);
      Optional<Integer> index = tree.integer(node.get(i), at);
      if (index.isEmpty()) {
        return Optional.empty();
      }
      if (index.get() < 0) {
        tree.problem(at, "GPU index " + index.get() + " is negative", "use indices from 0");
        return Optional.empty();
      }
      indices.add(index.get());
    }
    return tree.build(path, () -> DeviceSelection.indices(indices));
  }

  public static Builder builder() {
    return new Builder();
  }

  public static final class Builder extends ImmutableMigPartedConfig.Builder {}
}
