package io.gpuspec.scheduling.internal.rules;

import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.spi.BaseRule;
import io.gpuspec.core.spi.CheckContext;
import io.gpuspec.core.spi.RuleInfo;
import io.gpuspec.core.spi.Workload;
import io.gpuspec.scheduling.facts.KueueTopologyFacts;
import io.gpuspec.scheduling.model.kueue.ClusterQueue;
import io.gpuspec.scheduling.model.kueue.LocalQueue;
import io.gpuspec.scheduling.model.kueue.ResourceFlavor;
import io.gpuspec.scheduling.model.kueue.Topology;
import java.util.List;

/**
 * SCH025: the level a pod set's required, preferred or slice topology annotation names is a level
 * of the Topology of a flavor of the ClusterQueue its LocalQueue points at. When that queue is not
 * in the set, the level is looked for in every Topology of the set and a miss is a warning; with no
 * Topology in the set nothing is said
 * (https://kueue.sigs.k8s.io/docs/concepts/topology_aware_scheduling/). The fact is {@link
 * KueueTopologyFacts#levelsExist}.
 */
public final class PodSetTopologyLevelExists extends BaseRule {

  public PodSetTopologyLevelExists() {
    super(
        RuleInfo.builder()
            .id("SCH025")
            .severity(Severity.ERROR)
            .title("A pod set's topology annotation names a level of its flavors' Topology")
            .why(
                "Kueue places a pod set by the level its annotation names; a level that the"
                    + " Topology of its ClusterQueue's flavors lacks can never be satisfied, and"
                    + " the workload is never admitted.")
            .fix("Name a level of the Topology, or add the level to it.")
            .addKinds("*", "LocalQueue", "ClusterQueue", "ResourceFlavor", "Topology")
            .documentation("https://kueue.sigs.k8s.io/docs/concepts/topology_aware_scheduling/")
            .build());
  }

  @Override
  public void check(ManifestSet manifests, CheckContext context) {
    List<LocalQueue> localQueues = manifests.ofType(LocalQueue.class);
    List<ClusterQueue> clusterQueues = manifests.ofType(ClusterQueue.class);
    List<ResourceFlavor> flavors = manifests.ofType(ResourceFlavor.class);
    List<Topology> topologies = manifests.ofType(Topology.class);
    for (Workload workload : context.workloads()) {
      for (KueueTopologyFacts.LevelFinding found :
          KueueTopologyFacts.levelsExist(
              workload, localQueues, clusterQueues, flavors, topologies)) {
        context.report(
            found.queueKnown() ? info().severity() : Severity.WARNING,
            workload.object(),
            found.finding());
      }
    }
  }
}
