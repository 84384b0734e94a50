package io.gpuspec.sharing;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.Container;
import io.gpuspec.core.k8s.GpuResources;
import io.gpuspec.core.report.Finding;
import io.gpuspec.core.spi.PodTemplate;
import io.gpuspec.sharing.model.ClusterPolicy;
import io.gpuspec.sharing.model.ClusterPolicySpec;
import io.gpuspec.sharing.model.DevicePluginSpec;
import io.gpuspec.sharing.model.MigManagerSpec;
import io.gpuspec.sharing.model.OperandConfig;
import io.gpuspec.sharing.model.SandboxWorkloadsSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import tools.jackson.databind.node.ObjectNode;

/**
 * Facts about the GPU Operator's {@link ClusterPolicy} (or the helm values read as one, see {@link
 * GpuOperatorChart}) and the ConfigMaps it names. Paths are the object's ({@code
 * spec.devicePlugin.config.name}) or, for helm values, the values' ({@code
 * devicePlugin.config.name}). The ConfigMaps are looked up by name among those given: the
 * ClusterPolicy is cluster-scoped and its configs live in the operator's namespace, which the
 * ClusterPolicy does not state. {@link GpuOperatorValues#builder()} throws the first finding of
 * these on what it renders.
 *
 * <p>Sources: GPU Operator v26.7.0 {@code api/nvidia/v1/clusterpolicy_types.go}, the CRD {@code
 * deployments/gpu-operator/crds/nvidia.com_clusterpolicies.yaml}, {@code
 * controllers/object_controls.go} (the device-plugin ConfigMap mounted as {@code
 * /available-configs} with {@code DEFAULT_CONFIG}; the mig-parted ConfigMap read as {@code
 * config.yaml}; {@code MIG_STRATEGY}), {@code controllers/nodelabeling_controller.go} (nodes
 * without {@code nvidia.com/mig.config} get the default layout), and the device plugin's {@code
 * cmd/config-manager/main.go} ("specified config ... does not exist").
 */
public final class GpuOperatorFacts {

  static final Set<String> STRATEGIES = Set.of("none", "single", "mixed");
  static final Set<String> MIG_DEFAULTS = Set.of(GpuOperatorChart.MIG_DEFAULT, "");
  static final Set<String> WORKLOADS = Set.of("container", "vm-passthrough", "vm-vgpu");
  static final Set<String> SANDBOX_MODES = Set.of("kubevirt", "kata");

  private GpuOperatorFacts() {}

  /**
   * SHR020: what the ClusterPolicy CRD holds the fields gpuspec reads to: the spec fields it
   * requires (not for helm values: the chart writes them), and the values {@code mig.strategy},
   * {@code migManager.config.default} and {@code sandboxWorkloads.{defaultWorkload,mode}} may take.
   */
  public static List<Finding> schema(ClusterPolicy policy) {
    List<Finding> findings = new ArrayList<>();
    String at = prefix(policy);
    ClusterPolicySpec spec = policy.getSpec();
    if (!GpuOperatorChart.isFromValues(policy)) {
      Set<String> present = spec == null ? Set.of() : spec.components().keySet();
      for (String field : ClusterPolicySpec.REQUIRED) {
        if (!present.contains(field)) {
          findings.add(
              new Finding(
                  at + field,
                  "required by the ClusterPolicy CRD; the API server rejects the object without it",
                  "add " + field + ": {} (the operator's defaults apply)"));
        }
      }
    }
    if (spec == null) {
      return findings;
    }
    if (spec.getMig() != null) {
      oneOf(findings, at + "mig.strategy", spec.getMig().getStrategy(), STRATEGIES);
    }
    migConfig(spec)
        .ifPresent(
            config ->
                oneOf(
                    findings,
                    at + "migManager.config.default",
                    config.getDefaultConfig(),
                    MIG_DEFAULTS));
    SandboxWorkloadsSpec sandbox = spec.getSandboxWorkloads();
    if (sandbox != null) {
      oneOf(
          findings,
          at + "sandboxWorkloads.defaultWorkload",
          sandbox.getDefaultWorkload(),
          WORKLOADS);
      oneOf(findings, at + "sandboxWorkloads.mode", sandbox.getMode(), SANDBOX_MODES);
    }
    return findings;
  }

