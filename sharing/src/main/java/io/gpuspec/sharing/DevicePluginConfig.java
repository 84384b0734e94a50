package io.gpuspec.sharing;

import io.gpuspec.core.GpuModel;
import io.gpuspec.core.GpuSpecStyle;
import io.gpuspec.core.InvalidSpecException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.immutables.value.Value;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * One config of the NVIDIA device plugin ({@code version: v1}): the MIG strategy and how GPUs are
 * shared.
 *
 * <pre>{@code
 * version: v1
 * flags:
 *   migStrategy: none
 * sharing:
 *   timeSlicing:
 *     resources:
 *     - name: nvidia.com/gpu
 *       replicas: 4
 * }</pre>
 *
 * Several named configs live in one ConfigMap ({@link DevicePluginConfigMap}); each node picks one
 * with its {@code nvidia.com/device-plugin.config} label. Format and rules:
 * https://github.com/NVIDIA/k8s-device-plugin#configuring-the-nvidia-device-plugin-binary and
 * https://docs.nvidia.com/datacenter/cloud-native/gpu-operator/latest/gpu-sharing.html.
 */
@Value.Immutable
@GpuSpecStyle
public abstract class DevicePluginConfig {

  public static final String VERSION = "v1";

  private static final String REPLICATED = "under sharing.timeSlicing or sharing.mps";
  private static final String RESOURCE =
      "in an entry of sharing.timeSlicing.resources or" + " sharing.mps.resources";
  private static final Map<String, String> ROOT_ELSEWHERE =
      Map.of(
          "migStrategy",
          "under flags",
          "timeSlicing",
          "under sharing",
          "mps",
          "under sharing",
          "renameByDefault",
          REPLICATED,
          "failRequestsGreaterThanOne",
          REPLICATED,
          "resources",
          REPLICATED
              + " (a top-level resources section renames resources, which the"
              + " plugin ignores)",
          "replicas",
          RESOURCE,
          "rename",
          RESOURCE);
  private static final Map<String, String> SHARING_ELSEWHERE =
      Map.of(
          "migStrategy", "under flags",
          "renameByDefault", REPLICATED,
          "failRequestsGreaterThanOne", REPLICATED,
          "resources", REPLICATED,
          "replicas", RESOURCE,
          "rename", RESOURCE,
          "devices", RESOURCE,
          "name", RESOURCE);

  /**
   * The keys of {@code flags} besides {@code migStrategy}: the plugin's and GFD's command-line
   * flags, which a config may set too (device plugin {@code api/config/v1/flags.go}). gpuspec
   * accepts them and does not model them.
   */
  private static final Set<String> OTHER_FLAGS =
      Set.of(
          "failOnInitError",
          "mpsRoot",
          "nvidiaDriverRoot",
          "nvidiaDevRoot",
          "gdrcopyEnabled",
          "gdsEnabled",
          "mofedEnabled",
          "useNodeFeatureAPI",
          "deviceDiscoveryStrategy",
          "plugin",
          "gfd");

  private static final Set<String> PLUGIN_FLAGS =
      Set.of(
          "passDeviceSpecs",
          "deviceListStrategy",
          "deviceIDStrategy",
          "cdiAnnotationPrefix",
          "nvidiaCTKPath",
          "containerDriverRoot",
          "sharedDevicesAllocationPolicy");

  private static final Set<String> GFD_FLAGS =
      Set.of("oneshot", "noTimestamp", "sleepInterval", "outputFile", "machineTypeFile");

  /** {@code flags.migStrategy}; absent means the plugin's default, {@code none}. */
  public abstract Optional<MigStrategy> migStrategy();

  public abstract Optional<SharingConfig> sharing();

  /** The MIG strategy the plugin uses with this config alone. */
  public MigStrategy effectiveMigStrategy() {
    return migStrategy().orElse(MigStrategy.NONE);
  }

  /**
   * The most MPS clients one GPU of the model serves: 48 from compute capability 7.5, 16 before
   * (the device plugin's MPS daemon, {@code cmd/mps-control-daemon/mps/device.go}).
   */
  public static int maxMpsReplicas(GpuModel model) {
    String[] parts = model.computeCapability().split("\\.");
    int major = Integer.parseInt(parts[0]);
    int minor = Integer.parseInt(parts[1]);
    boolean atLeast75 = major > 7 || (major == 7 && minor >= 5);
    return atLeast75 ? SharingConfig.MPS_MAX_REPLICAS : SharingConfig.MPS_MAX_REPLICAS_BEFORE_7_5;
  }

