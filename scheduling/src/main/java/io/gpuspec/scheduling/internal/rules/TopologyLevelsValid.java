package io.gpuspec.scheduling.internal.rules;

import io.gpuspec.core.Fleet;
import io.gpuspec.core.NodeGroup;
import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.spi.BaseRule;
import io.gpuspec.core.spi.CheckContext;
import io.gpuspec.core.spi.RuleInfo;
import io.gpuspec.scheduling.facts.KueueTopologyFacts;
import io.gpuspec.scheduling.model.kueue.ResourceFlavor;
import io.gpuspec.scheduling.model.kueue.Topology;
import java.util.List;

/**
 * SCH028: a Topology's levels are unique node labels with {@code kubernetes.io/hostname} only as
 * the last (its CRD's rules), and, with the fleet known, labels that the nodes of every flavor
 * naming the Topology carry (https://kueue.sigs.k8s.io/docs/concepts/topology_aware_scheduling/).
 * The fact is {@link KueueTopologyFacts#levelsValid}.
 */
public final class TopologyLevelsValid extends BaseRule {

  public TopologyLevelsValid() {
    super(
        RuleInfo.builder()
            .id("SCH028")
            .severity(Severity.ERROR)
            .title("A Topology's levels are unique labels its flavors' nodes carry")
            .why(
                "The API server rejects repeated levels and a hostname level that is not the last;"
                    + " Kueue leaves nodes without a level's label out of topology-aware"
                    + " scheduling.")
            .fix("List each node label once, hostname last, and label the nodes with every level.")
            .addKinds("Topology", "ResourceFlavor")
            .documentation("https://kueue.sigs.k8s.io/docs/concepts/topology_aware_scheduling/")
            .build());
  }

  @Override
  public void check(ManifestSet manifests, CheckContext context) {
    List<ResourceFlavor> flavors = manifests.ofType(ResourceFlavor.class);
    List<NodeGroup> groups = context.fleet().map(Fleet::groups).orElse(List.of());
    for (Topology topology : manifests.ofType(Topology.class)) {
      KueueTopologyFacts.levelsValid(topology, flavors, groups)
          .forEach(f -> context.report(topology, f));
    }
  }
}
