package io.gpuspec.sharing.internal.rules;

import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.spi.BaseRule;
import io.gpuspec.core.spi.CheckContext;
import io.gpuspec.core.spi.RuleInfo;
import io.gpuspec.sharing.DevicePluginConfigReader;
import io.gpuspec.sharing.DevicePluginConfigReader.SharedEntry;
import io.gpuspec.sharing.DevicePluginConfigReader.SharingSection;
import io.gpuspec.sharing.internal.support.EmbeddedConfig;

/**
 * SHR004: sharing fits the config's MIG strategy: MPS never with {@code migStrategy: mixed} (the
 * plugin refuses to start: "using --mig-strategy=mixed is not supported with MPS") and never on a
 * MIG device; a MIG resource ({@code nvidia.com/mig-<profile>}) is shared only under {@code mixed},
 * the only strategy that advertises it. See docs/sharing.md.
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
    for (EmbeddedConfig config : EmbeddedConfig.in(manifests, EmbeddedConfig.Type.DEVICE_PLUGIN)) {
      String strategy = DevicePluginConfigReader.migStrategy(config.root());
      for (SharingSection section : DevicePluginConfigReader.sections(config.root())) {
        if (section.isMps() && strategy.equals("mixed")) {
          SharingRules.report(
              context,
              config,
              section.path(),
              "MPS with flags.migStrategy mixed, which the device plugin refuses to start with",
              "use migStrategy none or single with MPS, or time-slicing with mixed");
        }
        for (SharedEntry entry : section.resources()) {
          String name = entry.name().orElse("");
          if (!name.startsWith(SharingRules.MIG_PREFIX)) {
            continue;
          }
          if (section.isMps()) {
            SharingRules.report(
                context,
                config,
                entry.path() + ".name",
                "MPS does not share MIG devices (" + name + ")",
                "share MIG devices with time-slicing, or whole GPUs with MPS");
          } else if (!strategy.equals("mixed")) {
            SharingRules.report(
                context,
                config,
                entry.path() + ".name",
                "migStrategy "
                    + strategy
                    + " advertises no nvidia.com/mig-* resource, so sharing "
                    + name
                    + " shares nothing",
                "set flags.migStrategy: mixed, or share nvidia.com/gpu");
          }
        }
      }
    }
  }
}
