package io.gpuspec.sharing.facts;

import io.fabric8.kubernetes.api.model.AnyType;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceClaim;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceClaimConfiguration;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceRequest;
import io.fabric8.kubernetes.api.model.resource.v1.OpaqueDeviceConfiguration;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaimTemplate;
import io.gpuspec.core.k8s.Names;
import io.gpuspec.core.k8s.NullFree;
import io.gpuspec.core.k8s.Quantities;
import io.gpuspec.core.report.Finding;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * Facts about the device configs of a DRA ResourceClaim or ResourceClaimTemplate (reported by
 * SHR011): each config names only requests of the claim (the API server rejects others) and holds
 * an opaque config with a driver that is a DNS subdomain of at most 63 characters and parameters
 * that are a JSON object of at most 10 Ki (the API server rejects others); and an opaque config for
 * NVIDIA's driver ({@code gpu.nvidia.com}) is one the driver decodes strictly: {@code
 * resource.nvidia.com/v1beta1} {@code GpuConfig} for GPU requests or {@code MigDeviceConfig} for
 * MIG requests, with a {@code sharing} of strategy {@code TimeSlicing} (interval {@code Default},
 * {@code Short}, {@code Medium} or {@code Long}; GPUs only) or {@code MPS} ({@code
 * defaultActiveThreadPercentage} 0 to 100, pinned memory limits of at least 1Mi), no settings of
 * the other strategy and no unknown fields. Parameters of other drivers are left alone.
 * https://github.com/NVIDIA/k8s-dra-driver-gpu ({@code api/nvidia.com/resource/v1beta1}). A {@code
 * GpuClaimTemplate} built by the DSL throws the first finding of these.
 */
public final class DraConfigFacts {

  private static final String DRIVER = "gpu.nvidia.com";
  private static final String API = "resource.nvidia.com/v1beta1";
  private static final Map<String, String> CONFIG_CLASS =
      Map.of("GpuConfig", "gpu.nvidia.com", "MigDeviceConfig", "mig.nvidia.com");
  private static final Set<String> DRIVER_KINDS =
      Set.of("GpuConfig", "MigDeviceConfig", "VfioDeviceConfig");
  private static final Set<String> INTERVALS = Set.of("Default", "Short", "Medium", "Long");
  private static final Set<String> MPS_KEYS =
      Set.of(
          "defaultActiveThreadPercentage",
          "defaultPinnedDeviceMemoryLimit",
          "defaultPerDevicePinnedMemoryLimit");
  private static final BigDecimal ONE_MIB = BigDecimal.valueOf(1024L * 1024L);
  private static final JsonMapper JSON = JsonMapper.builder().build();
  private static final int MAX_PARAMETERS = 10 * 1024;

  private DraConfigFacts() {}

  /**
   * Whether {@code text} is a quantity (core's one grammar) of at least 1 MiB, the least pinned
   * memory limit the driver takes; for the sharing DSL and this module's rules alike.
   */
  public static boolean atLeastOneMiB(String text) {
    return Quantities.parse(text).map(amount -> amount.compareTo(ONE_MIB) >= 0).orElse(false);
  }

  /** SHR011 on a claim template: its {@code spec.spec.devices.config}. */
  public static List<Finding> deviceConfigs(ResourceClaimTemplate template) {
    List<Finding> findings = new ArrayList<>();
    if (template.getSpec() != null && template.getSpec().getSpec() != null) {
      check(findings, template.getSpec().getSpec().getDevices(), "spec.spec.devices");
    }
    return findings;
  }

  /** SHR011 on a claim: its {@code spec.devices.config}. */
  public static List<Finding> deviceConfigs(ResourceClaim claim) {
    List<Finding> findings = new ArrayList<>();
    if (claim.getSpec() != null) {
      check(findings, claim.getSpec().getDevices(), "spec.devices");
    }
    return findings;
  }

