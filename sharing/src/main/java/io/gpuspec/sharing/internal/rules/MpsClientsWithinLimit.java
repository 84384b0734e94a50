package io.gpuspec.sharing.internal.rules;

import io.gpuspec.core.GpuModel;
import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.spi.BaseRule;
import io.gpuspec.core.spi.CheckContext;
import io.gpuspec.core.spi.RuleInfo;
import io.gpuspec.sharing.DevicePluginConfig;
import io.gpuspec.sharing.DevicePluginConfigReader;
import io.gpuspec.sharing.DevicePluginConfigReader.SharedEntry;
import io.gpuspec.sharing.DevicePluginConfigReader.SharingSection;
import io.gpuspec.sharing.NodeConfigLabels;
import io.gpuspec.sharing.SharingConfig;
import io.gpuspec.sharing.internal.support.EmbeddedConfig;

/**
 * SHR003: MPS shares a GPU among at most 48 clients, 16 below compute capability 7.5 (Volta). The
 * first limit holds for every config; the second when the fleet is known and a pool of such GPUs
 * selects the config with {@code nvidia.com/device-plugin.config}. See docs/sharing.md.
 */
public final class MpsClientsWithinLimit extends BaseRule {

  public MpsClientsWithinLimit() {
    super(
        RuleInfo.builder()
            .id("SHR003")
            .severity(Severity.ERROR)
            .title("MPS shares a GPU among at most 48 clients (16 below compute capability 7.5)")
            .why(
                "The MPS control daemon serves at most 48 clients per GPU (16 on Volta); with more"
                    + " replicas the plugin advertises clients that can never run.")
            .fix("Lower the MPS replicas to the GPU's limit.")
            .addKinds("ConfigMap")
            .documentation(SharingRules.DEVICE_PLUGIN_SHARING)
            .build());
  }

  @Override
  public void check(ManifestSet manifests, CheckContext context) {
    for (EmbeddedConfig config : EmbeddedConfig.in(manifests, EmbeddedConfig.Type.DEVICE_PLUGIN)) {
      for (SharingSection section : DevicePluginConfigReader.sections(config.root())) {
        if (!section.isMps()) {
          continue;
        }
        for (SharedEntry entry : section.resources()) {
          entry.replicas().ifPresent(replicas -> check(context, config, entry, replicas));
        }
      }
    }
  }

  private static void check(
      CheckContext context, EmbeddedConfig config, SharedEntry entry, int replicas) {
    String path = entry.path() + ".replicas";
    if (replicas > SharingConfig.MPS_MAX_REPLICAS) {
      SharingRules.report(
          context,
          config,
          path,
          replicas + " MPS clients but a GPU serves at most " + SharingConfig.MPS_MAX_REPLICAS,
          "use at most " + SharingConfig.MPS_MAX_REPLICAS + " replicas");
      return;
    }
    for (FleetGroups.Group group :
        FleetGroups.labelled(context, NodeConfigLabels.DEVICE_PLUGIN_CONFIG, config.key())) {
      if (group.model().isEmpty()) {
        continue;
      }
      GpuModel model = group.model().get();
      int max = DevicePluginConfig.maxMpsReplicas(model);
      if (replicas > max) {
        SharingRules.report(
            context,
            config,
            path,
            replicas
                + " MPS clients but "
                + group.describe()
                + " selects this config and a GPU of compute capability "
                + model.computeCapability()
                + " serves at most "
                + max,
            "use at most " + max + " replicas for " + model.name() + " nodes");
      }
    }
  }
}
