package io.gpuspec.sharing.internal.rules;

import io.gpuspec.core.k8s.GpuResources;
import io.gpuspec.core.k8s.MigNames;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.spi.CheckContext;
import io.gpuspec.sharing.ConfigProblem;
import io.gpuspec.sharing.internal.support.EmbeddedConfig;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * What the sharing rules share: upstream documentation, findings on embedded configs (the
 * ConfigMap, {@code data[<key>]}, the inner path in the message) and a lenient view of a
 * device-plugin config's shared resources.
 */
final class SharingRules {

  /** The device plugin's sharing section (time-slicing, MPS, renaming). */
  static final String DEVICE_PLUGIN_SHARING =
      "https://github.com/NVIDIA/k8s-device-plugin#shared-access-to-gpus";

  /** The GPU Operator's GPU sharing page (ConfigMaps, node labels). */
  static final String OPERATOR_SHARING =
      "https://docs.nvidia.com/datacenter/cloud-native/gpu-operator/latest/gpu-sharing.html";

  /** The GPU Operator's MIG page (mig-parted ConfigMap, strategies, node labels). */
  static final String OPERATOR_MIG =
      "https://docs.nvidia.com/datacenter/cloud-native/gpu-operator/latest/gpu-operator-mig.html";

  /** NVIDIA's MIG profiles per GPU and their placement. */
  static final String MIG_PROFILES =
      "https://docs.nvidia.com/datacenter/tesla/mig-user-guide/supported-mig-profiles.html";

  /** Kubernetes dynamic resource allocation. */
  static final String DRA =
      "https://kubernetes.io/docs/concepts/scheduling-eviction/dynamic-resource-allocation/";

  /** NVIDIA's DRA driver for GPUs (device classes, opaque GpuConfig / MigDeviceConfig). */
  static final String NVIDIA_DRA = "https://github.com/NVIDIA/k8s-dra-driver-gpu";

  static final String GPU = GpuResources.NVIDIA_GPU;
  static final String MIG_PREFIX = MigNames.RESOURCE_PREFIX;

  private static final Pattern SIMPLE_KEY = Pattern.compile("[A-Za-z0-9_-]+");

  private SharingRules() {}

  /** Reports at the config's data key, naming the inner path first in the message. */
  static void report(
      CheckContext context, EmbeddedConfig config, String inner, String message, String fix) {
    context.report(config.configMap(), config.path(), at(inner) + message, fix);
  }

  /** Reports at the given severity. */
  static void report(
      CheckContext context,
      Severity severity,
      EmbeddedConfig config,
      String inner,
      String message,
      String fix) {
    context.report(severity, config.configMap(), config.path(), at(inner) + message, fix);
  }

  /** Reports a problem of a strict config reader ({@code "<problem>; <fix>"}). */
  static void report(CheckContext context, EmbeddedConfig config, ConfigProblem problem) {
    String message = problem.message();
    int split = message.lastIndexOf("; ");
    String what = split < 0 ? message : message.substring(0, split);
    String fix = split < 0 ? "fix the config as the message says" : message.substring(split + 2);
    report(context, config, problem.path(), what, fix);
  }

  private static String at(String inner) {
    return inner.isEmpty() || inner.equals("<root>") ? "" : inner + ": ";
  }

  /** {@code parent.key}, or {@code parent[key]} for a key that is not a plain word. */
  static String child(String parent, String key) {
    if (!SIMPLE_KEY.matcher(key).matches()) {
      return parent + "[" + key + "]";
    }
    return parent.isEmpty() ? key : parent + "." + key;
  }

  /** The text of a string value. */
  static Optional<String> text(JsonNode node) {
    return node != null && node.isString() ? Optional.of(node.asString()) : Optional.empty();
  }

  /** The value of an integral number. */
  static Optional<Integer> integer(JsonNode node) {
    return node != null && node.isIntegralNumber() && node.canConvertToInt()
        ? Optional.of(node.intValue())
        : Optional.empty();
  }

  /** The plugin prefixes a bare resource name with {@code nvidia.com/}. */
  static String qualified(String name) {
    return name.contains("/") ? name : "nvidia.com/" + name;
  }

  /** {@code flags.migStrategy} as written, or {@code none}, the plugin's default. */
  static String migStrategy(ObjectNode root) {
    JsonNode flags = root.get("flags");
    return flags == null ? "none" : text(flags.get("migStrategy")).orElse("none");
  }

  /** One entry of {@code sharing.<strategy>.resources}, read leniently. */
  record SharedEntry(String path, ObjectNode node) {
    Optional<String> name() {
      return text(node.get("name")).map(SharingRules::qualified);
    }

    Optional<Integer> replicas() {
      return integer(node.get("replicas"));
    }
  }

  /** {@code sharing.timeSlicing} or {@code sharing.mps}, read leniently. */
  record SharingSection(String key, String path, ObjectNode node, List<SharedEntry> resources) {
    boolean isMps() {
      return key.equals("mps");
    }

    boolean renameByDefault() {
      JsonNode value = node.get("renameByDefault");
      return value != null && value.isBoolean() && value.booleanValue();
    }

    /** The setting, or the plugin's default: on for MPS, off for time-slicing. */
    boolean failRequestsGreaterThanOne() {
      JsonNode value = node.get("failRequestsGreaterThanOne");
      return value != null && value.isBoolean() ? value.booleanValue() : isMps();
    }

    /** The name a resource is advertised under. */
    String advertisedName(String name) {
      return renameByDefault() ? name + ".shared" : name;
    }
  }

  /** The sections of {@code sharing} that are mappings, with their resource entries. */
  static List<SharingSection> sections(ObjectNode root) {
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