  /** Throws when the config cannot work on GPUs of this model (MPS clients above its limit). */
  public DevicePluginConfig requireSupports(GpuModel model) {
    sharing()
        .filter(sharing -> sharing.strategy() == SharingStrategy.MPS)
        .ifPresent(
            sharing -> {
              int max = maxMpsReplicas(model);
              for (SharedResource resource : sharing.resources()) {
                InvalidSpecException.require(
                    resource.replicas() <= max,
                    "sharing.mps resource \"" + resource.name() + "\" replicas",
                    resource.replicas()
                        + " MPS clients but a "
                        + model.name()
                        + " (compute capability "
                        + model.computeCapability()
                        + ") serves at most "
                        + max,
                    "use at most " + max + " replicas on " + model.name());
              }
            });
    return this;
  }

  @Value.Check
  protected void check() {
    if (sharing().isEmpty()) {
      return;
    }
    SharingConfig sharing = sharing().get();
    InvalidSpecException.require(
        !(sharing.strategy() == SharingStrategy.MPS && effectiveMigStrategy() == MigStrategy.MIXED),
        "device-plugin config",
        "MPS sharing with migStrategy mixed, which the device plugin refuses to start with",
        "use migStrategy none or single with MPS, or time-slicing with mixed");
    for (SharedResource resource : sharing.resources()) {
      InvalidSpecException.require(
          !resource.isMig() || effectiveMigStrategy() == MigStrategy.MIXED,
          "device-plugin config sharing."
              + sharing.strategy().key()
              + " resource \""
              + resource.name()
              + "\"",
          "migStrategy "
              + effectiveMigStrategy().value()
              + " advertises no nvidia.com/mig-* resource, so this entry shares nothing",
          "set flags.migStrategy: mixed, or share nvidia.com/gpu");
    }
  }

  /** The config as YAML text: deterministic, keys sorted. */
  public String render() {
    return YamlText.render(tree());
  }

  Map<String, Object> tree() {
    Map<String, Object> root = new LinkedHashMap<>();
    root.put("version", VERSION);
    migStrategy().ifPresent(strategy -> root.put("flags", Map.of("migStrategy", strategy.value())));
    sharing()
        .ifPresent(
            sharing -> {
              Map<String, Object> replicated = new LinkedHashMap<>();
              replicated.put("renameByDefault", sharing.renameByDefault());
              sharing
                  .failRequestsGreaterThanOne()
                  .ifPresent(fail -> replicated.put("failRequestsGreaterThanOne", fail));
              List<Object> resources = new ArrayList<>();
              for (SharedResource resource : sharing.resources()) {
                Map<String, Object> entry = new LinkedHashMap<>();
                entry.put("name", resource.name());
                entry.put("replicas", resource.replicas());
                resource.rename().ifPresent(rename -> entry.put("rename", rename));
                resource.devices().ifPresent(devices -> entry.put("devices", devicesTree(devices)));
                resources.add(entry);
              }
              replicated.put("resources", resources);
              root.put("sharing", Map.of(sharing.strategy().key(), replicated));
            });
    return root;
  }

  private static Object devicesTree(DeviceSelection devices) {
    if (devices.isAll()) {
      return "all";
    }
    List<Object> ids = new ArrayList<>();
    for (String id : devices.ids()) {
      ids.add(DeviceSelection.isGpuIndex(id) ? (Object) Integer.valueOf(id) : id);
    }
    return ids;
  }

  /** Reads a device-plugin config text strictly: unknown and misplaced keys by exact path. */
  public static Parsed<DevicePluginConfig> parse(String text) {
    return parse(text, "");
  }

  static Parsed<DevicePluginConfig> parse(String text, String prefix) {
    ConfigTree tree = new ConfigTree(prefix);
    Optional<DevicePluginConfig> config = tree.root(text).flatMap(root -> read(tree, root));
    return tree.result(config);
  }

