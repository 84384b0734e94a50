package io.gpuspec.scheduling.internal.rules;

import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.spi.BaseRule;
import io.gpuspec.core.spi.CheckContext;
import io.gpuspec.core.spi.RuleInfo;
import io.gpuspec.scheduling.facts.VolcanoTopologyFacts;
import io.gpuspec.scheduling.model.volcano.batch.Job;
import io.gpuspec.scheduling.model.volcano.topology.HyperNode;
import java.util.List;

/**
 * SCH032: a Volcano Job's {@code spec.networkTopology} names a tier the set's HyperNodes have;
 * nothing is checked with no HyperNode in the set
 * (https://volcano.sh/en/docs/network_topology_aware_scheduling/). The fact is {@link
 * VolcanoTopologyFacts#tierAllowedExists}.
 */
public final class VolcanoJobTierExists extends BaseRule {

  public VolcanoJobTierExists() {
    super(
        RuleInfo.builder()
            .id("SCH032")
            .severity(Severity.ERROR)
            .title("The tier a Volcano Job's networkTopology allows is a tier of the HyperNodes")
            .why(
                "A hard network-topology constraint on a tier without HyperNodes keeps the job"
                    + " Pending.")
            .fix("Name a tier (or tierName) of the HyperNodes.")
            .addKinds("Job", "HyperNode")
            .documentation("https://volcano.sh/en/docs/network_topology_aware_scheduling/")
            .build());
  }

  @Override
  public void check(ManifestSet manifests, CheckContext context) {
    List<HyperNode> all = manifests.ofType(HyperNode.class);
    for (Job job : manifests.ofType(Job.class)) {
      VolcanoTopologyFacts.tierAllowedExists(job, all).forEach(f -> context.report(job, f));
    }
  }
}
