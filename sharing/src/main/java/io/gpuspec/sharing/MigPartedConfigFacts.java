package io.gpuspec.sharing;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.gpuspec.core.GpuCatalogue;
import io.gpuspec.core.GpuModel;
import io.gpuspec.core.report.Finding;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.BiFunction;
import java.util.stream.Collectors;
import tools.jackson.databind.node.ObjectNode;

/**
 * Facts about the mig-parted configs in a ConfigMap's data (any value that reads as a mapping with
 * {@code version} and {@code mig-configs}). Each finding is at the config's data key ({@code
 * data[config.yaml]}) and names the path inside the config first in its message ({@code
 * mig-configs[all-1g.10gb][0].mig-devices: ...}). A {@code MigPartedConfigMap} built by the DSL
 * throws the first finding of these; the profiles and geometries are those of {@link
 * MigCatalogue#defaults()}.
 */
public final class MigPartedConfigFacts {

  private MigPartedConfigFacts() {}

  /**
   * SHR005: each config has the format the MIG manager reads: {@code version: v1}, at least one
   * named layout under {@code mig-configs} whose name a node label can hold, each a non-empty list
   * of groups with only {@code device-filter} (PCI device IDs), {@code devices} ({@code all} or GPU
   * indices), {@code mig-enabled} and {@code mig-devices} (MIG profile names to counts of 0 or
   * more, not all 0, none with MIG off).
   */
  public static List<Finding> wellFormed(ConfigMap configMap) {
    return each(
        configMap,
        (text, root) ->
            MigPartedConfig.parse(text).problems().stream().map(ConfigFindings::of).toList());
  }

  /**
   * SHR006: every profile of a group that enables MIG is offered by some catalogued GPU (the ones
   * its {@code device-filter} selects, when it has one); a profile NVIDIA names for a GPU the
   * catalogue has no geometry for is not judged.
   */
  public static List<Finding> profilesKnown(ConfigMap configMap) {
    MigCatalogue catalogue = MigCatalogue.defaults();
    return each(
        configMap,
        (text, root) -> {
          List<Finding> findings = new ArrayList<>();
          for (MigGroups.Group group : MigGroups.of(root, catalogue)) {
            for (String profile : group.profiles().keySet()) {
              if (!group.offering(profile).isEmpty()
                  || (!group.filtered() && catalogue.onUncataloguedGpus(profile))) {
                continue;
              }
              findings.add(
                  new Finding(
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
                      "use a profile the GPU offers, e.g. " + examples(group.gpus())));
            }
          }
          return findings;
        });
  }

  /**
   * SHR007: every group whose profiles are all known can be placed on one GPU of some catalogued
   * model that offers them all: no count above a profile's maximum, and instances that fit at their
   * allowed start slices without sharing a memory slice (on an A100 {@code 4g+2g+1g} fits, {@code
   * 3g+3g+1g} does not). Models are looked up by name in {@code models}, then in the default
   * catalogue. A group whose profiles all exist on GPUs outside the catalogue (or whose device
   * filter names only such GPUs) is held to what every MIG GPU shares: at most 7 compute slices,
   * {@code <n>g} taking n of them, a {@code 7g} instance alone on its GPU. A profile that only
   * catalogued GPUs offer pins the group to them.
   */
  public static List<Finding> placeable(ConfigMap configMap, GpuCatalogue models) {
    MigCatalogue catalogue = MigCatalogue.defaults();
    return each(
        configMap,
        (text, root) -> {
          List<Finding> findings = new ArrayList<>();
          for (MigGroups.Group group : MigGroups.of(root, catalogue)) {
            placeable(findings, catalogue, models, group);
          }
          for (MigGroups.Group group : MigGroups.outsideCatalogue(root, catalogue)) {
            MigBounds.check(group.path() + ".mig-devices", group.profiles())
                .ifPresent(findings::add);
          }
          return findings;
        });
  }