  private static Optional<DevicePluginConfig> read(ConfigTree tree, ObjectNode root) {
    tree.onlyKeys(root, "", Set.of("version", "flags", "sharing", "imex"), ROOT_ELSEWHERE);
    int before = tree.problems().size();
    Builder builder = builder();
    ConfigTree.field(root, "version")
        .flatMap(version -> tree.text(version, "version"))
        .filter(version -> !version.equals(VERSION))
        .ifPresent(
            version ->
                tree.problem(
                    "version", "unknown version \"" + version + "\"", "write version: v1"));
    ConfigTree.field(root, "flags")
        .flatMap(flags -> tree.mapping(flags, "flags"))
        .ifPresent(
            flags -> {
              Map<String, String> elsewhere = new LinkedHashMap<>(SHARING_ELSEWHERE);
              elsewhere.remove("migStrategy");
              Set<String> known = new java.util.HashSet<>(OTHER_FLAGS);
              known.add("migStrategy");
              tree.onlyKeys(flags, "flags", known, elsewhere);
              ConfigTree.field(flags, "plugin")
                  .flatMap(plugin -> tree.mapping(plugin, "flags.plugin"))
                  .ifPresent(
                      plugin -> tree.onlyKeys(plugin, "flags.plugin", PLUGIN_FLAGS, Map.of()));
              ConfigTree.field(flags, "gfd")
                  .flatMap(gfd -> tree.mapping(gfd, "flags.gfd"))
                  .ifPresent(gfd -> tree.onlyKeys(gfd, "flags.gfd", GFD_FLAGS, Map.of()));
              ConfigTree.field(flags, "migStrategy")
                  .flatMap(value -> tree.text(value, "flags.migStrategy"))
                  .ifPresent(
                      value ->
                          MigStrategy.fromValue(value)
                              .ifPresentOrElse(
                                  builder::migStrategy,
                                  () ->
                                      tree.problem(
                                          "flags.migStrategy",
                                          "\"" + value + "\" is not a MIG strategy",
                                          "write none, single or mixed")));
            });
    ConfigTree.field(root, "sharing")
        .flatMap(sharing -> tree.mapping(sharing, "sharing"))
        .ifPresent(sharing -> readSharing(tree, sharing).ifPresent(builder::sharing));
    if (tree.problems().size() > before) {
      return Optional.empty();
    }
    return tree.build("", builder::build);
  }

  private static Optional<SharingConfig> readSharing(ConfigTree tree, ObjectNode sharing) {
    Map<String, String> elsewhere = new LinkedHashMap<>(SHARING_ELSEWHERE);
    tree.onlyKeys(sharing, "sharing", Set.of("timeSlicing", "mps"), elsewhere);
    Optional<JsonNode> timeSlicing = ConfigTree.field(sharing, "timeSlicing");
    Optional<JsonNode> mps = ConfigTree.field(sharing, "mps");
    if (timeSlicing.isPresent() && mps.isPresent()) {
      tree.problem(
          "sharing",
          "both timeSlicing and mps are set; the device plugin uses mps and ignores timeSlicing",
          "keep one of them");
      return Optional.empty();
    }
    if (timeSlicing.isPresent()) {
      return readReplicated(tree, timeSlicing.get(), SharingStrategy.TIME_SLICING);
    }
    return mps.flatMap(node -> readReplicated(tree, node, SharingStrategy.MPS));
  }

  private static Optional<SharingConfig> readReplicated(
      ConfigTree tree, JsonNode node, SharingStrategy strategy) {
    String path = "sharing." + strategy.key();
    Optional<ObjectNode> mapping = tree.mapping(node, path);
    if (mapping.isEmpty()) {
      return Optional.empty();
    }
    ObjectNode replicated = mapping.get();
    Map<String, String> elsewhere = new LinkedHashMap<>();
    elsewhere.put("migStrategy", "under flags");
    for (String key : List.of("name", "replicas", "rename", "devices")) {
      elsewhere.put(key, "in each entry of " + path + ".resources");
    }
    tree.onlyKeys(
        replicated,
        path,
        Set.of("renameByDefault", "failRequestsGreaterThanOne", "resources"),
        elsewhere);
    int before = tree.problems().size();
    SharingConfig.Builder builder = SharingConfig.builder().strategy(strategy);
    ConfigTree.field(replicated, "renameByDefault")
        .flatMap(value -> tree.bool(value, path + ".renameByDefault"))
        .ifPresent(builder::renameByDefault);
    ConfigTree.field(replicated, "failRequestsGreaterThanOne")
        .flatMap(value -> tree.bool(value, path + ".failRequestsGreaterThanOne"))
        .ifPresent(builder::failRequestsGreaterThanOne);
    Optional<JsonNode> resources = ConfigTree.field(replicated, "resources");
    String resourcesPath = path + ".resources";
    if (resources.isEmpty()) {
      tree.problem(resourcesPath, "missing", "list the resources to share");
    } else if (!resources.get().isArray()) {
      tree.problem(
          resourcesPath,
          "expected a list, found " + ConfigTree.describe(resources.get()),
          "write each resource as a list item: - name: nvidia.com/gpu");
    } else {
      for (int i = 0; i < resources.get().size(); i++) {
        readResource(tree, resources.get().get(i), ConfigTree.item(resourcesPath, i), path)
            .ifPresent(builder::addResources);
      }
    }
    if (tree.problems().size() > before) {
      return Optional.empty();
    }
    return tree.build(path, builder::build);
  }