  /**
   * SHR021, the part the set may not hold: the device-plugin ConfigMap that {@code
   * devicePlugin.config.name} names is among the given ConfigMaps (a warning: it may be applied
   * apart; without it the device plugin's pods cannot mount it and never start).
   */
  public static List<Finding> devicePluginConfigAbsent(
      ClusterPolicy policy, List<ConfigMap> configMaps) {
    return pluginConfigName(policy)
        .filter(name -> named(configMaps, name).isEmpty())
        .map(
            name ->
                List.of(
                    new Finding(
                        prefix(policy) + "devicePlugin.config.name",
                        "names ConfigMap \""
                            + name
                            + "\", which is not in the set; the device plugin's pods cannot start"
                            + " without it"
                            + elsewhere(configMaps, DevicePluginConfigText::isDevicePluginConfig),
                        "add ConfigMap \""
                            + name
                            + "\" to the operator's namespace, or name the ConfigMap that holds"
                            + " the device-plugin configs")))
        .orElse(List.of());
  }

  /**
   * SHR021: the device-plugin ConfigMap that {@code devicePlugin.config.name} names holds at least
   * one config, and {@code devicePlugin.config.default} is one of its data keys (else the
   * config-manager fails on every node without the {@code nvidia.com/device-plugin.config} label).
   */
  public static List<Finding> devicePluginConfig(ClusterPolicy policy, List<ConfigMap> configMaps) {
    Optional<String> name = pluginConfigName(policy);
    List<ConfigMap> found = name.map(n -> named(configMaps, n)).orElse(List.of());
    if (found.isEmpty()) {
      return List.of();
    }
    String at = prefix(policy) + "devicePlugin.config.";
    if (found.stream().allMatch(configMap -> data(configMap).isEmpty())) {
      return List.of(
          new Finding(
              at + "name",
              "ConfigMap \"" + name.get() + "\" has no data, so the device plugin has no config",
              "put each config under its own data key"));
    }
    String defaultConfig =
        nullToEmpty(policy.getSpec().getDevicePlugin().getConfig().getDefaultConfig());
    if (defaultConfig.isEmpty()
        || found.stream().anyMatch(configMap -> data(configMap).containsKey(defaultConfig))) {
      return List.of();
    }
    return List.of(
        new Finding(
            at + "default",
            "config \""
                + defaultConfig
                + "\" is not a data key of ConfigMap \""
                + name.get()
                + "\" (it has "
                + keys(found.get(0))
                + "); the device plugin fails on nodes without the "
                + NodeConfigLabels.DEVICE_PLUGIN_CONFIG
                + " label",
            "name one of its data keys, or add config \"" + defaultConfig + "\" to it"));
  }

  /**
   * SHR022, the part the set may not hold: the mig-parted ConfigMap that {@code
   * migManager.config.name} names is among the given ConfigMaps (a warning, as for SHR021).
   */
  public static List<Finding> migManagerConfigAbsent(
      ClusterPolicy policy, List<ConfigMap> configMaps) {
    return migConfigName(policy)
        .filter(name -> named(configMaps, name).isEmpty())
        .map(
            name ->
                List.of(
                    new Finding(
                        prefix(policy) + "migManager.config.name",
                        "names ConfigMap \""
                            + name
                            + "\", which is not in the set; the MIG manager's pods cannot start"
                            + " without it"
                            + elsewhere(configMaps, root -> root.has("mig-configs")),
                        "add ConfigMap \""
                            + name
                            + "\" to the operator's namespace, or name the ConfigMap that holds"
                            + " the mig-parted config")))
        .orElse(List.of());
  }

