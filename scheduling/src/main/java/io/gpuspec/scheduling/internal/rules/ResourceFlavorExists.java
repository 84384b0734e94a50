package io.gpuspec.scheduling.internal.rules;

import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.spi.CheckContext;
import io.gpuspec.core.spi.ReferenceRule;
import io.gpuspec.core.spi.RuleInfo;
import io.gpuspec.scheduling.facts.KueueReferenceFacts;
import io.gpuspec.scheduling.internal.support.KueueQuotas;
import io.gpuspec.scheduling.model.kueue.ResourceFlavor;
import java.util.List;
import java.util.stream.Stream;

/**
 * SCH006: every flavor a ClusterQueue or Cohort gives quota in is a ResourceFlavor of the set.
 * Kueue keeps a ClusterQueue whose flavor does not exist inactive, and it admits nothing
 * (https://kueue.sigs.k8s.io/docs/concepts/cluster_queue/). See {@link ReferenceRule} for when a
 * missing flavor is an error.
 */
public final class ResourceFlavorExists extends ReferenceRule<ResourceFlavor> {

  public ResourceFlavorExists() {
    super(
        RuleInfo.builder()
            .id("SCH006")
            .severity(Severity.ERROR)
            .title("Every flavor of a ClusterQueue or Cohort is a ResourceFlavor of the set")
            .why("A ClusterQueue with quota in a flavor that does not exist is inactive.")
            .fix("Add the ResourceFlavor, or fix the flavor name.")
            .addKinds("ClusterQueue", "Cohort")
            .documentation(Sched.KUEUE_CLUSTER_QUEUE_DOCS)
            .build(),
        KueueReferenceFacts.FLAVOR,
        ResourceFlavor.class);
  }

  @Override
  protected Stream<Reference> references(ManifestSet manifests, CheckContext context) {
    return KueueQuotas.owners(manifests).stream()
        .flatMap(owner -> KueueReferenceFacts.flavorReferences(owner).stream());
  }

  @Override
  protected String fix(Reference reference, List<ResourceFlavor> defined) {
    return KueueReferenceFacts.flavorFix(reference);
  }
}
