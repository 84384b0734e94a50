package io.gpuspec.scheduling;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.gpuspec.core.GpuSpecStyle;
import io.gpuspec.core.InvalidSpecException;
import io.gpuspec.core.ManifestSource;
import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.scheduling.facts.KueueNamespaceFacts;
import io.gpuspec.scheduling.facts.KueueReferenceFacts;
import io.gpuspec.scheduling.model.kueue.ClusterQueue;
import io.gpuspec.scheduling.model.kueue.Cohort;
import io.gpuspec.scheduling.model.kueue.LocalQueue;
import io.gpuspec.scheduling.model.kueue.ResourceFlavor;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Function;
import org.immutables.value.Value;

/**
 * A cluster's Kueue setup in one value: resource flavors (one per GPU pool), cohorts, cluster
 * queues (one per team), local queues (one per namespace) and the priority tiers rendered as
 * WorkloadPriorityClasses.
 *
 * <p>Checked at build: names are unique per kind; then, with the facts the rules report, every
 * flavor a cluster queue has quota in is one of the flavors (SCH006), every local queue points at
 * one of the cluster queues (SCH007; a LocalQueue or ClusterQueue whose target does not exist stays
 * inactive and admits nothing, https://kueue.sigs.k8s.io/docs/concepts/cluster_queue/ and
 * https://kueue.sigs.k8s.io/docs/concepts/local_queue/), and that cluster queue selects the local
 * queue's namespace (SCH018).
 *
 * <p>Rendered in the order WorkloadPriorityClass, ResourceFlavor, Cohort, ClusterQueue, LocalQueue,
 * each sorted by namespace and name.
 */
@Value.Immutable
@GpuSpecStyle
public abstract class KueuePolicy implements ManifestSource {

  public abstract List<KueueFlavor> flavors();

  public abstract List<KueueCohort> cohorts();

  public abstract List<KueueClusterQueue> clusterQueues();

  public abstract List<KueueLocalQueue> localQueues();

  /** Tiers rendered as Kueue WorkloadPriorityClasses. */
  public abstract List<PriorityTier> workloadPriorities();

  @Override
  public List<HasMetadata> toManifests() {
    List<HasMetadata> objects = new ArrayList<>();
    sorted(workloadPriorities(), PriorityTier::name).stream()
        .map(PriorityTier::toWorkloadPriorityClass)
        .forEach(objects::add);
    sorted(flavors(), KueueFlavor::name).stream()
        .map(KueueFlavor::toResourceFlavor)
        .forEach(objects::add);
    sorted(cohorts(), KueueCohort::name).stream().map(KueueCohort::toCohort).forEach(objects::add);
    sorted(clusterQueues(), KueueClusterQueue::name).stream()
        .map(KueueClusterQueue::toClusterQueue)
        .forEach(objects::add);
    sorted(localQueues(), q -> q.namespace() + "/" + q.name()).stream()
        .map(KueueLocalQueue::toLocalQueue)
        .forEach(objects::add);
    return List.copyOf(objects);
  }

  private static <T> List<T> sorted(List<T> values, Function<T, String> key) {
    return values.stream().sorted(Comparator.comparing(key)).toList();
  }

  @Value.Check
  protected void check() {
    unique("resource flavors", flavors(), KueueFlavor::name);
    unique("cohorts", cohorts(), KueueCohort::name);
    unique("cluster queues", clusterQueues(), KueueClusterQueue::name);
    unique("local queues", localQueues(), q -> q.namespace() + "/" + q.name());
    unique("workload priorities", workloadPriorities(), PriorityTier::name);
  }

  /**
   * Throws the first finding of the facts the rules report (SCH006, SCH007, SCH018) on the rendered
   * objects: every flavor a queue or cohort names, and every LocalQueue's ClusterQueue, is in the
   * policy, and that ClusterQueue selects the LocalQueue's namespace.
   */
  private void requireFacts() {
    ManifestSet objects = ManifestSet.of(toManifests());
    List<ResourceFlavor> flavors = objects.ofType(ResourceFlavor.class);
    for (HasMetadata owner : objects) {
      if (owner instanceof ClusterQueue || owner instanceof Cohort) {
        Meta.requireNone(owner, "SCH006", KueueReferenceFacts.flavorsExist(owner, flavors));
      }
    }
    List<ClusterQueue> queues = objects.ofType(ClusterQueue.class);
    for (LocalQueue local : objects.ofType(LocalQueue.class)) {
      Meta.requireNone(local, "SCH007", KueueReferenceFacts.clusterQueueExists(local, queues));
      Meta.requireNone(
          local,
          "SCH018",
          KueueNamespaceFacts.clusterQueueSelectsNamespace(local, queues, List.of()));
    }
  }

  private static <T> void unique(String what, List<T> values, Function<T, String> key) {
    Set<String> seen = new HashSet<>();
    for (T value : values) {
      String name = key.apply(value);
      InvalidSpecException.require(
          seen.add(name), what, "\"" + name + "\" is given twice", "give each a unique name");
    }
  }

  public static Builder builder() {
    return new Builder();
  }

  /**
   * Builds {@link KueuePolicy} values: set the attributes, then {@code build()}, which checks them.
   */
  public static final class Builder extends ImmutableKueuePolicy.Builder {
    /** Builds the policy; a policy the rules would refuse fails with their finding. */
    @Override
    public KueuePolicy build() {
      KueuePolicy policy = super.build();
      policy.requireFacts();
      return policy;
    }

    /** Builds without the rules' facts, to compare {@link #build()} with the rules. */
    KueuePolicy buildUnchecked() {
      return super.build();
    }
  }
}
