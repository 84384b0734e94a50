package io.gpuspec.sharing.internal.rules;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.spi.BaseRule;
import io.gpuspec.core.spi.CheckContext;
import io.gpuspec.core.spi.RuleInfo;
import io.gpuspec.sharing.DevicePluginConfigFacts;

/**
 * SHR002: every resource a device-plugin config shares has at least 2 replicas; the plugin refuses
 * a config with fewer ("number of replicas must be >= 2", {@code api/config/v1/replicas.go}), and 1
 * would share nothing anyway. See docs/sharing.md.
 *
 * <p>Upstream: <a href="https://github.com/NVIDIA/k8s-device-plugin#shared-access-to-gpus">NVIDIA
 * device plugin: shared access to GPUs</a>.
 */
public final class SharedResourcesHaveReplicas extends BaseRule {

  public SharedResourcesHaveReplicas() {
    super(
        RuleInfo.builder()
            .id("SHR002")
            .severity(Severity.ERROR)
            .title("Shared resources have at least 2 replicas")
            .why(
                "The device plugin refuses a config that shares a resource fewer than 2 ways, so"
                    + " the nodes that select it advertise no GPU.")
            .fix("Give at least 2 replicas, or drop the resource from the sharing section.")
            .addKinds("ConfigMap")
            .documentation(SharingRules.DEVICE_PLUGIN_SHARING)
            .build());
  }

  @Override
  public void check(ManifestSet manifests, CheckContext context) {
    for (ConfigMap configMap : manifests.ofType(ConfigMap.class)) {
      DevicePluginConfigFacts.replicas(configMap)
          .forEach(finding -> context.report(configMap, finding));
    }
  }
}
