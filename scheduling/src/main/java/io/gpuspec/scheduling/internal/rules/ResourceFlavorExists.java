package io.gpuspec.scheduling.internal.rules;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.spi.BaseRule;
import io.gpuspec.core.spi.CheckContext;
import io.gpuspec.core.spi.RuleInfo;
import io.gpuspec.scheduling.model.kueue.ClusterQueue;
import io.gpuspec.scheduling.model.kueue.Cohort;
import io.gpuspec.scheduling.model.kueue.FlavorQuotas;
import io.gpuspec.scheduling.model.kueue.ResourceFlavor;
import io.gpuspec.scheduling.model.kueue.ResourceGroup;
import java.util.List;

/**
 * SCH006: every flavor a ClusterQueue or Cohort gives quota in is a ResourceFlavor of the set.
 * Kueue keeps a ClusterQueue whose flavor does not exist inactive, and it admits nothing
 * (https://kueue.sigs.k8s.io/docs/concepts/cluster_queue/). See {@link Sched} for when a missing
 * flavor is an error.
 */
public final class ResourceFlavorExists extends BaseRule {

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
            .build());
  }

  @Override
  public void check(ManifestSet manifests, CheckContext context) {
    List<ResourceFlavor> flavors = manifests.ofType(ResourceFlavor.class);
    boolean defined = !flavors.isEmpty();
    for (ClusterQueue queue : manifests.ofType(ClusterQueue.class)) {
      if (queue.getSpec() != null) {
        check(
            context,
            flavors,
            defined,
            queue,
            queue.getSpec().getResourceGroups(),
            "Kueue keeps the queue inactive and it admits nothing");
      }
    }
    for (Cohort cohort : manifests.ofType(Cohort.class)) {
      if (cohort.getSpec() != null) {
        check(
            context,
            flavors,
            defined,
            cohort,
            cohort.getSpec().getResourceGroups(),
            "its quota in that flavor cannot be used");
      }
    }
  }

  private static void check(
      CheckContext context,
      List<ResourceFlavor> flavors,
      boolean defined,
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
        String name = flavor == null ? null : flavor.getName();
        if (name == null || name.isEmpty() || Sched.has(flavors, name, "")) {
          continue;
        }
        context.report(
            Sched.missing(defined),
            object,
            "spec.resourceGroups[" + g + "].flavors[" + f + "].name",
            Sched.missingMessage(Sched.of(object), "ResourceFlavor", name, defined, consequence),
            "add ResourceFlavor \""
                + name
                + "\" (e.g. with the node labels of its pool), or fix"
                + " the name");
      }
    }
  }
}
