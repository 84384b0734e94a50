package io.gpuspec.sharing.internal.rules;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.spi.BaseRule;
import io.gpuspec.core.spi.CheckContext;
import io.gpuspec.core.spi.RuleInfo;
import io.gpuspec.sharing.MigPartedConfigFacts;

/**
 * SHR007: every group of a MIG layout can be placed on one GPU of some catalogued model that offers
 * all its profiles (and that its {@code device-filter} selects): no count above a profile's
 * maximum, and instances that fit at their allowed start slices without sharing a memory slice.
 * Limits are placement, not sums: on an A100 {@code 4g+2g+1g} fits, {@code 3g+3g+1g} does not, and
 * {@code 2g.10gb x4} exceeds the A100-40GB's maximum of 3. A group of profiles of GPUs outside the
 * catalogue is held to what every MIG GPU shares (7 compute slices, a 7g alone). See
 * docs/sharing.md.
 *
 * <p>Upstream: <a
 * href="https://docs.nvidia.com/datacenter/tesla/mig-user-guide/supported-mig-profiles.html">MIG
 * user guide: supported profiles</a>.
 */
public final class MigLayoutsPlaceable extends BaseRule {

  public MigLayoutsPlaceable() {
    super(
        RuleInfo.builder()
            .id("SHR007")
            .severity(Severity.ERROR)
            .title("MIG layouts can be placed on some GPU that offers their profiles")
            .why(
                "mig-parted checks only the format: a layout whose instances do not fit one GPU"
                    + " fails on the node when the MIG manager applies it.")
            .fix("Lower the counts or choose profiles that tile the GPU, e.g. 4g+2g+1g or 3g+3g.")
            .addKinds("ConfigMap")
            .documentation(SharingRules.MIG_PROFILES)
            .build());
  }

  @Override
  public void check(ManifestSet manifests, CheckContext context) {
    for (ConfigMap configMap : manifests.ofType(ConfigMap.class)) {
      MigPartedConfigFacts.placeable(configMap, context.catalogue())
          .forEach(finding -> context.report(configMap, finding));
    }
  }
}
