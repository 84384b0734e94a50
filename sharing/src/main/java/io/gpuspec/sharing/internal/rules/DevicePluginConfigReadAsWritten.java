package io.gpuspec.sharing.internal.rules;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.spi.BaseRule;
import io.gpuspec.core.spi.CheckContext;
import io.gpuspec.core.spi.RuleInfo;
import io.gpuspec.sharing.DevicePluginConfigFacts;

/**
 * SHR001: a device-plugin config (in a ConfigMap or a standalone file) holds only what the NVIDIA
 * device plugin reads, where it reads it: no unknown or misplaced keys (a {@code renameByDefault}
 * outside {@code timeSlicing}/{@code mps} is silently ignored), values of the right type, {@code
 * version: v1}; and no settings the plugin ignores (a custom {@code rename}, a {@code devices} list
 * other than {@code all}), resource names it accepts, each listed once. See docs/sharing.md.
 *
 * <p>Upstream: <a href="https://github.com/NVIDIA/k8s-device-plugin#shared-access-to-gpus">NVIDIA
 * device plugin: shared access to GPUs</a>.
 */
public final class DevicePluginConfigReadAsWritten extends BaseRule {

  public DevicePluginConfigReadAsWritten() {
    super(
        RuleInfo.builder()
            .id("SHR001")
            .severity(Severity.ERROR)
            .title("Device-plugin configs hold only keys and values the plugin reads")
            .why(
                "The device plugin ignores unknown and misplaced keys, a custom rename and a devices"
                    + " list, so the GPUs are shared differently from what the config says, or"
                    + " it refuses a malformed config and the node advertises no GPU.")
            .fix("Move each key where the plugin reads it, fix its type, or remove it.")
            .addKinds("ConfigMap")
            .documentation(SharingRules.DEVICE_PLUGIN_SHARING)
            .build());
  }

  @Override
  public void check(ManifestSet manifests, CheckContext context) {
    for (ConfigMap configMap : manifests.ofType(ConfigMap.class)) {
      DevicePluginConfigFacts.readAsWritten(configMap)
          .forEach(finding -> context.report(configMap, finding));
    }
  }
}
