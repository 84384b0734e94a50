package io.gpuspec.sharing;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.gpuspec.core.manifest.DocumentRecognizer;
import io.gpuspec.sharing.model.ClusterPolicy;
import io.gpuspec.sharing.model.ClusterPolicySpec;
import io.gpuspec.sharing.model.DevicePluginSpec;
import io.gpuspec.sharing.model.MigManagerSpec;
import io.gpuspec.sharing.model.MigSpec;
import io.gpuspec.sharing.model.OperandConfig;
import io.gpuspec.sharing.model.SandboxWorkloadsSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The GPU Operator's helm chart as far as gpuspec reads it: a values file ({@code helm install -f
 * values.yaml}) turned into the {@link ClusterPolicy} the chart deploys ({@code
 * templates/clusterpolicy.yaml}, named {@code cluster-policy}) and the ConfigMaps it creates from
 * {@code devicePlugin.config.data} and {@code migManager.config.data} when {@code create} is true
 * ({@code templates/plugin_config.yaml}, {@code templates/mig_config.yaml}), so that the rules that
 * check a ClusterPolicy and its ConfigMaps check the values file the same way.
 *
 * <p>What it reads (chart of GPU Operator v26.7.0, {@code deployments/gpu-operator/values.yaml}):
 * {@code devicePlugin.{enabled, config.{name, default, create, data}}} (the chart passes {@code
 * config} on only when {@code name} is set), {@code migManager.{enabled, config.{name, default,
 * create, data}}} ({@code default} is {@code all-disabled} in the chart), {@code mig.strategy}
 * (passed on when not empty) and {@code sandboxWorkloads.{enabled, defaultWorkload, mode}}. A key
 * the file leaves out takes the chart's default (for {@code mig.strategy}: {@code single}), which
 * gpuspec does not assume: the file may be one of several given to helm.
 *
 * <p>A document is taken for such a values file when it has no {@code apiVersion} and {@code kind},
 * holds {@code devicePlugin}, {@code migManager} or {@code mig} as a mapping, and more than half of
 * its top-level keys are top-level keys of the chart's values.
 */
public final class GpuOperatorChart {

  /**
   * The annotation on a {@link ClusterPolicy} read from helm values: its findings' paths are the
   * values' own ({@code devicePlugin.config.name}), not the object's ({@code
   * spec.devicePlugin.config.name}).
   */
  public static final String HELM_VALUES_ANNOTATION = "gpuspec.io/gpu-operator-helm-values";

  /** The top-level keys of the chart's values (v26.7.0, and {@code psp} of earlier charts). */
  static final Set<String> CHART_KEYS =
      Set.of(
          "platform",
          "nfd",
          "psa",
          "psp",
          "cdi",
          "sandboxWorkloads",
          "hostPaths",
          "daemonsets",
          "validator",
          "operator",
          "mig",
          "driver",
          "toolkit",
          "devicePlugin",
          "dcgm",
          "dcgmExporter",
          "gfd",
          "migManager",
          "nodeStatusExporter",
          "gds",
          "gdrcopy",
          "vgpuManager",
          "vgpuDeviceManager",
          "vfioManager",
          "kataManager",
          "sandboxDevicePlugin",
          "kataSandboxDevicePlugin",
          "ccManager",
          "clusterPolicy",
          "gpuCluster",
          "draDriver",
          "extraObjects",
          "node-feature-discovery");

  /** The chart's {@code migManager.config.default}, also the CRD's default. */
  public static final String MIG_DEFAULT = "all-disabled";

  private static final List<String> SIGNATURE = List.of("devicePlugin", "migManager", "mig");

  private GpuOperatorChart() {}

  /** Whether a document without apiVersion and kind is the GPU Operator chart's values. */
  public static boolean isValues(JsonNode root) {
    if (!(root instanceof ObjectNode object) || object.has("apiVersion") || object.has("kind")) {
      return false;
    }
    if (SIGNATURE.stream().noneMatch(key -> object.path(key).isObject())) {
      return false;
    }
    long known = object.propertyNames().stream().filter(CHART_KEYS::contains).count();
    return known * 2 > object.size();
  }

