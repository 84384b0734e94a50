package io.gpuspec.scheduling.facts;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.gpuspec.core.report.Finding;
import io.gpuspec.core.spi.ReferenceRule;
import io.gpuspec.core.spi.ReferenceRule.Reference;
import io.gpuspec.core.spi.Subject;
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
 * flavors a ClusterQueue or Cohort gives quota in exist (reported by SCH006), the ClusterQueue a
 * LocalQueue points at exists (SCH007), and the LocalQueue a workload is queued in exists in its
 * namespace (SCH004). The rules run them through {@link ReferenceRule}; a {@code KueuePolicy} and a
 * {@code KueueWorkload}, which render both ends, throw their first finding when built.
 */
public final class KueueReferenceFacts {

  /** The kind SCH006 looks up. */
  public static final String FLAVOR = "ResourceFlavor";

  /** The kind SCH007 looks up. */
  public static final String CLUSTER_QUEUE = "ClusterQueue";

  /** The kind SCH004 looks up. */
  public static final String LOCAL_QUEUE = "LocalQueue";

  /** The label that queues a workload in a LocalQueue of its namespace. */
  public static final String QUEUE_NAME_LABEL = "kueue.x-k8s.io/queue-name";

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

  /** The LocalQueue a workload names with {@value #QUEUE_NAME_LABEL}, in its own namespace. */
  public static Reference localQueueReference(HasMetadata workload) {
    return new Reference(
        workload,
        "metadata.labels[" + QUEUE_NAME_LABEL + "]",
        Subject.labels(workload).get(QUEUE_NAME_LABEL),
        Subject.namespace(workload),
        "Kueue never admits the workload, so it never runs");
  }

  /** Where a LocalQueue of the name a workload gives is instead, if in other namespaces. */
  public static String localQueueNote(Reference reference, List<LocalQueue> defined) {
    List<String> elsewhere =
        defined.stream()
            .filter(q -> Subject.name(q).equals(reference.name()))
            .map(Subject::namespace)
            .toList();
    return elsewhere.isEmpty()
        ? ""
        : " (a LocalQueue of that name is in namespace "
            + String.join(", ", elsewhere)
            + "; a workload can only use its own namespace's queues)";
  }

  /** How to fix a missing LocalQueue. */
  public static String localQueueFix(Reference reference) {
    return "add LocalQueue \""
        + reference.name()
        + "\" to namespace \""
        + reference.namespace()
        + "\", or name a LocalQueue of that namespace";
  }

  /**
   * SCH004: the LocalQueue {@code workload} is queued in ({@value #QUEUE_NAME_LABEL}) is among
   * {@code defined}, in the workload's namespace.
   */
  public static List<Finding> localQueueExists(HasMetadata workload, List<LocalQueue> defined) {
    Reference reference = localQueueReference(workload);
    return ReferenceRule.missing(
        LOCAL_QUEUE,
        reference,
        defined,
        Set.of(),
        localQueueNote(reference, defined),
        localQueueFix(reference));
  }
}
