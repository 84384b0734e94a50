package io.gpuspec.sharing;

import io.gpuspec.core.GpuModel;
import io.gpuspec.core.GpuSpecStyle;
import io.gpuspec.core.Labels;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Pattern;
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

  private static final Pattern PCI_DEVICE_ID = Pattern.compile("0x[0-9A-Fa-f]{8}");

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
    if (named.get().isEmpty()) {
      tree.problem(
          "mig-configs",
          "no named layout",
          "add at least one, e.g. all-disabled",
          ConfigProblem.Kind.VALUE);
      return Optional.empty();
    }
    Builder builder = builder();
    boolean complete = true;
    for (Map.Entry<String, JsonNode> entry : named.get().properties()) {
      String path = ConfigTree.key("mig-configs", entry.getKey());
      if (entry.getKey().isEmpty() || !Labels.isValue(entry.getKey())) {
        tree.problem(
            path,
            "the name is not a valid label value, so no node can select it with"
                + " nvidia.com/mig.config",
            "use at most 63 letters, digits, '-', '_' and '.', starting and ending alphanumeric",
            ConfigProblem.Kind.VALUE);
        complete = false;
      }
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
            filter ->
                builder.addAllDeviceFilter(
                    readDeviceFilter(tree, filter, ConfigTree.child(path, "device-filter"))));

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
    Optional<ObjectNode> profiles = migDevices.flatMap(value -> tree.mapping(value, devicesAt));
    if (profiles.isPresent() && !profiles.get().isEmpty() && !enabled.orElse(true)) {
      tree.problem(
          devicesAt,
          "listed while mig-enabled is false",
          "set mig-enabled: true or drop mig-devices",
          ConfigProblem.Kind.VALUE);
    } else {
      profiles.ifPresent(listed -> readMigDevices(tree, listed, devicesAt, builder));
    }

    if (tree.problems().size() > before) {
      return Optional.empty();
    }
    return tree.build(path, builder::build);
  }

  /** The PCI device IDs of a {@code device-filter}: one ID or a list of them. */
  private static List<String> readDeviceFilter(ConfigTree tree, JsonNode filter, String at) {
    List<String> ids = new ArrayList<>();
    if (filter.isString()) {
      ids.add(filter.asString());
    } else if (filter.isArray()) {
      for (int i = 0; i < filter.size(); i++) {
        tree.text(filter.get(i), ConfigTree.item(at, i)).ifPresent(ids::add);
      }
    } else {
      tree.problem(
          at,
          "expected a PCI device ID or a list of them, found " + ConfigTree.describe(filter),
          "write e.g. [\"0x20B010DE\"]");
    }
    for (String id : ids) {
      if (!PCI_DEVICE_ID.matcher(id).matches()) {
        tree.problem(
            at,
            "\"" + id + "\" is not a PCI device ID of the form 0xDDDDVVVV",
            "write it like 0x20B010DE (device 20B0, vendor 10DE)",
            ConfigProblem.Kind.VALUE);
      }
    }
    return ids;
  }

  /**
   * The profile counts of {@code mig-devices}: MIG profile names (core's grammar) to counts of 0 or
   * more, at least one of them positive when any is listed.
   */
  private static void readMigDevices(
      ConfigTree tree, ObjectNode profiles, String at, MigDeviceGroup.Builder builder) {
    boolean anyPositive = profiles.isEmpty();
    for (Map.Entry<String, JsonNode> profile : profiles.properties()) {
      String name = profile.getKey();
      String path = ConfigTree.key(at, name);
      if (!MigProfile.isProfileName(name)) {
        tree.problem(
            path,
            "\"" + name + "\" is not a MIG profile name",
            "write profiles like 1g.10gb or 3g.40gb",
            ConfigProblem.Kind.VALUE);
      }
      Optional<Integer> count = tree.integer(profile.getValue(), path);
      count.ifPresent(value -> builder.profile(name, value));
      if (count.isPresent() && count.get() < 0) {
        tree.problem(
            path,
            "count " + count.get() + " is negative",
            "give a count of 0 or more",
            ConfigProblem.Kind.VALUE);
      }
      anyPositive |= count.isEmpty() || count.get() > 0;
    }
    if (!anyPositive) {
      tree.problem(
          at,
          "every count is 0",
          "give at least one profile a positive count, or leave mig-devices empty",
          ConfigProblem.Kind.VALUE);
    }
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

  /**
   * Builds {@link MigPartedConfig} values: set the attributes, then {@code build()}, which checks
   * them.
   */
  public static final class Builder extends ImmutableMigPartedConfig.Builder {}
}
