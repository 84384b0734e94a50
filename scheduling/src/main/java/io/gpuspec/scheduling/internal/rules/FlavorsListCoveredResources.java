package io.gpuspec.scheduling.internal.rules;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.spi.BaseRule;
import io.gpuspec.core.spi.CheckContext;
import io.gpuspec.core.spi.RuleInfo;
import io.gpuspec.scheduling.model.kueue.FlavorQuotas;
import io.gpuspec.scheduling.model.kueue.ResourceGroup;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

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
            .build());
  }

  @Override
  public void check(ManifestSet manifests, CheckContext context) {
    for (HasMetadata owner : KueueQuotas.owners(manifests)) {
      check(owner, KueueQuotas.groups(owner), context);
    }
  }

  private static void check(HasMetadata owner, List<ResourceGroup> groups, CheckContext context) {
    Map<String, Integer> groupOfResource = new HashMap<>();
    Map<String, Integer> groupOfFlavor = new HashMap<>();
    for (int g = 0; g < groups.size(); g++) {
      ResourceGroup group = groups.get(g);
      if (group == null) {
        continue;
      }
      List<String> covered = group.getCoveredResources();
      for (int c = 0; c < covered.size(); c++) {
        Integer earlier = groupOfResource.putIfAbsent(covered.get(c), g);
        if (earlier != null) {
          context.report(
              owner,
              "spec.resourceGroups[" + g + "].coveredResources[" + c + "]",
              "resource \""
                  + covered.get(c)
                  + "\" is covered "
                  + (earlier == g ? "twice in the group" : "by resourceGroups[" + earlier + "] too")
                  + "; Kueue rejects the queue",
              "cover each resource once, in one resource group");
        }
      }
      for (int f = 0; f < group.getFlavors().size(); f++) {
        FlavorQuotas flavor = group.getFlavors().get(f);
        if (flavor == null) {
          continue;
        }
        String at = "spec.resourceGroups[" + g + "].flavors[" + f + "]";
        String name = flavor.getName() == null ? "" : flavor.getName();
        Integer earlier = groupOfFlavor.putIfAbsent(name, g);
        if (earlier != null) {
          context.report(
              owner,
              at + ".name",
              "flavor \""
                  + name
                  + "\" has quota "
                  + (earlier == g ? "twice in the group" : "in resourceGroups[" + earlier + "] too")
                  + "; Kueue rejects the queue",
              "give each flavor quota in one resource group, once");
        }
        List<String> listed =
            flavor.getResources().stream()
                .map(q -> q == null || q.getName() == null ? "" : q.getName())
                .toList();
        if (!listed.equals(covered)) {
          context.report(
              owner,
              at + ".resources",
              "flavor \""
                  + name
                  + "\" lists "
                  + listed
                  + " but the group covers "
                  + covered
                  + "; Kueue rejects a flavor that does not list exactly the covered resources in"
                  + " their order",
              "list one quota per covered resource, in the order " + covered);
        }
      }
    }
  }
}
