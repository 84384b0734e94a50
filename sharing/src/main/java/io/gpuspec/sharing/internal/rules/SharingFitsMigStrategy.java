package io.gpuspec.sharing.internal.rules;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.spi.BaseRule;
import io.gpuspec.core.spi.CheckContext;
import io.gpuspec.core.spi.RuleInfo;
import io.gpuspec.sharing.DevicePluginConfigFacts;

/**
 * SHR004: sharing fits the config's MIG strategy: MPS never with {@code migStrategy: mixed} (the
 * plugin refuses to start: "using --mig-strategy=mixed is not supported with MPS") and never on a
 * MIG device; a MIG resource ({@code nvidia.com/mig-<profile>}) is shared only under {@code mixed},
 * the only strategy that advertises it. See docs/sharing.md.
 *
 * <p>Upstream: <a href="https://github.com/NVIDIA/k8s-device-plugin#shared-access-to-gpus">NVIDIA
 * device plugin: shared access to GPUs</a>.
 */
public final class SharingFitsMigStrategy extends BaseRule {

  public SharingFitsMigStrategy() {
    super(
        RuleInfo.builder()
            .id("SHR004")
            .severity(Severity.ERROR)
            .title("MPS is not combined with MIG; MIG resources are shared only under mixed")
            .why(
                "The device plugin does not start with MPS and migStrategy mixed and cannot run MPS"
                    + " on MIG devices; a shared nvidia.com/mig-* resource under another strategy"
                    + " names nothing the plugin advertises.")
            .fix(
                "Use MPS with migStrategy none or single on whole GPUs; share MIG devices with"
                    + " time-slicing under migStrategy mixed.")
            .addKinds("ConfigMap")
            .documentation(SharingRules.DEVICE_PLUGIN_SHARING)
            .build());
  }

  @Override
  public void check(ManifestSet manifests, CheckContext context) {
    for (ConfigMap configMap : manifests.ofType(ConfigMap.class)) {
      DevicePluginConfigFacts.migStrategy(configMap)
          .forEach(finding -> context.report(configMap, finding));
    }
  }
}
