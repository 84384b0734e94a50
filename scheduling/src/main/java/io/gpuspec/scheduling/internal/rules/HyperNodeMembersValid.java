package io.gpuspec.scheduling.internal.rules;

import io.gpuspec.core.Fleet;
import io.gpuspec.core.NodeGroup;
import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.spi.BaseRule;
import io.gpuspec.core.spi.CheckContext;
import io.gpuspec.core.spi.RuleInfo;
import io.gpuspec.scheduling.facts.VolcanoTopologyFacts;
import io.gpuspec.scheduling.model.volcano.topology.HyperNode;
import java.util.List;

/**
 * SCH031: a HyperNode has members; its name patterns compile; its HyperNode members are of a lower
 * tier (one that is not in the set is a warning); with the fleet known, its node members chosen by
 * labels are nodes of the fleet (https://volcano.sh/en/docs/network_topology_aware_scheduling/).
 * The fact is {@link VolcanoTopologyFacts#membersValid}.
 */
public final class HyperNodeMembersValid extends BaseRule {

  public HyperNodeMembersValid() {
    super(
        RuleInfo.builder()
            .id("SCH031")
            .severity(Severity.ERROR)
            .title("A HyperNode's members exist, and its HyperNode members are of a lower tier")
            .why(
                "Volcano rejects a HyperNode without members or with a bad pattern; a member"
                    + " HyperNode of the same or a higher tier breaks the tree of tiers, and a"
                    + " label selector that matches no node leaves the HyperNode empty.")
            .fix(
                "List the nodes or the HyperNodes of the tier below, by names or labels they have.")
            .addKinds("HyperNode")
            .documentation("https://volcano.sh/en/docs/network_topology_aware_scheduling/")
            .build());
  }

  @Override
  public void check(ManifestSet manifests, CheckContext context) {
    List<HyperNode> all = manifests.ofType(HyperNode.class);
    List<NodeGroup> groups = context.fleet().map(Fleet::groups).orElse(List.of());
    for (HyperNode node : all) {
      for (VolcanoTopologyFacts.Judged judged :
          VolcanoTopologyFacts.membersValid(node, all, groups)) {
        context.report(
            judged.certain() ? info().severity() : Severity.WARNING, node, judged.finding());
      }
    }
  }
}