  /**
   * SHR022: the mig-parted ConfigMap that {@code migManager.config.name} names holds a mig-parted
   * config under {@code config.yaml} (the only key the MIG manager reads), whose {@code
   * mig-configs} has the default layout ({@code migManager.config.default}, {@code all-disabled}
   * unless set to empty: the operator labels MIG-capable nodes with it); and it is in the same
   * namespace as the device-plugin ConfigMap when both are found (the operator reads both from its
   * own namespace).
   */
  public static List<Finding> migManagerConfig(ClusterPolicy policy, List<ConfigMap> configMaps) {
    Optional<String> name = migConfigName(policy);
    List<ConfigMap> found = name.map(n -> named(configMaps, n)).orElse(List.of());
    if (found.isEmpty()) {
      return List.of();
    }
    String at = prefix(policy) + "migManager.config.";
    List<ObjectNode> configs = new ArrayList<>();
    for (ConfigMap configMap : found) {
      String text = data(configMap).get(MigPartedConfigMap.DATA_KEY);
      DevicePluginConfigText.tree(text == null ? "" : text)
          .filter(root -> root.has("mig-configs"))
          .ifPresent(configs::add);
    }
    List<Finding> findings = new ArrayList<>();
    if (configs.isEmpty()) {
      findings.add(
          new Finding(
              at + "name",
              "ConfigMap \""
                  + name.get()
                  + "\" has no mig-parted config under "
                  + MigPartedConfigMap.DATA_KEY
                  + " (it has "
                  + keys(found.get(0))
                  + "), the only key the MIG manager reads",
              "put the mig-parted config under data." + MigPartedConfigMap.DATA_KEY));
    }
    String defaultLayout =
        Objects.requireNonNullElse(
            migConfig(policy.getSpec()).orElseThrow().getDefaultConfig(),
            GpuOperatorChart.MIG_DEFAULT);
    if (!configs.isEmpty()
        && !defaultLayout.isEmpty()
        && configs.stream().noneMatch(root -> root.path("mig-configs").has(defaultLayout))) {
      findings.add(
          new Finding(
              at + "default",
              "layout \""
                  + defaultLayout
                  + "\" is not in mig-configs of ConfigMap \""
                  + name.get()
                  + "\"; the operator labels MIG-capable nodes "
                  + NodeConfigLabels.MIG_CONFIG
                  + "="
                  + defaultLayout
                  + " and the MIG manager cannot apply it",
              "add a layout \""
                  + defaultLayout
                  + "\" (devices: all, mig-enabled: false), or set the default to \"\""));
    }
    sameNamespace(policy, configMaps, found).ifPresent(findings::add);
    return findings;
  }

  /**
   * SHR023, the configs' part: {@code mig.strategy} overrides every device-plugin config's {@code
   * flags.migStrategy} ({@code MIG_STRATEGY}), so each config of the named ConfigMap states the
   * same strategy or none, and none shares with MPS under {@code mixed} (the plugin refuses to
   * start).
   */
  public static List<Finding> migStrategyOverConfigs(
      ClusterPolicy policy, List<ConfigMap> configMaps) {
    Optional<String> strategy = strategy(policy);
    Optional<String> name = pluginConfigName(policy);
    if (strategy.isEmpty() || name.isEmpty()) {
      return List.of();
    }
    String at = prefix(policy) + "mig.strategy";
    List<Finding> findings = new ArrayList<>();
    for (ConfigMap configMap : named(configMaps, name.get())) {
      new TreeMap<>(data(configMap))
          .forEach(
              (key, text) ->
                  DevicePluginConfigText.tree(text)
                      .filter(DevicePluginConfigText::isDevicePluginConfig)
                      .ifPresent(root -> overrides(findings, at, strategy.get(), key, root)));
    }
    return findings;
  }

