package io.gpuspec.scheduling.internal.rules;

import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.spi.BaseRule;
import io.gpuspec.core.spi.CheckContext;
import io.gpuspec.core.spi.RuleInfo;
import io.gpuspec.scheduling.facts.VolcanoTopologyFacts;
import io.gpuspec.scheduling.model.volcano.topology.HyperNode;
import java.util.List;

/**
 * SCH030 (warning): the set's HyperNode tiers run from 1 without a gap
 * (https://volcano.sh/en/docs/network_topology_aware_scheduling/). Volcano accepts a gap, but a
 * job's {@code highestTierAllowed} then counts a tier that has no HyperNode. The fact is {@link
 * VolcanoTopologyFacts#tiersContiguous}.
 */
public final class HyperNodeTiersContiguous extends BaseRule {

  public HyperNodeTiersContiguous() {
    super(
        RuleInfo.builder()
            .id("SCH030")
            .severity(Severity.WARNING)
            .title("HyperNode tiers run from 1 without a gap")
            .why(
                "Tiers count network levels from the nodes up; with a gap, a job's"
                    + " highestTierAllowed names tiers that have no HyperNode.")
            .fix("Number the tiers 1, 2, 3, ... or add the HyperNodes of the missing tier.")
            .addKinds("HyperNode")
            .documentation("https://volcano.sh/en/docs/network_topology_aware_scheduling/")
            .build());
  }

  @Override
  public void check(ManifestSet manifests, CheckContext context) {
    List<HyperNode> all = manifests.ofType(HyperNode.class);
    for (HyperNode node : all) {
      VolcanoTopologyFacts.tiersContiguous(node, all).forEach(f -> context.report(node, f));
    }
  }
}
