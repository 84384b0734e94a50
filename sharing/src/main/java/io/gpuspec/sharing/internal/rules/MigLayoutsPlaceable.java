package io.gpuspec.sharing.internal.rules;

import io.gpuspec.core.GpuCatalogue;
import io.gpuspec.core.GpuModel;
import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.spi.BaseRule;
import io.gpuspec.core.spi.CheckContext;
import io.gpuspec.core.spi.RuleInfo;
import io.gpuspec.sharing.MigCatalogue;
import io.gpuspec.sharing.MigDeviceGroup;
import io.gpuspec.sharing.MigFit;
import io.gpuspec.sharing.MigGeometry;
import io.gpuspec.sharing.MigLayout;
import io.gpuspec.sharing.MigProblem;
import io.gpuspec.sharing.internal.support.EmbeddedConfig;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * SHR007: every group of a MIG layout can be placed on one GPU of some catalogued model that offers
 * all its profiles (and that its {@code device-filter} selects): no count above a profile's
 * maximum, and instances that fit at their allowed start slices without sharing a memory slice.
 * Limits are placement, not sums: on an A100 {@code 4g+2g+1g} fits, {@code 3g+3g+1g} does not, and
 * {@code 2g.10gb x4} exceeds the A100-40GB's maximum of 3. See docs/sharing.md.
 */
public final class MigLayoutsPlaceable extends BaseRule {

  public MigLayoutsPlaceable() {
    super(
        RuleInfo.builder()
            .id("SHR007")
            .severity(Severity.ERROR)
            .title("MIG layouts can be placed on some catalogued GPU")
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
    MigCatalogue catalogue = MigCatalogue.defaults();
    for (EmbeddedConfig config : EmbeddedConfig.in(manifests, EmbeddedConfig.Type.MIG_PARTED)) {
      for (MigGroups.Group group : MigGroups.of(config, catalogue)) {
        check(context, catalogue, config, group);
      }
    }
  }

  private static void check(
      CheckContext context, MigCatalogue catalogue, EmbeddedConfig config, MigGroups.Group group) {
    if (group.profiles().keySet().stream().anyMatch(p -> group.offering(p).isEmpty())) {
      return; // an unknown profile is SHR006's
    }
    if (!group.filtered()
        && group.profiles().keySet().stream().anyMatch(catalogue::onUncataloguedGpus)) {
      return; // it may fit a GPU the catalogue has no geometry for
    }
    String path = group.path() + ".mig-devices";
    List<MigGeometry> offering = group.offeringAll();
    if (offering.isEmpty()) {
      SharingRules.report(
          context,
          config,
          path,
          "no catalogued GPU offers "
              + String.join(" and ", group.profiles().keySet())
              + " together ("
              + group.profiles().keySet().stream()
                  .map(p -> p + " on " + MigGroups.names(group.offering(p)))
                  .collect(Collectors.joining("; "))
              + ")",
          "use the profile names of one GPU model");
      return;
    }
    List<GpuModel> models =
        offering.stream()
            .map(g -> model(context, g.modelName()))
            .flatMap(Optional::stream)
            .toList();
    if (models.isEmpty()) {
      return;
    }
    MigLayout layout =
        MigLayout.of(MigDeviceGroup.builder().putAllMigDevices(group.profiles()).build());
    MigFit fit = catalogue.fit(layout, models);
    Set<String> misfits = new HashSet<>();
    fit.problems().forEach(problem -> misfits.addAll(problem.models()));
    if (models.stream().anyMatch(model -> !misfits.contains(model.name()))) {
      return; // it fits some GPU; whether it fits the pools' GPUs is SHR008's
    }
    for (MigProblem problem : fit.problems()) {
      SharingRules.report(
          context,
          config,
          path,
          (problem.kind() == MigProblem.Kind.NOT_PLACEABLE ? "not placeable: " : "")
              + problem.problem()
              + (problem.models().equals(fit.models())
                  ? ""
                  : " (GPUs tried: " + String.join(", ", fit.models()) + ")"),
          problem.fix());
    }
  }

  private static Optional<GpuModel> model(CheckContext context, String name) {
    return context.catalogue().byName(name).or(() -> GpuCatalogue.defaults().byName(name));
  }
}