  private static Optional<SharedResource> readResource(
      ConfigTree tree, JsonNode node, String path, String parent) {
    Optional<ObjectNode> mapping = tree.mapping(node, path);
    if (mapping.isEmpty()) {
      return Optional.empty();
    }
    ObjectNode resource = mapping.get();
    Map<String, String> elsewhere = new LinkedHashMap<>();
    elsewhere.put("renameByDefault", "under " + parent + ", next to resources");
    elsewhere.put("failRequestsGreaterThanOne", "under " + parent + ", next to resources");
    elsewhere.put("migStrategy", "under flags");
    tree.onlyKeys(resource, path, Set.of("name", "replicas", "rename", "devices"), elsewhere);
    int before = tree.problems().size();
    SharedResource.Builder builder = SharedResource.builder();
    Optional<JsonNode> name = ConfigTree.field(resource, "name");
    if (name.isEmpty()) {
      tree.problem(
          ConfigTree.child(path, "name"), "missing", "name the resource, e.g. nvidia.com/gpu");
    } else {
      tree.text(name.get(), ConfigTree.child(path, "name"))
          .map(DevicePluginConfig::qualified)
          .ifPresent(builder::name);
    }
    Optional<JsonNode> replicas = ConfigTree.field(resource, "replicas");
    if (replicas.isEmpty()) {
      tree.problem(ConfigTree.child(path, "replicas"), "missing", "give the replicas, at least 2");
    } else {
      tree.integer(replicas.get(), ConfigTree.child(path, "replicas")).ifPresent(builder::replicas);
    }
    ConfigTree.field(resource, "rename")
        .flatMap(rename -> tree.text(rename, ConfigTree.child(path, "rename")))
        .map(DevicePluginConfig::qualified)
        .ifPresent(builder::rename);
    ConfigTree.field(resource, "devices")
        .flatMap(devices -> readDevices(tree, devices, ConfigTree.child(path, "devices")))
        .ifPresent(builder::devices);
    if (tree.problems().size() > before) {
      return Optional.empty();
    }
    return tree.build(path, builder::build);
  }

  /** The plugin prefixes a bare name with {@code nvidia.com/}. */
  private static String qualified(String name) {
    return name.contains("/") ? name : ResourceNames.PREFIX + name;
  }

  private static Optional<DeviceSelection> readDevices(
      ConfigTree tree, JsonNode node, String path) {
    if (node.isString() && node.asString().equals("all")) {
      return Optional.of(DeviceSelection.all());
    }
    if (!node.isArray() || node.isEmpty()) {
      tree.problem(
          path,
          "expected all or a list of device indices or UUIDs, found " + ConfigTree.describe(node),
          "write all");
      return Optional.empty();
    }
    List<String> ids = new ArrayList<>();
    for (int i = 0; i < node.size(); i++) {
      JsonNode item = node.get(i);
      if (item.isIntegralNumber() && item.canConvertToInt() && item.intValue() >= 0) {
        ids.add(Integer.toString(item.intValue()));
      } else if (item.isString()) {
        ids.add(item.asString());
      } else {
        tree.problem(
            ConfigTree.item(path, i),
            "expected a device index or UUID, found " + ConfigTree.describe(item),
            "write e.g. 0 or GPU-<uuid>");
        return Optional.empty();
      }
    }
    return tree.build(path, () -> DeviceSelection.ids(ids.toArray(String[]::new)));
  }

  public static Builder builder() {
    return new Builder();
  }

  public static final class Builder extends ImmutableDevicePluginConfig.Builder {}
}
