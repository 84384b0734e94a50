package io.gpuspec.sharing.internal.rules;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.spi.BaseRule;
import io.gpuspec.core.spi.CheckContext;
import io.gpuspec.core.spi.RuleInfo;
import io.gpuspec.sharing.ConfigSelector;
import io.gpuspec.sharing.MigPartedConfigFacts;
import io.gpuspec.sharing.NodeConfigLabels;
import java.util.List;

/**
 * SHR008: with the fleet known, the MIG layout a pool selects with {@code nvidia.com/mig.config}
 * suits the pool's GPU model: no MIG on a model without MIG (T4, L4, L40S, A10, V100), and a layout
 * that fits the model's geometry and the node's GPU indices. The layout is looked up in the
 * mig-parted configs of the set ({@link MigPartedConfigFacts#poolLayouts}). See docs/sharing.md.
 *
 * <p>Upstream: <a
 * href="https://docs.nvidia.com/datacenter/cloud-native/gpu-operator/latest/gpu-operator-mig.html">GPU
 * Operator: MIG support</a>.
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
    List<ConfigSelector> selectors = FleetGroups.selecting(context, NodeConfigLabels.MIG_CONFIG);
    for (ConfigMap configMap : manifests.ofType(ConfigMap.class)) {
      MigPartedConfigFacts.poolLayouts(configMap, selectors)
          .forEach(finding -> context.report(configMap, finding));
    }
  }
}
