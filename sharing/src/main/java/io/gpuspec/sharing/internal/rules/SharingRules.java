package io.gpuspec.sharing.internal.rules;

/**
 * What the sharing rules share: upstream documentation. The facts the rules report live in {@link
 * io.gpuspec.sharing.DevicePluginConfigFacts}, {@link io.gpuspec.sharing.MigPartedConfigFacts} and
 * {@code io.gpuspec.sharing.facts}.
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

  /** The GPU Operator's ClusterPolicy API (its fields, enums and defaults). */
  static final String CLUSTER_POLICY_API =
      "https://docs.nvidia.com/datacenter/cloud-native/gpu-operator/latest/getting-started.html#chart-customization-options";

  /** NVIDIA's MIG profiles per GPU and their placement. */
  static final String MIG_PROFILES =
      "https://docs.nvidia.com/datacenter/tesla/mig-user-guide/supported-mig-profiles.html";

  /** Kubernetes dynamic resource allocation. */
  static final String DRA =
      "https://kubernetes.io/docs/concepts/scheduling-eviction/dynamic-resource-allocation/";

  /** NVIDIA's DRA driver for GPUs (device classes, opaque GpuConfig / MigDeviceConfig). */
  static final String NVIDIA_DRA = "https://github.com/NVIDIA/k8s-dra-driver-gpu";

  private SharingRules() {}
}
