package io.gpuspec.scheduling.internal.rules;

import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.spi.CheckContext;
import io.gpuspec.core.spi.ReferenceRule;
import io.gpuspec.core.spi.RuleInfo;
import io.gpuspec.scheduling.facts.KueueTopologyFacts;
import io.gpuspec.scheduling.model.kueue.ResourceFlavor;
import io.gpuspec.scheduling.model.kueue.Topology;
import java.util.List;
import java.util.stream.Stream;

/**
 * SCH027: the Topology a ResourceFlavor's {@code topologyName} names is a Topology of the set.
 * Kueue keeps every ClusterQueue that uses the flavor inactive ({@code TopologyNotFound}) until it
 * exists (https://kueue.sigs.k8s.io/docs/concepts/topology_aware_scheduling/). See {@link
 * ReferenceRule} for when a missing Topology is an error.
 */
public final class FlavorTopologyExists extends ReferenceRule<Topology> {

  public FlavorTopologyExists() {
    super(
        RuleInfo.builder()
            .id("SCH027")
            .severity(Severity.ERROR)
            .title("The Topology a ResourceFlavor names is in the set")
            .why(
                "A ClusterQueue with a flavor whose Topology does not exist is inactive and admits"
                    + " nothing.")
            .fix("Add the Topology, or fix the topologyName.")
            .addKinds("ResourceFlavor")
            .documentation("https://kueue.sigs.k8s.io/docs/concepts/topology_aware_scheduling/")
            .build(),
        KueueTopologyFacts.TOPOLOGY,
        Topology.class);
  }

  @Override
  protected Stream<Reference> references(ManifestSet manifests, CheckContext context) {
    return manifests.ofType(ResourceFlavor.class).stream()
        .map(KueueTopologyFacts::topologyReference);
  }

  @Override
  protected String fix(Reference reference, List<Topology> defined) {
    return KueueTopologyFacts.topologyFix(reference);
  }
}
