package io.gpuspec.scheduling.internal.rules;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.spi.CheckContext;
import io.gpuspec.core.spi.ReferenceRule;
import io.gpuspec.core.spi.RuleInfo;
import io.gpuspec.scheduling.model.kueue.ClusterQueue;
import io.gpuspec.scheduling.model.kueue.Cohort;
import io.gpuspec.scheduling.model.kueue.FlavorQuotas;
import io.gpuspec.scheduling.model.kueue.ResourceFlavor;
import io.gpuspec.scheduling.model.kueue.ResourceGroup;
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
        "ResourceFlavor",
        ResourceFlavor.class);
  }

  @Override
  protected Stream<Reference> references(ManifestSet manifests, CheckContext context) {
    Stream.Builder<Reference> references = Stream.builder();
    for (ClusterQueue queue : manifests.ofType(ClusterQueue.class)) {
      if (queue.getSpec() != null) {
        add(
            references,
            queue,
            queue.getSpec().getResourceGroups(),
            "Kueue keeps the queue inactive and it admits nothing");
      }
    }
    for (Cohort cohort : manifests.ofType(Cohort.class)) {
      if (cohort.getSpec() != null) {
        add(
            references,
            cohort,
            cohort.getSpec().getResourceGroups(),
            "its quota in that flavor cannot be used");
      }
    }
    return references.build();
  }

  private static void add(
      Stream.Builder<Reference> references,
      HasMetadata object,
      List<ResourceGroup> groups,
      String consequence) {
    for (int g = 0; g < groups.size(); g++) {
      ResourceGroup group = groups.get(g);
      if (group == null) {
        continue;
      }
      for (int f = 0; f < group.getFlavors().size(); f++) {
        FlavorQuotas flavor = group.getFlavors().get(f);
        references.add(
            Reference.clusterScoped(
                object,
                "spec.resourceGroups[" + g + "].flavors[" + f + "].name",
                flavor == null ? null : flavor.getName(),
                consequence));
      }
    }
  }

  @Override
  protected String fix(Reference reference, List<ResourceFlavor> defined) {
    return "add ResourceFlavor \""
        + reference.name()
        + "\" (e.g. with the node labels of its pool), or fix the name";
  }
}
