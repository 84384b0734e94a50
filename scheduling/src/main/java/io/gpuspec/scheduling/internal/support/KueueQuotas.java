package io.gpuspec.scheduling.internal.support;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.scheduling.model.kueue.ClusterQueue;
import io.gpuspec.scheduling.model.kueue.Cohort;
import io.gpuspec.scheduling.model.kueue.FlavorQuotas;
import io.gpuspec.scheduling.model.kueue.ResourceGroup;
import io.gpuspec.scheduling.model.kueue.ResourceQuota;
import java.util.ArrayList;
import java.util.List;

/**
 * The quotas of Kueue ClusterQueues and Cohorts, walked with their field paths; shared by the facts
 * and the rules. Not API.
 */
public final class KueueQuotas {

  private KueueQuotas() {}

  /** One resource quota of one flavor of one resource group, where it is written. */
  public record Entry(
      HasMetadata owner,
      int group,
      int flavor,
      int resource,
      ResourceGroup resourceGroup,
      FlavorQuotas flavorQuotas,
      ResourceQuota quota) {

    public String path() {
      return "spec.resourceGroups["
          + group
          + "].flavors["
          + flavor
          + "].resources["
          + resource
          + "]";
    }

    public String flavorName() {
      return flavorQuotas.getName() == null ? "" : flavorQuotas.getName();
    }

    public String resourceName() {
      return quota.getName() == null ? "" : quota.getName();
    }
  }

  /** The resource groups of a ClusterQueue or Cohort, empty for other objects. */
  public static List<ResourceGroup> groups(HasMetadata owner) {
    if (owner instanceof ClusterQueue queue && queue.getSpec() != null) {
      return queue.getSpec().getResourceGroups();
    }
    if (owner instanceof Cohort cohort && cohort.getSpec() != null) {
      return cohort.getSpec().getResourceGroups();
    }
    return List.of();
  }

  /** ClusterQueues and Cohorts, in the set's order. */
  public static List<HasMetadata> owners(ManifestSet manifests) {
    List<HasMetadata> owners = new ArrayList<>(manifests.ofType(ClusterQueue.class));
    owners.addAll(manifests.ofType(Cohort.class));
    return owners;
  }

  /** Every resource quota of the object, in order. */
  public static List<Entry> entries(HasMetadata owner) {
    List<Entry> entries = new ArrayList<>();
    List<ResourceGroup> groups = groups(owner);
    for (int g = 0; g < groups.size(); g++) {
      ResourceGroup group = groups.get(g);
      if (group == null) {
        continue;
      }
      for (int f = 0; f < group.getFlavors().size(); f++) {
        FlavorQuotas flavor = group.getFlavors().get(f);
        if (flavor == null) {
          continue;
        }
        for (int r = 0; r < flavor.getResources().size(); r++) {
          ResourceQuota quota = flavor.getResources().get(r);
          if (quota != null) {
            entries.add(new Entry(owner, g, f, r, group, flavor, quota));
          }
        }
      }
    }
    return entries;
  }
}
