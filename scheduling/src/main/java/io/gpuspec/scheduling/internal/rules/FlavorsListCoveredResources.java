package io.gpuspec.scheduling.internal.rules;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.spi.BaseRule;
import io.gpuspec.core.spi.CheckContext;
import io.gpuspec.core.spi.RuleInfo;
import io.gpuspec.scheduling.facts.KueueQuotaFacts;
import io.gpuspec.scheduling.facts.KueueQuotas;

/**
 * SCH012: the resource groups of a ClusterQueue or Cohort are well formed, as Kueue's CRD and
 * webhook require (https://kueue.sigs.k8s.io/docs/concepts/cluster_queue/#resource-groups): every
 * flavor lists exactly the group's {@code coveredResources}, in the same order; a resource is
 * covered by one group only; and a flavor has quota in one group only.
 */
public final class FlavorsListCoveredResources extends BaseRule {

  public FlavorsListCoveredResources() {
    super(
        RuleInfo.builder()
            .id("SCH012")
            .severity(Severity.ERROR)
            .title(
                "Each flavor lists its group's coveredResources in order; resources and flavors"
                    + " belong to one group")
            .why(
                "Kueue rejects a ClusterQueue whose flavors do not list exactly the covered"
                    + " resources in order, or that repeats a resource or flavor across groups.")
            .fix("List, for every flavor, one quota per covered resource in the same order.")
            .addKinds("ClusterQueue", "Cohort")
            .documentation("https://kueue.sigs.k8s.io/docs/concepts/cluster_queue/#resource-groups")
            .apiServerRejects(true)
            .build());
  }

  @Override
  public void check(ManifestSet manifests, CheckContext context) {
    for (HasMetadata owner : KueueQuotas.owners(manifests)) {
      KueueQuotaFacts.resourceGroups(owner).forEach(f -> context.report(owner, f));
    }
  }
}
