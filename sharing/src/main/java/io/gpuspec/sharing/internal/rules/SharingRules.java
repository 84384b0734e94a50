package io.gpuspec.sharing.internal.rules;

import io.gpuspec.core.k8s.GpuResources;
import io.gpuspec.core.k8s.MigNames;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.spi.CheckContext;
import io.gpuspec.sharing.internal.support.EmbeddedConfig;
import java.util.Optional;
import tools.jackson.databind.JsonNode;

/**
 * What the sharing rules share: upstream documentation and findings on embedded configs (the
 * ConfigMap, {@code data[<key>]}, the inner path in the message). Device-plugin configs are read by
 * {@link io.gpuspec.sharing.DevicePluginConfigReader}.
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

  private static String at(String inner) {
    return inner.isEmpty() || inner.equals("<root>") ? "" : inner + ": ";
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
}