  private static void check(List<Finding> findings, DeviceClaim devices, String path) {
    if (devices == null || devices.getConfig() == null) {
      return;
    }
    Map<String, String> classes = new LinkedHashMap<>();
    if (devices.getRequests() != null) {
      for (DeviceRequest request : devices.getRequests()) {
        if (request == null) {
          continue;
        }
        String className =
            request.getExactly() == null
                ? ""
                : nullToEmpty(request.getExactly().getDeviceClassName());
        classes.put(nullToEmpty(request.getName()), className);
      }
    }
    List<DeviceClaimConfiguration> configs = NullFree.list(devices.getConfig());
    for (int i = 0; i < configs.size(); i++) {
      DeviceClaimConfiguration config = configs.get(i);
      if (config == null) {
        continue; // an empty item configures nothing
      }
      String at = path + ".config[" + i + "]";
      List<String> requests = config.getRequests() == null ? List.of() : config.getRequests();
      for (int r = 0; r < requests.size(); r++) {
        String request = requests.get(r);
        if (request == null) {
          continue;
        }
        String parent =
            request.contains("/") ? request.substring(0, request.indexOf('/')) : request;
        if (!classes.containsKey(parent)) {
          findings.add(
              Finding.rejection(
                  at + ".requests[" + r + "]",
                  "\"" + request + "\" is not a request of the claim " + classes.keySet(),
                  "name one of the claim's requests, or leave requests empty for all of them"));
        }
      }
      if (config.getOpaque() == null) {
        findings.add(
            Finding.rejection(
                at + ".opaque",
                "Required value: a device config needs opaque: {driver, parameters}",
                "write opaque: {driver: gpu.nvidia.com, parameters: {...}}"));
      } else if (opaque(findings, config.getOpaque(), at + ".opaque")
          && DRIVER.equals(config.getOpaque().getDriver())) {
        new Parameters(findings, at + ".opaque.parameters")
            .check(config.getOpaque().getParameters(), requests, classes);
      }
    }
  }

  /**
   * An opaque config as the API server admits it (kubernetes {@code validateOpaqueConfiguration}):
   * a driver that is a DNS subdomain of at most 63 characters, and parameters that are a JSON
   * object of at most 10 Ki; true when both hold.
   */
  private static boolean opaque(
      List<Finding> findings, OpaqueDeviceConfiguration opaque, String at) {
    boolean ok = true;
    String driver = opaque.getDriver() == null ? "" : opaque.getDriver();
    if (driver.isEmpty()
        || driver.length() > 63
        || !Names.isDns1123Subdomain(driver.toLowerCase(Locale.ROOT))) {
      ok = false;
      findings.add(
          Finding.rejection(
              at + ".driver",
              driver.isEmpty()
                  ? "Required value: the opaque config names no driver"
                  : "driver \"" + driver + "\" is not a DNS subdomain of at most 63 characters",
              "name the DRA driver the parameters are for, e.g. gpu.nvidia.com"));
    }
    Object raw = opaque.getParameters();
    Object value = raw instanceof AnyType any ? any.getValue() : raw;
    JsonNode node = value == null ? null : JSON.valueToTree(value);
    String fix = "write the driver's config object, e.g. {apiVersion: ..., kind: ...}";
    if (node == null || node.isNull() || node.isMissingNode()) {
      findings.add(
          Finding.rejection(
              at + ".parameters", "Required value: the opaque config has no parameters", fix));
      return false;
    }
    if (!(node instanceof ObjectNode)) {
      findings.add(Finding.rejection(at + ".parameters", "parameters must be a JSON object", fix));
      return false;
    }
    int length = JSON.writeValueAsString(node).length();
    if (length > MAX_PARAMETERS) {
      findings.add(
          Finding.rejection(
              at + ".parameters",
              "the parameters take " + length + " bytes as JSON, more than " + MAX_PARAMETERS,
              "keep large settings in the driver's own configuration"));
      return false;
    }
    return ok;
  }

  /** Checks one opaque parameters object of NVIDIA's GPU driver. */
  private record Parameters(List<Finding> findings, String path) {

    void check(Object raw, List<String> requests, Map<String, String> classes) {
      Object value = raw instanceof AnyType any ? any.getValue() : raw;
      JsonNode node = value == null ? null : JSON.valueToTree(value);
      if (!(node instanceof ObjectNode parameters)) {
        report(path, "the driver's parameters are missing or not an object", "write a GpuConfig");
        return;
      }
      String apiVersion = text(parameters.get("apiVersion")).orElse("");
      String kind = text(parameters.get("kind")).orElse("");
      if (!apiVersion.equals(API)) {
        report(
            path + ".apiVersion",
            "\"" + apiVersion + "\" is not the driver's config API",
            "write apiVersion: " + API);
        return;
      }
      if (!DRIVER_KINDS.contains(kind)) {
        report(
            path + ".kind",
            "\"" + kind + "\" is not a config kind of driver " + DRIVER,
            "use GpuConfig (whole GPUs) or MigDeviceConfig (MIG devices)");
        return;
      }
      if (!CONFIG_CLASS.containsKey(kind)) {
        return; // VfioDeviceConfig: passthrough, no sharing
      }
      for (String request : requests) {
        String className = classes.getOrDefault(request, "");
        String other = kind.equals("GpuConfig") ? "MigDeviceConfig" : "GpuConfig";
        if (className.equals(CONFIG_CLASS.get(other))) {
          report(
              path + ".kind",
              kind
                  + " for request \""
                  + request
                  + "\" of class "
                  + className
                  + ", which the"
                  + " driver cannot apply to those devices",
              "use " + other + " for " + className + " requests");
        }
      }
      onlyKeys(parameters, path, Set.of("apiVersion", "kind", "sharing"));
      if (parameters.get("sharing") instanceof ObjectNode sharing) {
        sharing(sharing, kind.equals("GpuConfig"));
      } else if (parameters.has("sharing") && !parameters.get("sharing").isNull()) {
        report(path + ".sharing", "sharing is not an object", "write strategy: TimeSlicing or MPS");
      }
    }