  /**
   * SHR023, the workloads' part: under {@code mig.strategy} {@code single} or {@code none} the
   * device plugin advertises no {@code nvidia.com/mig-<profile>} resource on any node, so a
   * container that requests one never schedules.
   */
  public static List<Finding> migStrategyRequests(ClusterPolicy policy, PodTemplate template) {
    Optional<String> strategy = strategy(policy).filter(s -> !s.equals("mixed"));
    if (strategy.isEmpty() || !devicePluginEnabled(policy)) {
      return List.of();
    }
    List<Finding> findings = new ArrayList<>();
    List<Container> containers = template.spec().getContainers();
    for (int i = 0; i < containers.size(); i++) {
      Container container = containers.get(i);
      String path = template.specPath() + ".containers[" + i + "].resources";
      for (String resource : GpuResources.gpuResourceNames(container).toList()) {
        if (GpuResources.isMig(resource)) {
          findings.add(
              new Finding(
                  path + "." + side(container, resource) + "[" + resource + "]",
                  resource
                      + " is never advertised: the GPU Operator's mig.strategy "
                      + strategy.get()
                      + (strategy.get().equals("single")
                          ? " advertises MIG devices as nvidia.com/gpu"
                          : " advertises no MIG devices"),
                  strategy.get().equals("single")
                      ? "request nvidia.com/gpu on MIG nodes, or set mig.strategy mixed"
                      : "set mig.strategy mixed to request MIG profiles"));
        }
      }
    }
    return findings;
  }

  private static void overrides(
      List<Finding> findings, String at, String strategy, String key, ObjectNode root) {
    String own = root.path("flags").path("migStrategy").asString("");
    if (!own.isEmpty() && !own.equals(strategy)) {
      findings.add(
          new Finding(
              at,
              strategy + " overrides flags.migStrategy " + own + " of config \"" + key + "\"",
              "make them agree, or leave mig.strategy unset so each config chooses"));
    } else if (strategy.equals("mixed")
        && DevicePluginConfigReader.sections(root).stream()
            .anyMatch(DevicePluginConfigReader.SharingSection::isMps)) {
      findings.add(
          new Finding(
              at,
              "mixed applies to config \""
                  + key
                  + "\", which shares with MPS; the device plugin refuses to start with both",
              "use mig.strategy none or single with MPS, or share with time-slicing"));
    }
  }

  private static Optional<Finding> sameNamespace(
      ClusterPolicy policy, List<ConfigMap> configMaps, List<ConfigMap> migFound) {
    Set<String> migNamespaces = namespaces(migFound);
    Set<String> pluginNamespaces =
        namespaces(pluginConfigName(policy).map(n -> named(configMaps, n)).orElse(List.of()));
    if (migNamespaces.isEmpty()
        || pluginNamespaces.isEmpty()
        || migNamespaces.stream().anyMatch(pluginNamespaces::contains)) {
      return Optional.empty();
    }
    return Optional.of(
        new Finding(
            prefix(policy) + "migManager.config.name",
            "the mig-parted ConfigMap is in "
                + String.join(", ", migNamespaces)
                + " but the device-plugin ConfigMap in "
                + String.join(", ", pluginNamespaces)
                + "; the operator reads both from its own namespace",
            "put both in the GPU Operator's namespace"));
  }

  /** The namespaces written on the ConfigMaps (none for a chart-created one), sorted. */
  private static Set<String> namespaces(List<ConfigMap> configMaps) {
    return configMaps.stream()
        .map(configMap -> configMap.getMetadata().getNamespace())
        .filter(namespace -> namespace != null && !namespace.isEmpty())
        .collect(Collectors.toCollection(TreeSet::new));
  }

  private static String side(Container container, String resource) {
    return container.getResources() != null
            && container.getResources().getLimits() != null
            && container.getResources().getLimits().containsKey(resource)
        ? "limits"
        : "requests";
  }

