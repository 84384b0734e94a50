package io.gpuspec.sharing.internal.rules;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.spi.BaseRule;
import io.gpuspec.core.spi.CheckContext;
import io.gpuspec.core.spi.RuleInfo;
import io.gpuspec.sharing.MigPartedConfigFacts;

/**
 * SHR006: every MIG profile of a layout is offered by some catalogued GPU (the ones its {@code
 * device-filter} selects, when it has one). Profile names carry the memory of one GPU model ({@code
 * 1g.10gb} exists on A100 40GB and 80GB, {@code 1g.12gb} only on H100 NVL); mig-parted checks only
 * the format, so an unknown profile fails on the node. See docs/sharing.md.
 *
 * <p>Upstream: <a
 * href="https://docs.nvidia.com/datacenter/tesla/mig-user-guide/supported-mig-profiles.html">MIG
 * user guide: supported profiles</a>.
 */
public final class MigProfilesKnown extends BaseRule {

  public MigProfilesKnown() {
    super(
        RuleInfo.builder()
            .id("SHR006")
            .severity(Severity.ERROR)
            .title("MIG profiles exist on some catalogued GPU")
            .why(
                "mig-parted accepts any well-formed profile name; one that no GPU offers fails when"
                    + " the MIG manager applies the layout, and the node keeps its old partitions.")
            .fix("Use a profile the GPU offers; names differ with the GPU's memory.")
            .addKinds("ConfigMap")
            .documentation(SharingRules.MIG_PROFILES)
            .build());
  }

  @Override
  public void check(ManifestSet manifests, CheckContext context) {
    for (ConfigMap configMap : manifests.ofType(ConfigMap.class)) {
      MigPartedConfigFacts.profilesKnown(configMap)
          .forEach(finding -> context.report(configMap, finding));
    }
  }
}
