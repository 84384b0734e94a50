package io.gpuspec.scheduling.facts;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.gpuspec.core.report.Finding;
import io.gpuspec.core.spi.ReferenceRule;
import io.gpuspec.core.spi.ReferenceRule.Reference;
import io.gpuspec.scheduling.internal.support.KueueQuotas;
import io.gpuspec.scheduling.model.kueue.ClusterQueue;
import io.gpuspec.scheduling.model.kueue.FlavorQuotas;
import io.gpuspec.scheduling.model.kueue.LocalQueue;
import io.gpuspec.scheduling.model.kueue.ResourceFlavor;
import io.gpuspec.scheduling.model.kueue.ResourceGroup;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Facts about the references between Kueue objects (https://kueue.sigs.k8s.io/docs/concepts/): the
 * flavors a ClusterQueue or Cohort gives quota in exist (reported by SCH006), and the ClusterQueue
 * a LocalQueue points at exists (SCH007). The rules run them through {@link ReferenceRule}; a
 * {@code KueuePolicy}, which renders both ends, throws their first finding when built.
 */
public final class KueueReferenceFacts {

  /** The kind SCH006 looks up. */
  public static final String FLAVOR = "ResourceFlavor";

  /** The kind SCH007 looks up. */
  public static final String CLUSTER_QUEUE = "ClusterQueue";

  private KueueReferenceFacts() {}

  /** Every flavor a ClusterQueue or Cohort names in its resource groups, with its path. */
  public static List<Reference> flavorReferences(HasMetadata owner) {
    String consequence =
        owner instanceof ClusterQueue
            ? "Kueue keeps the queue inactive and it admits nothing"
            : "its quota in that flavor cannot be used";
    List<Reference> references = new ArrayList<>();
    List<ResourceGroup> groups = KueueQuotas.groups(owner);
    for (int g = 0; g < groups.size(); g++) {
      ResourceGroup group = groups.get(g);
      if (group == null) {
        continue;
      }
      for (int f = 0; f < group.getFlavors().size(); f++) {
        FlavorQuotas flavor = group.getFlavors().get(f);
        references.add(
            Reference.clusterScoped(
                owner,
                "spec.resourceGroups[" + g + "].flavors[" + f + "].name",
                flavor == null ? null : flavor.getName(),
                consequence));
      }
    }
    return references;
  }

  /** How to fix a missing flavor. */
  public static String flavorFix(Reference reference) {
    return "add ResourceFlavor \""
        + reference.name()
        + "\" (e.g. with the node labels of its pool), or fix the name";
  }

  /** SCH006: the flavors {@code owner} gives quota in are among {@code defined}. */
  public static List<Finding> flavorsExist(HasMetadata owner, List<ResourceFlavor> defined) {
    List<Finding> findings = new ArrayList<>();
    for (Reference reference : flavorReferences(owner)) {
      findings.addAll(
          ReferenceRule.missing(FLAVOR, reference, defined, Set.of(), "", flavorFix(reference)));
    }
    return findings;
  }

  /** The ClusterQueue a LocalQueue points at. */
  public static Reference clusterQueueReference(LocalQueue local) {
    return Reference.clusterScoped(
        local,
        "spec.clusterQueue",
        local.getSpec() == null ? null : local.getSpec().getClusterQueue(),
        "the LocalQueue is inactive and Kueue admits none of the namespace's workloads");
  }

  /** How to fix a missing ClusterQueue. */
  public static String clusterQueueFix(Reference reference) {
    return "add ClusterQueue \""
        + reference.name()
        + "\", or point the LocalQueue at an existing one";
  }

  /** SCH007: the ClusterQueue {@code local} points at is among {@code defined}. */
  public static List<Finding> clusterQueueExists(LocalQueue local, List<ClusterQueue> defined) {
    Reference reference = clusterQueueReference(local);
    return ReferenceRule.missing(
        CLUSTER_QUEUE, reference, defined, Set.of(), "", clusterQueueFix(reference));
  }
}
