package io.gpuspec.scheduling.internal.rules;

import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.spi.BaseRule;
import io.gpuspec.core.spi.CheckContext;
import io.gpuspec.core.spi.RuleInfo;
import io.gpuspec.scheduling.facts.KueueTopologyFacts;
import io.gpuspec.scheduling.model.kueue.ResourceFlavor;

/**
 * SCH026: a ResourceFlavor with a {@code topologyName} lists node labels, as its CRD's validation
 * rule requires (https://kueue.sigs.k8s.io/docs/concepts/topology_aware_scheduling/). The fact is
 * {@link KueueTopologyFacts#topologyFlavorHasNodeLabels}.
 */
public final class TopologyFlavorHasNodeLabels extends BaseRule {

  public TopologyFlavorHasNodeLabels() {
    super(
        RuleInfo.builder()
            .apiServerRejects(true)
            .id("SCH026")
            .severity(Severity.ERROR)
            .title("A ResourceFlavor with a topologyName has node labels")
            .why(
                "The API server rejects a flavor with a topologyName and no nodeLabels: Kueue"
                    + " reads the topology from the nodes the labels select.")
            .fix("Add the labels of the flavor's nodes.")
            .addKinds("ResourceFlavor")
            .documentation("https://kueue.sigs.k8s.io/docs/concepts/topology_aware_scheduling/")
            .build());
  }

  @Override
  public void check(ManifestSet manifests, CheckContext context) {
    for (ResourceFlavor flavor : manifests.ofType(ResourceFlavor.class)) {
      KueueTopologyFacts.topologyFlavorHasNodeLabels(flavor)
          .forEach(f -> context.report(flavor, f));
    }
  }
}