  private static void placeable(
      List<Finding> findings, MigCatalogue catalogue, GpuCatalogue models, MigGroups.Group group) {
    boolean outside =
        !group.filtered()
            && group.profiles().keySet().stream().anyMatch(catalogue::onUncataloguedGpus);
    if (group.profiles().keySet().stream()
        .anyMatch(
            p -> group.offering(p).isEmpty() && !(outside && catalogue.onUncataloguedGpus(p)))) {
      return; // an unknown profile is SHR006's
    }
    if (outside && group.profiles().keySet().stream().allMatch(catalogue::onUncataloguedGpus)) {
      // it may fit a GPU the catalogue has no geometry for: hold it to what all MIG GPUs share
      MigBounds.check(group.path() + ".mig-devices", group.profiles()).ifPresent(findings::add);
      return;
    }
    // a profile only catalogued GPUs offer pins the group to them
    String path = group.path() + ".mig-devices";
    List<MigGeometry> offering = group.offeringAll();
    if (offering.isEmpty()) {
      findings.add(
          new Finding(
              path,
              "no catalogued GPU offers "
                  + String.join(" and ", group.profiles().keySet())
                  + " together ("
                  + group.profiles().keySet().stream()
                      .map(
                          p ->
                              p
                                  + " on "
                                  + (group.offering(p).isEmpty()
                                      ? "no catalogued GPU"
                                      : MigGroups.names(group.offering(p))))
                      .collect(Collectors.joining("; "))
                  + ")",
              "use the profile names of one GPU model"));
      return;
    }
    List<GpuModel> tried =
        offering.stream().map(g -> model(models, g.modelName())).flatMap(Optional::stream).toList();
    if (tried.isEmpty()) {
      return;
    }
    MigLayout layout =
        MigLayout.of(MigDeviceGroup.builder().putAllMigDevices(group.profiles()).build());
    MigFit fit = catalogue.fit(layout, tried);
    Set<String> misfits = new HashSet<>();
    fit.problems().forEach(problem -> misfits.addAll(problem.models()));
    if (tried.stream().anyMatch(model -> !misfits.contains(model.name()))) {
      return; // it fits some GPU; whether it fits the pools' GPUs is SHR008's
    }
    for (MigProblem problem : fit.problems()) {
      findings.add(
          new Finding(
              path,
              (problem.kind() == MigProblem.Kind.NOT_PLACEABLE ? "not placeable: " : "")
                  + problem.problem()
                  + (problem.models().equals(fit.models())
                      ? ""
                      : " (GPUs tried: " + String.join(", ", fit.models()) + ")"),
              problem.fix()));
    }
  }

  /**
   * SHR008: the layout each node group selects suits its GPU model: no MIG on a model without MIG,
   * and a layout that fits the model's geometry and, for a pool, its nodes' GPU indices. Layouts of
   * configs that do not read strictly are SHR005's; models without a catalogued geometry are not
   * judged.
   */
  public static List<Finding> poolLayouts(ConfigMap configMap, List<ConfigSelector> selectors) {
    MigCatalogue catalogue = MigCatalogue.defaults();
    return each(
        configMap,
        (text, root) -> {
          List<Finding> findings = new ArrayList<>();
          MigPartedConfig.parse(text)
              .value()
              .ifPresent(
                  parsed ->
                      parsed
                          .migConfigs()
                          .forEach(
                              (name, layout) -> {
                                for (ConfigSelector selector : selectors) {
                                  if (selector.config().equals(name)) {
                                    poolLayout(findings, catalogue, name, layout, selector);
                                  }
                                }
                              }));
          return findings;
        });
  }

  private static void poolLayout(
      List<Finding> findings,
      MigCatalogue catalogue,
      String name,
      MigLayout layout,
      ConfigSelector selector) {
    String path = "mig-configs[" + name + "]";
    GpuModel model = selector.model();
    if (!model.migCapable()) {
      if (layout.groups().stream().anyMatch(MigDeviceGroup::migEnabled)) {
        findings.add(
            new Finding(
                path,
                selector.description()
                    + " selects this layout with "
                    + NodeConfigLabels.MIG_CONFIG
                    + ", but "
                    + model.name()
                    + " cannot be partitioned with MIG",
                "label the pool with a layout that keeps MIG off (e.g. all-disabled), or share"
                    + " its GPUs with time-slicing or MPS"));
      }
      return;
    }
    if (catalogue.geometry(model).isEmpty()) {
      return; // a MIG GPU gpuspec has no geometry for
    }
    MigFit fit =
        selector.pool().isPresent()
            ? catalogue.fit(layout, selector.pool().get())
            : catalogue.fit(layout, List.of(model));
    for (MigProblem problem : fit.problems()) {
      findings.add(
          new Finding(
              path,
              selector.description() + " selects this layout, but " + problem.problem(),
              problem.fix()));
    }
  }

  private static Optional<GpuModel> model(GpuCatalogue models, String name) {
    return models.byName(name).or(() -> GpuCatalogue.defaults().byName(name));
  }

  private static String examples(List<MigGeometry> gpus) {
    MigGeometry first = gpus.get(0);
    return String.join(", ", first.profileNames()) + " on " + first.modelName();
  }

  private static List<Finding> each(
      ConfigMap configMap, BiFunction<String, ObjectNode, List<Finding>> fact) {
    return ConfigFindings.each(
        configMap, MigGroups::isMigPartedConfig, (key, text, root) -> fact.apply(text, root));
  }
}
