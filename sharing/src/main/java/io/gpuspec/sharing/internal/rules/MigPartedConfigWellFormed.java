package io.gpuspec.sharing.internal.rules;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.spi.BaseRule;
import io.gpuspec.core.spi.CheckContext;
import io.gpuspec.core.spi.RuleInfo;
import io.gpuspec.sharing.MigPartedConfigFacts;

/**
 * SHR005: a mig-parted config (in a ConfigMap or a standalone file) has the format the MIG manager
 * reads: {@code version: v1}, named layouts under {@code mig-configs}, each a list of groups with
 * only {@code device-filter}, {@code devices} ({@code all} or GPU indices), {@code mig-enabled} and
 * {@code mig-devices} (profile names to counts), and layout names a node label can hold. See
 * docs/sharing.md.
 *
 * <p>Upstream: <a
 * href="https://docs.nvidia.com/datacenter/cloud-native/gpu-operator/latest/gpu-operator-mig.html">GPU
 * Operator: MIG support</a> and <a href="https://github.com/NVIDIA/mig-parted">mig-parted</a>.
 */
public final class MigPartedConfigWellFormed extends BaseRule {

  public MigPartedConfigWellFormed() {
    super(
        RuleInfo.builder()
            .id("SHR005")
            .severity(Severity.ERROR)
            .title("mig-parted configs have the format the MIG manager reads")
            .why(
                "The MIG manager fails on a malformed config and leaves the node's GPUs as they"
                    + " were; a layout name that is not a label value can never be selected.")
            .fix("Fix the key, type or value the finding names.")
            .addKinds("ConfigMap")
            .documentation(SharingRules.OPERATOR_MIG)
            .build());
  }

  @Override
  public void check(ManifestSet manifests, CheckContext context) {
    for (ConfigMap configMap : manifests.ofType(ConfigMap.class)) {
      MigPartedConfigFacts.wellFormed(configMap)
          .forEach(finding -> context.report(configMap, finding));
    }
  }
}
