package io.gpuspec.sharing.internal.rules;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.spi.BaseRule;
import io.gpuspec.core.spi.CheckContext;
import io.gpuspec.core.spi.RuleInfo;
import io.gpuspec.sharing.GpuOperatorFacts;
import io.gpuspec.sharing.model.ClusterPolicy;
import java.util.List;

/**
 * SHR021: the device-plugin ConfigMap a ClusterPolicy (or helm values) names in {@code
 * devicePlugin.config.name} holds configs, and {@code devicePlugin.config.default} is one of them;
 * a ConfigMap the set does not hold is a warning (it may be applied apart). See docs/sharing.md.
 *
 * <p>Upstream: <a
 * href="https://docs.nvidia.com/datacenter/cloud-native/gpu-operator/latest/gpu-sharing.html">GPU
 * Operator: time-slicing GPUs</a>.
 */
public final class OperatorDevicePluginConfigExists extends BaseRule {

  public OperatorDevicePluginConfigExists() {
    super(
        RuleInfo.builder()
            .id("SHR021")
            .severity(Severity.ERROR)
            .title("The device-plugin ConfigMap the GPU Operator names exists and has its default")
            .why(
                "The operator mounts the named ConfigMap into the device plugin's pods, which do"
                    + " not start without it, and the config-manager fails on every node without"
                    + " the nvidia.com/device-plugin.config label when the default config is not"
                    + " one of its data keys.")
            .fix(
                "Name the ConfigMap that holds the device-plugin configs, in the operator's"
                    + " namespace, and a default that is one of its data keys.")
            .addKinds("ClusterPolicy", "ConfigMap")
            .documentation(SharingRules.OPERATOR_SHARING)
            .build());
  }

  @Override
  public void check(ManifestSet manifests, CheckContext context) {
    List<ConfigMap> configMaps = manifests.ofType(ConfigMap.class);
    for (ClusterPolicy policy : manifests.ofType(ClusterPolicy.class)) {
      GpuOperatorFacts.devicePluginConfigAbsent(policy, configMaps)
          .forEach(finding -> context.report(Severity.WARNING, policy, finding));
      GpuOperatorFacts.devicePluginConfig(policy, configMaps)
          .forEach(finding -> context.report(policy, finding));
    }
  }
}