    private void sharing(ObjectNode sharing, boolean gpu) {
      String at = path + ".sharing";
      onlyKeys(
          sharing,
          at,
          gpu
              ? Set.of("strategy", "timeSlicingConfig", "mpsConfig")
              : Set.of("strategy", "mpsConfig"));
      String strategy = text(sharing.get("strategy")).orElse("");
      if (!strategy.equals("TimeSlicing") && !strategy.equals("MPS")) {
        report(
            at + ".strategy",
            (strategy.isEmpty() ? "no strategy" : "unknown strategy \"" + strategy + "\""),
            "write strategy: TimeSlicing or MPS");
        return;
      }
      boolean timeSlicing = strategy.equals("TimeSlicing");
      if (timeSlicing && present(sharing, "mpsConfig")) {
        report(
            at + ".mpsConfig",
            "mpsConfig with strategy TimeSlicing, which the driver rejects",
            "drop mpsConfig, or set strategy: MPS");
      }
      if (!timeSlicing && gpu && present(sharing, "timeSlicingConfig")) {
        report(
            at + ".timeSlicingConfig",
            "timeSlicingConfig with strategy MPS, which the driver rejects",
            "drop timeSlicingConfig, or set strategy: TimeSlicing");
      }
      if (gpu && sharing.get("timeSlicingConfig") instanceof ObjectNode config) {
        onlyKeys(config, at + ".timeSlicingConfig", Set.of("interval"));
        JsonNode interval = config.get("interval");
        if (interval != null
            && !interval.isNull()
            && !INTERVALS.contains(text(interval).orElse(""))) {
          report(
              at + ".timeSlicingConfig.interval",
              "unknown interval " + interval,
              "write Default, Short, Medium or Long");
        }
      }
      if (sharing.get("mpsConfig") instanceof ObjectNode mps) {
        mps(mps, at + ".mpsConfig");
      }
    }

    private void mps(ObjectNode mps, String at) {
      onlyKeys(mps, at, MPS_KEYS);
      JsonNode percentage = mps.get("defaultActiveThreadPercentage");
      if (percentage != null && !percentage.isNull()) {
        int value = integer(percentage).orElse(-1);
        if (value < 0 || value > 100) {
          report(
              at + ".defaultActiveThreadPercentage",
              percentage + " is not a percentage from 0 to 100",
              "write a whole number from 0 to 100");
        }
      }
      JsonNode limit = mps.get("defaultPinnedDeviceMemoryLimit");
      if (limit != null && !limit.isNull()) {
        quantity(limit, at + ".defaultPinnedDeviceMemoryLimit");
      }
      JsonNode perDevice = mps.get("defaultPerDevicePinnedMemoryLimit");
      if (perDevice instanceof ObjectNode limits) {
        for (Map.Entry<String, JsonNode> entry : limits.properties()) {
          quantity(
              entry.getValue(), at + ".defaultPerDevicePinnedMemoryLimit[" + entry.getKey() + "]");
        }
      } else if (perDevice != null && !perDevice.isNull()) {
        report(
            at + ".defaultPerDevicePinnedMemoryLimit",
            "not a map of device index or UUID to a limit",
            "write e.g. {\"0\": 10Gi}");
      }
    }

    private void quantity(JsonNode node, String at) {
      String text = node.isNumber() ? node.asString() : text(node).orElse("");
      if (!atLeastOneMiB(text)) {
        report(
            at,
            node + " is not a memory limit of at least 1Mi, which the driver rejects",
            "write a quantity such as 10Gi");
      }
    }

    private void onlyKeys(ObjectNode node, String at, Set<String> known) {
      for (String key : node.propertyNames()) {
        if (!known.contains(key)) {
          report(
              ConfigPaths.child(at, key),
              "unknown field " + key + "; the driver decodes its configs strictly and fails",
              "remove it or fix its spelling (known here: "
                  + String.join(", ", new java.util.TreeSet<>(known))
                  + ")");
        }
      }
    }

    private static boolean present(ObjectNode node, String key) {
      return node.has(key) && !node.get(key).isNull();
    }

    private void report(String at, String message, String fix) {
      findings.add(new Finding(at, message, fix));
    }
  }

  private static String nullToEmpty(String value) {
    return value == null ? "" : value;
  }

  private static Optional<String> text(JsonNode node) {
    return node != null && node.isString() ? Optional.of(node.asString()) : Optional.empty();
  }

  private static Optional<Integer> integer(JsonNode node) {
    return node != null && node.isIntegralNumber() && node.canConvertToInt()
        ? Optional.of(node.intValue())
        : Optional.empty();
  }
}
