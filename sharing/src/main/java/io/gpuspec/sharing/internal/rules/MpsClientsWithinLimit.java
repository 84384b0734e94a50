package io.gpuspec.sharing.internal.rules;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.spi.BaseRule;
import io.gpuspec.core.spi.CheckContext;
import io.gpuspec.core.spi.RuleInfo;
import io.gpuspec.sharing.ConfigSelector;
import io.gpuspec.sharing.DevicePluginConfigFacts;
import io.gpuspec.sharing.NodeConfigLabels;
import java.util.List;

/**
 * SHR003: MPS shares a GPU among at most 48 clients, 16 below compute capability 7.5 (Volta). The
 * first limit holds for every config; the second when the fleet is known and a pool of such GPUs
 * selects the config with {@code nvidia.com/device-plugin.config}. See docs/sharing.md.
 *
 * <p>Upstream: <a href="https://github.com/NVIDIA/k8s-device-plugin#shared-access-to-gpus">NVIDIA
 * device plugin: shared access to GPUs</a>.
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
    List<ConfigSelector> selectors =
        FleetGroups.selecting(context, NodeConfigLabels.DEVICE_PLUGIN_CONFIG);
    for (ConfigMap configMap : manifests.ofType(ConfigMap.class)) {
      DevicePluginConfigFacts.mpsClients(configMap)
          .forEach(finding -> context.report(configMap, finding));
      DevicePluginConfigFacts.mpsClientsOnPools(configMap, selectors)
          .forEach(finding -> context.report(configMap, finding));
    }
  }
}