  /**
   * What the chart deploys from these values: the ClusterPolicy first (named {@code name}: the
   * chart's own name for it, {@code cluster-policy}, would make two values files one object), then
   * the ConfigMaps it creates (no namespace: the chart puts them in the release's namespace). Each
   * carries {@link DocumentRecognizer#SYNTHETIC_ANNOTATION} with {@code source} as its value.
   */
  public static List<HasMetadata> objects(JsonNode values, String name, String source) {
    List<HasMetadata> objects = new ArrayList<>();
    objects.add(clusterPolicy(values, name, source));
    createdConfigMap(values.path("devicePlugin").path("config"), source).ifPresent(objects::add);
    createdConfigMap(values.path("migManager").path("config"), source).ifPresent(objects::add);
    return objects;
  }

  /** Whether a ClusterPolicy was read from helm values (its paths are the values' own). */
  public static boolean isFromValues(ClusterPolicy policy) {
    return policy.getMetadata() != null
        && policy.getMetadata().getAnnotations() != null
        && policy.getMetadata().getAnnotations().containsKey(HELM_VALUES_ANNOTATION);
  }

  private static ClusterPolicy clusterPolicy(JsonNode values, String name, String source) {
    ClusterPolicySpec spec = new ClusterPolicySpec();
    JsonNode plugin = values.path("devicePlugin");
    if (plugin.isObject()) {
      DevicePluginSpec devicePlugin = new DevicePluginSpec();
      devicePlugin.setEnabled(bool(plugin.path("enabled")));
      String configMap = text(plugin.path("config").path("name"));
      if (!configMap.isEmpty()) {
        devicePlugin.setConfig(config(configMap, text(plugin.path("config").path("default"))));
      }
      spec.setDevicePlugin(devicePlugin);
    }
    JsonNode manager = values.path("migManager");
    if (manager.isObject()) {
      MigManagerSpec migManager = new MigManagerSpec();
      migManager.setEnabled(bool(manager.path("enabled")));
      JsonNode config = manager.path("config");
      if (config.isObject() && !config.isEmpty()) {
        JsonNode given = config.path("default");
        migManager.setConfig(
            config(text(config.path("name")), given.isMissingNode() ? MIG_DEFAULT : text(given)));
      }
      spec.setMigManager(migManager);
    }
    String strategy = text(values.path("mig").path("strategy"));
    if (!strategy.isEmpty()) {
      MigSpec mig = new MigSpec();
      mig.setStrategy(strategy);
      spec.setMig(mig);
    }
    JsonNode sandbox = values.path("sandboxWorkloads");
    if (sandbox.isObject()) {
      SandboxWorkloadsSpec sandboxWorkloads = new SandboxWorkloadsSpec();
      sandboxWorkloads.setEnabled(bool(sandbox.path("enabled")));
      sandboxWorkloads.setDefaultWorkload(emptyToNull(text(sandbox.path("defaultWorkload"))));
      sandboxWorkloads.setMode(emptyToNull(text(sandbox.path("mode"))));
      spec.setSandboxWorkloads(sandboxWorkloads);
    }
    return new ClusterPolicy(
        new ObjectMetaBuilder()
            .withName(name)
            .addToAnnotations(DocumentRecognizer.SYNTHETIC_ANNOTATION, source)
            .addToAnnotations(HELM_VALUES_ANNOTATION, source)
            .build(),
        spec);
  }

  private static OperandConfig config(String name, String defaultConfig) {
    OperandConfig config = new OperandConfig();
    config.setName(emptyToNull(name));
    config.setDefaultConfig(defaultConfig);
    return config;
  }

  /** The ConfigMap {@code create: true} makes from non-empty {@code data} with a name. */
  private static Optional<ConfigMap> createdConfigMap(JsonNode config, String source) {
    String name = text(config.path("name"));
    JsonNode data = config.path("data");
    if (!config.path("create").asBoolean(false)
        || name.isEmpty()
        || !data.isObject()
        || data.isEmpty()) {
      return Optional.empty();
    }
    Map<String, String> strings = new TreeMap<>();
    data.properties()
        .forEach(
            entry -> {
              if (entry.getValue().isString()) {
                strings.put(entry.getKey(), entry.getValue().asString());
              }
            });
    return Optional.of(
        new ConfigMapBuilder()
            .withNewMetadata()
            .withName(name)
            .addToAnnotations(DocumentRecognizer.SYNTHETIC_ANNOTATION, source)
            .endMetadata()
            .withData(strings)
            .build());
  }

  private static @Nullable Boolean bool(JsonNode node) {
    return node.isBoolean() ? node.asBoolean() : null;
  }

  private static String text(JsonNode node) {
    return node.isValueNode() && !node.isNull() ? node.asString() : "";
  }

  private static @Nullable String emptyToNull(String value) {
    return value.isEmpty() ? null : value;
  }
}
