package io.gpuspec.sharing.internal.rules;

import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.spi.BaseRule;
import io.gpuspec.core.spi.CheckContext;
import io.gpuspec.core.spi.RuleInfo;
import io.gpuspec.sharing.MigCatalogue;
import io.gpuspec.sharing.MigGeometry;
import io.gpuspec.sharing.internal.support.EmbeddedConfig;
import java.util.List;

/**
 * SHR006: every MIG profile of a layout is offered by some catalogued GPU (the ones its {@code
 * device-filter} selects, when it has one). Profile names carry the memory of one GPU model ({@code
 * 1g.10gb} exists on A100 40GB and 80GB, {@code 1g.12gb} only on H100 NVL); mig-parted checks only
 * the format, so an unknown profile fails on the node. See docs/sharing.md.
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
    MigCatalogue catalogue = MigCatalogue.defaults();
    for (EmbeddedConfig config : EmbeddedConfig.in(manifests, EmbeddedConfig.Type.MIG_PARTED)) {
      for (MigGroups.Group group : MigGroups.of(config, catalogue)) {
        for (String profile : group.profiles().keySet()) {
          if (!group.offering(profile).isEmpty()
              || (!group.filtered() && catalogue.onUncataloguedGpus(profile))) {
            continue; // offered, or a profile of a GPU the catalogue has no geometry for
          }
          SharingRules.report(
              context,
              config,
              group.path() + ".mig-devices[" + profile + "]",
              group.filtered()
                  ? "MIG profile "
                      + profile
                      + " is not offered by "
                      + MigGroups.names(group.gpus())
                      + ", the GPUs the group's device-filter selects"
                  : "MIG profile "
                      + profile
                      + " is offered by no catalogued GPU (tried "
                      + MigGroups.names(group.gpus())
                      + ")",
              "use a profile the GPU offers, e.g. " + examples(group.gpus()));
        }
      }
    }
  }

  private static String examples(List<MigGeometry> gpus) {
    MigGeometry first = gpus.get(0);
    return String.join(", ", first.profileNames()) + " on " + first.modelName();
  }
}
