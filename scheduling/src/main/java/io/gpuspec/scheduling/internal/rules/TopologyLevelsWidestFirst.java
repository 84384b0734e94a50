package io.gpuspec.scheduling.internal.rules;

import io.gpuspec.core.Fleet;
import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.spi.BaseRule;
import io.gpuspec.core.spi.CheckContext;
import io.gpuspec.core.spi.RuleInfo;
import io.gpuspec.scheduling.facts.KueueTopologyFacts;
import io.gpuspec.scheduling.model.kueue.ResourceFlavor;
import io.gpuspec.scheduling.model.kueue.Topology;
import java.util.List;
import java.util.Optional;

/**
 * SCH029 (needs a fleet): a Topology's levels go from the widest to the narrowest domain, as the
 * nodes of its flavors show: a level whose every domain lies within one domain of the next level,
 * which spans several, is listed in the wrong order
 * (https://kueue.sigs.k8s.io/docs/concepts/topology_aware_scheduling/). The fact is {@link
 * KueueTopologyFacts#levelsWidestFirst}.
 */
public final class TopologyLevelsWidestFirst extends BaseRule {

  public TopologyLevelsWidestFirst() {
    super(
        RuleInfo.builder()
            .id("SCH029")
            .severity(Severity.ERROR)
            .title("A Topology's levels go from the widest to the narrowest")
            .why(
                "Kueue reads a Topology's levels from the widest to the narrowest domain; listed"
                    + " the other way round, a pod set required within a rack is spread over a"
                    + " block, or never admitted.")
            .fix("List the levels from the widest (block) to the narrowest (host).")
            .addKinds("Topology", "ResourceFlavor")
            .documentation("https://kueue.sigs.k8s.io/docs/concepts/topology_aware_scheduling/")
            .build());
  }

  @Override
  public void check(ManifestSet manifests, CheckContext context) {
    Optional<Fleet> fleet = context.fleet();
    if (fleet.isEmpty()) {
      return;
    }
    List<ResourceFlavor> flavors = manifests.ofType(ResourceFlavor.class);
    for (Topology topology : manifests.ofType(Topology.class)) {
      KueueTopologyFacts.levelsWidestFirst(topology, flavors, fleet.get().groups())
          .forEach(f -> context.report(topology, f));
    }
  }
}