  private static String elsewhere(List<ConfigMap> configMaps, Predicate<ObjectNode> holds) {
    List<String> names =
        configMaps.stream()
            .filter(
                configMap ->
                    data(configMap).values().stream()
                        .map(DevicePluginConfigText::tree)
                        .flatMap(Optional::stream)
                        .anyMatch(holds))
            .map(configMap -> "\"" + configMap.getMetadata().getName() + "\"")
            .distinct()
            .toList();
    return names.isEmpty()
        ? ""
        : " (the set holds such configs in ConfigMap " + String.join(", ", names) + ")";
  }

  private static void oneOf(
      List<Finding> findings, String path, String value, Set<String> allowed) {
    if (value != null && !allowed.contains(value)) {
      findings.add(
          new Finding(
              path,
              "\"" + value + "\" is not one of " + quoted(allowed) + "; the API server rejects it",
              "write one of " + quoted(allowed)));
    }
  }

  private static String quoted(Set<String> values) {
    return values.stream().sorted().map(v -> "\"" + v + "\"").collect(Collectors.joining(", "));
  }

  /** {@code spec.} for a ClusterPolicy, nothing for helm values. */
  private static String prefix(ClusterPolicy policy) {
    return GpuOperatorChart.isFromValues(policy) ? "" : "spec.";
  }

  private static boolean devicePluginEnabled(ClusterPolicy policy) {
    DevicePluginSpec plugin = policy.getSpec() == null ? null : policy.getSpec().getDevicePlugin();
    return plugin == null || !Boolean.FALSE.equals(plugin.getEnabled());
  }

  /** {@code devicePlugin.config.name} when set and the device plugin is deployed. */
  private static Optional<String> pluginConfigName(ClusterPolicy policy) {
    if (policy.getSpec() == null || !devicePluginEnabled(policy)) {
      return Optional.empty();
    }
    DevicePluginSpec plugin = policy.getSpec().getDevicePlugin();
    return Optional.ofNullable(plugin == null ? null : plugin.getConfig())
        .map(OperandConfig::getName)
        .filter(name -> !name.isEmpty());
  }

  /** {@code migManager.config}, when given. */
  private static Optional<OperandConfig> migConfig(ClusterPolicySpec spec) {
    MigManagerSpec manager = spec.getMigManager();
    return Optional.ofNullable(manager == null ? null : manager.getConfig());
  }

  /** {@code migManager.config.name} when set and the MIG manager is deployed. */
  private static Optional<String> migConfigName(ClusterPolicy policy) {
    if (policy.getSpec() == null) {
      return Optional.empty();
    }
    MigManagerSpec manager = policy.getSpec().getMigManager();
    if (manager != null && Boolean.FALSE.equals(manager.getEnabled())) {
      return Optional.empty();
    }
    return migConfig(policy.getSpec()).map(OperandConfig::getName).filter(name -> !name.isEmpty());
  }

  /** {@code mig.strategy}, when one of the CRD's values. */
  private static Optional<String> strategy(ClusterPolicy policy) {
    return Optional.ofNullable(policy.getSpec())
        .map(ClusterPolicySpec::getMig)
        .map(mig -> mig.getStrategy())
        .filter(STRATEGIES::contains);
  }

  private static List<ConfigMap> named(List<ConfigMap> configMaps, String name) {
    return configMaps.stream()
        .filter(c -> c.getMetadata() != null && name.equals(c.getMetadata().getName()))
        .toList();
  }

  private static Map<String, String> data(ConfigMap configMap) {
    return configMap.getData() == null ? Map.of() : configMap.getData();
  }

  private static String keys(ConfigMap configMap) {
    Set<String> keys = new TreeSet<>(data(configMap).keySet());
    return keys.isEmpty()
        ? "no data"
        : keys.stream().map(k -> "\"" + k + "\"").collect(Collectors.joining(", "));
  }

  private static String nullToEmpty(String value) {
    return Objects.requireNonNullElse(value, "");
  }
}
