package io.gpuspec.sharing.internal.rules;

import io.gpuspec.core.GpuModel;
import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.spi.BaseRule;
import io.gpuspec.core.spi.CheckContext;
import io.gpuspec.core.spi.RuleInfo;
import io.gpuspec.sharing.MigCatalogue;
import io.gpuspec.sharing.MigDeviceGroup;
import io.gpuspec.sharing.MigFit;
import io.gpuspec.sharing.MigLayout;
import io.gpuspec.sharing.MigPartedConfig;
import io.gpuspec.sharing.MigProblem;
import io.gpuspec.sharing.NodeConfigLabels;
import io.gpuspec.sharing.internal.support.EmbeddedConfig;
import java.util.List;
import java.util.Map;

/**
 * SHR008: with the fleet known, the MIG layout a pool selects with {@code nvidia.com/mig.config}
 * suits the pool's GPU model: no MIG on a model without MIG (T4, L4, L40S, A10, V100), and a layout
 * that fits the model's geometry and the node's GPU indices. The layout is looked up in the
 * mig-parted configs of the set. See docs/sharing.md.
 */
public final class PoolMigLayoutsFitTheirGpus extends BaseRule {

  public PoolMigLayoutsFitTheirGpus() {
    super(
        RuleInfo.builder()
            .id("SHR008")
            .severity(Severity.ERROR)
            .title("With the pools known, the MIG layout each pool selects fits its GPU model")
            .why(
                "The MIG manager fails on a GPU without MIG or a layout its geometry cannot hold;"
                    + " the node keeps its old partitions and advertises other resources than"
                    + " planned.")
            .fix(
                "Select a layout of the pool's GPU model with nvidia.com/mig.config, or MIG off on"
                    + " GPUs without MIG.")
            .addKinds("ConfigMap")
            .documentation(SharingRules.OPERATOR_MIG)
            .build());
  }

  @Override
  public void check(ManifestSet manifests, CheckContext context) {
    if (context.fleet().isEmpty()) {
      return;
    }
    for (EmbeddedConfig config : EmbeddedConfig.in(manifests, EmbeddedConfig.Type.MIG_PARTED)) {
      MigPartedConfig.parse(config.text())
          .value()
          .ifPresent(parsed -> check(context, config, parsed));
    }
  }

  private static void check(CheckContext context, EmbeddedConfig config, MigPartedConfig parsed) {
    MigCatalogue catalogue = MigCatalogue.defaults();
    for (Map.Entry<String, MigLayout> entry : parsed.migConfigs().entrySet()) {
      String path = "mig-configs[" + entry.getKey() + "]";
      MigLayout layout = entry.getValue();
      for (FleetGroups.Group group :
          FleetGroups.labelled(context, NodeConfigLabels.MIG_CONFIG, entry.getKey())) {
        if (group.model().isEmpty()) {
          continue;
        }
        GpuModel model = group.model().get();
        boolean enablesMig = layout.groups().stream().anyMatch(MigDeviceGroup::migEnabled);
        if (!model.migCapable()) {
          if (enablesMig) {
            SharingRules.report(
                context,
                config,
                path,
                group.describe()
                    + " selects this layout with "
                    + NodeConfigLabels.MIG_CONFIG
                    + ", but "
                    + model.name()
                    + " cannot be partitioned with MIG",
                "label the pool with a layout that keeps MIG off (e.g. all-disabled), or share"
                    + " its GPUs with time-slicing or MPS");
          }
          continue;
        }
        if (catalogue.geometry(model).isEmpty()) {
          continue; // a MIG GPU gpuspec has no geometry for
        }
        MigFit fit =
            group.pool().isPresent()
                ? catalogue.fit(layout, group.pool().get())
                : catalogue.fit(layout, List.of(model));
        for (MigProblem problem : fit.problems()) {
          SharingRules.report(
              context,
              config,
              path,
              group.describe() + " selects this layout, but " + problem.problem(),
              problem.fix());
        }
      }
    }
  }
}
