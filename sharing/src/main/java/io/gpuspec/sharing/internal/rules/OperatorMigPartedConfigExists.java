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
 * SHR022: the mig-parted ConfigMap a ClusterPolicy (or helm values) names in {@code
 * migManager.config.name} holds a mig-parted config under {@code config.yaml} with the default
 * layout, in the device-plugin ConfigMap's namespace; a ConfigMap the set does not hold is a
 * warning. See docs/sharing.md.
 *
 * <p>Upstream: <a
 * href="https://docs.nvidia.com/datacenter/cloud-native/gpu-operator/latest/gpu-operator-mig.html">GPU
 * Operator: MIG support</a>.
 */
public final class OperatorMigPartedConfigExists extends BaseRule {

  public OperatorMigPartedConfigExists() {
    super(
        RuleInfo.builder()
            .id("SHR022")
            .severity(Severity.ERROR)
            .title("The mig-parted ConfigMap the GPU Operator names exists and has its default")
            .why(
                "The MIG manager reads only data.config.yaml of the named ConfigMap, and the"
                    + " operator labels MIG-capable nodes with the default layout"
                    + " (all-disabled unless set to \"\"), which the MIG manager cannot apply when"
                    + " the config lacks it.")
            .fix(
                "Put the mig-parted config under data.config.yaml of the named ConfigMap, in the"
                    + " operator's namespace, with an all-disabled layout.")
            .addKinds("ClusterPolicy", "ConfigMap")
            .documentation(SharingRules.OPERATOR_MIG)
            .build());
  }

  @Override
  public void check(ManifestSet manifests, CheckContext context) {
    List<ConfigMap> configMaps = manifests.ofType(ConfigMap.class);
    for (ClusterPolicy policy : manifests.ofType(ClusterPolicy.class)) {
      GpuOperatorFacts.migManagerConfigAbsent(policy, configMaps)
          .forEach(finding -> context.report(Severity.WARNING, policy, finding));
      GpuOperatorFacts.migManagerConfig(policy, configMaps)
          .forEach(finding -> context.report(policy, finding));
    }
  }
}
