package io.gpuspec.sharing;

import io.gpuspec.core.report.Finding;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The one reader of the NVIDIA device plugin's config format ({@code version: v1};
 * https://github.com/NVIDIA/k8s-device-plugin#configuring-the-nvidia-device-plugin-binary), used by
 * the DSL and by the sharing rules alike. It reads a config two ways over the same format
 * knowledge:
 *
 * <ul>
 *   <li>{@link #read(String)}, strict where the plugin is strict: the {@link DevicePluginConfig},
 *       or every problem that makes the plugin refuse the config (unknown keys, wrong types, a
 *       missing resource name or replica count, both time-slicing and MPS);
 *   <li>{@link #sections(ObjectNode)}, the sharing sections and their resource entries with their
 *       field paths, as far as they can be read at all, for rules that judge what the plugin would
 *       do with them (replicas below 2, resources listed twice, renames it ignores).
 * </ul>
 */
public final class DevicePluginConfigReader {

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

  private DevicePluginConfigReader() {}

  /** Reads a config strictly: the config, or every problem that makes the plugin refuse it. */
  public static Parsed<DevicePluginConfig> read(String text) {
    return read(text, "");
  }

  /** The same, with {@code prefix} before every problem's path (e.g. {@code data[any]}). */
  static Parsed<DevicePluginConfig> read(String text, String prefix) {
    ConfigTree tree = new ConfigTree(prefix);
    Optional<ObjectNode> root = tree.root(text);
    Optional<DevicePluginConfig> config = root.flatMap(node -> read(tree, node));
    if (config.isPresent()) {
      List<Finding> refused = new ArrayList<>(ignored(root.get()));
      refused.addAll(tooFewReplicas(root.get()));
      refused.addAll(tooManyMpsClients(root.get()));
      refused.addAll(migStrategyMismatches(root.get()));
      for (Finding finding : refused) {
        tree.problem(finding.path(), finding.message(), finding.fix(), ConfigProblem.Kind.VALUE);
      }
      if (!refused.isEmpty()) {
        return tree.result(Optional.empty());
      }
    }
    return tree.result(config);
  }

  /**
   * What the plugin refuses in the config's format (unknown, misplaced or mistyped keys, an unknown
   * version, an empty resource list), as findings with paths inside the config; reported by SHR001.
   */
  public static List<Finding> formatProblems(String text) {
    List<Finding> findings = new ArrayList<>();
    for (ConfigProblem problem : read(text).problems()) {
      if (problem.kind() == ConfigProblem.Kind.FORMAT) {
        findings.add(ConfigFindings.of(problem));
      }
    }
    return findings;
  }

  /**
   * What the plugin ignores or does not share in well-formed sharing sections: a name that is not a
   * resource name it shares, a resource listed twice, a {@code rename} other than the default
   * {@code <name>.shared} under {@code renameByDefault}, a {@code devices} list other than {@code
   * all} (device plugin v0.17 to v0.20, {@code DisableResourceNamingInConfig}); reported by SHR001.
   */
  public static List<Finding> ignored(ObjectNode root) {
    List<Finding> findings = new ArrayList<>();
    for (SharingSection section : sections(root)) {
      Set<String> seen = new HashSet<>();
      for (SharedEntry entry : section.resources()) {
        ignored(findings, section, entry, seen);
      }
    }
    return findings;
  }

  private static void ignored(
      List<Finding> findings, SharingSection section, SharedEntry entry, Set<String> seen) {
    Optional<String> name = entry.name();
    if (name.isPresent()) {
      String resource = name.get();
      if (!ResourceNames.isValid(resource)) {
        findings.add(
            new Finding(
                entry.path() + ".name",
                "\"" + resource + "\" is not a resource name the device plugin shares",
                "use nvidia.com/gpu or nvidia.com/mig-<profile>"));
      } else if (!seen.add(resource)) {
        findings.add(
            new Finding(
                entry.path() + ".name",
                resource + " is listed twice in " + section.path() + ".resources",
                "list each resource once"));
      }
    }
    text(entry.node().get("rename"))
        .ifPresent(
            rename -> {
              String advertised = section.advertisedName(name.orElse(ResourceNames.GPU));
              if (!(section.renameByDefault() && rename.equals(advertised))) {
                findings.add(
                    new Finding(
                        entry.path() + ".rename",
                        "the device plugin ignores rename \""
                            + rename
                            + "\" and advertises "
                            + advertised,
                        "drop rename; set renameByDefault: true to advertise <name>.shared"));
              }
            });
    JsonNode devices = entry.node().get("devices");
    if (devices != null && !(devices.isString() && devices.asString().equals("all"))) {
      findings.add(
          new Finding(
              entry.path() + ".devices",
              "the device plugin ignores a devices list and shares every device",
              "drop devices and select nodes with the nvidia.com/device-plugin.config label"
                  + " instead"));
    }
  }

  /**
   * Resources shared fewer than 2 ways, which the plugin refuses ("number of replicas must be >=
   * 2", {@code api/config/v1/replicas.go}); reported by SHR002.
   */
  public static List<Finding> tooFewReplicas(ObjectNode root) {
    List<Finding> findings = new ArrayList<>();
    for (SharingSection section : sections(root)) {
      for (SharedEntry entry : section.resources()) {
        entry
            .replicas()
            .filter(replicas -> replicas < 2)
            .ifPresent(
                replicas ->
                    findings.add(
                        new Finding(
                            entry.path() + ".replicas",
                            replicas
                                + " replica(s) share nothing and the device plugin refuses the"
                                + " config",
                            "give at least 2 replicas, or drop "
                                + entry.name().orElse("the resource")
                                + " from "
                                + section.path())));
      }
    }
    return findings;
  }

  private static Optional<DevicePluginConfig> read(ConfigTree tree, ObjectNode root) {
    tree.onlyKeys(root, "", Set.of("version", "flags", "sharing", "imex"), ROOT_ELSEWHERE);
    int before = tree.problems().size();
    DevicePluginConfig.Builder builder = DevicePluginConfig.builder();
    ConfigTree.field(root, "version")
        .flatMap(version -> tree.text(version, "version"))
        .filter(version -> !version.equals(DevicePluginConfig.VERSION))
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
    } else if (resources.get().isEmpty()) {
      tree.problem(
          resourcesPath, "no resource to share", "add one, e.g. nvidia.com/gpu with 4 replicas");
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
          .map(DevicePluginConfigReader::qualified)
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
        .map(DevicePluginConfigReader::qualified)
        .ifPresent(builder::rename);
    ConfigTree.field(resource, "devices")
        .flatMap(devices -> readDevices(tree, devices, ConfigTree.child(path, "devices")))
        .ifPresent(builder::devices);
    if (tree.problems().size() > before) {
      return Optional.empty();
    }
    return tree.build(path, builder::build);
  }

  /**
   * MPS resources shared among more than {@link SharingConfig#MPS_MAX_REPLICAS} clients, more than
   * any GPU serves; reported by SHR003 (which also knows the lower limit of older GPUs from the
   * fleet).
   */
  public static List<Finding> tooManyMpsClients(ObjectNode root) {
    List<Finding> findings = new ArrayList<>();
    for (SharingSection section : sections(root)) {
      if (!section.isMps()) {
        continue;
      }
      for (SharedEntry entry : section.resources()) {
        entry
            .replicas()
            .filter(replicas -> replicas > SharingConfig.MPS_MAX_REPLICAS)
            .ifPresent(
                replicas ->
                    findings.add(
                        new Finding(
                            entry.path() + ".replicas",
                            replicas
                                + " MPS clients but a GPU serves at most "
                                + SharingConfig.MPS_MAX_REPLICAS,
                            "use at most " + SharingConfig.MPS_MAX_REPLICAS + " replicas")));
      }
    }
    return findings;
  }

  /**
   * Sharing that does not fit {@code flags.migStrategy}: MPS with {@code mixed} (the plugin does
   * not start), MPS on a MIG resource, a MIG resource shared under another strategy than {@code
   * mixed} (it is never advertised); reported by SHR004.
   */
  public static List<Finding> migStrategyMismatches(ObjectNode root) {
    List<Finding> findings = new ArrayList<>();
    String strategy = migStrategy(root);
    for (SharingSection section : sections(root)) {
      if (section.isMps() && strategy.equals("mixed")) {
        findings.add(
            new Finding(
                section.path(),
                "MPS with flags.migStrategy mixed, which the device plugin refuses to start with",
                "use migStrategy none or single with MPS, or time-slicing with mixed"));
      }
      for (SharedEntry entry : section.resources()) {
        String name = entry.name().orElse("");
        if (!ResourceNames.isMig(name)) {
          continue;
        }
        if (section.isMps()) {
          findings.add(
              new Finding(
                  entry.path() + ".name",
                  "MPS does not share MIG devices (" + name + ")",
                  "share MIG devices with time-slicing, or whole GPUs with MPS"));
        } else if (!strategy.equals("mixed")) {
          findings.add(
              new Finding(
                  entry.path() + ".name",
                  "migStrategy "
                      + strategy
                      + " advertises no nvidia.com/mig-* resource, so sharing "
                      + name
                      + " shares nothing",
                  "set flags.migStrategy: mixed, or share nvidia.com/gpu"));
        }
      }
    }
    return findings;
  }

  /** The plugin prefixes a bare resource name with {@code nvidia.com/}. */
  public static String qualified(String name) {
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

  /** The text of a string value. */
  private static Optional<String> text(JsonNode node) {
    return node != null && node.isString() ? Optional.of(node.asString()) : Optional.empty();
  }

  /** The value of an integral number. */
  private static Optional<Integer> integer(JsonNode node) {
    return node != null && node.isIntegralNumber() && node.canConvertToInt()
        ? Optional.of(node.intValue())
        : Optional.empty();
  }

  /** {@code flags.migStrategy} as written, or {@code none}, the plugin's default. */
  public static String migStrategy(ObjectNode root) {
    JsonNode flags = root.get("flags");
    return flags == null ? "none" : text(flags.get("migStrategy")).orElse("none");
  }

  /** One entry of {@code sharing.<strategy>.resources}, read leniently. */
  public record SharedEntry(String path, ObjectNode node) {
    /** The resource, qualified as the plugin qualifies it. */
    public Optional<String> name() {
      return text(node.get("name")).map(DevicePluginConfigReader::qualified);
    }

    /** The replicas, when written as an integer. */
    public Optional<Integer> replicas() {
      return integer(node.get("replicas"));
    }
  }

  /** {@code sharing.timeSlicing} or {@code sharing.mps}, read leniently. */
  public record SharingSection(
      String key, String path, ObjectNode node, List<SharedEntry> resources) {
    /** Whether this is {@code sharing.mps}. */
    public boolean isMps() {
      return key.equals("mps");
    }

    /** {@code renameByDefault}, when written as a boolean; else off, the default. */
    public boolean renameByDefault() {
      JsonNode value = node.get("renameByDefault");
      return value != null && value.isBoolean() && value.booleanValue();
    }

    /** The setting, or the plugin's default: on for MPS, off for time-slicing. */
    public boolean failRequestsGreaterThanOne() {
      JsonNode value = node.get("failRequestsGreaterThanOne");
      return value != null && value.isBoolean() ? value.booleanValue() : isMps();
    }

    /** The name a resource is advertised under. */
    public String advertisedName(String name) {
      return renameByDefault() ? name + ".shared" : name;
    }
  }

  /** The sections of {@code sharing} that are mappings, with their resource entries. */
  public static List<SharingSection> sections(ObjectNode root) {
    List<SharingSection> sections = new ArrayList<>();
    if (!(root.get("sharing") instanceof ObjectNode sharing)) {
      return sections;
    }
    for (String key : List.of("timeSlicing", "mps")) {
      if (sharing.get(key) instanceof ObjectNode section) {
        String path = "sharing." + key;
        List<SharedEntry> entries = new ArrayList<>();
        JsonNode resources = section.get("resources");
        if (resources != null && resources.isArray()) {
          for (int i = 0; i < resources.size(); i++) {
            if (resources.get(i) instanceof ObjectNode entry) {
              entries.add(new SharedEntry(path + ".resources[" + i + "]", entry));
            }
          }
        }
        sections.add(new SharingSection(key, path, section, entries));
      }
    }
    return sections;
  }
}
