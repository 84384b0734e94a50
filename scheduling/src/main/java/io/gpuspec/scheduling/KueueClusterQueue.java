package io.gpuspec.scheduling;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.LabelSelector;
import io.fabric8.kubernetes.api.model.LabelSelectorBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import io.gpuspec.core.GpuSpecStyle;
import io.gpuspec.core.InvalidSpecException;
import io.gpuspec.core.Labels;
import io.gpuspec.core.ManifestSource;
import io.gpuspec.scheduling.facts.KueueQuotaFacts;
import io.gpuspec.scheduling.facts.KueueWebhookFacts;
import io.gpuspec.scheduling.model.kueue.BorrowWithinCohort;
import io.gpuspec.scheduling.model.kueue.ClusterQueue;
import io.gpuspec.scheduling.model.kueue.ClusterQueuePreemption;
import io.gpuspec.scheduling.model.kueue.ClusterQueueSpec;
import io.gpuspec.scheduling.model.kueue.FairSharing;
import io.gpuspec.scheduling.model.kueue.FlavorQuotas;
import io.gpuspec.scheduling.model.kueue.ResourceGroup;
import io.gpuspec.scheduling.model.kueue.ResourceQuota;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.UnaryOperator;
import org.immutables.value.Value;

/**
 * A Kueue {@code ClusterQueue} ({@code kueue.x-k8s.io/v1beta2}), typically one per team: quotas per
 * resource flavor, the cohort it borrows from and lends to, which namespaces may submit, preemption
 * and fair sharing (https://kueue.sigs.k8s.io/docs/concepts/cluster_queue/).
 *
 * <pre>{@code
 * KueueClusterQueue teamA = KueueClusterQueue.named("team-a").cohort("gpu").addNamespace("team-a")
 *     .resourceGroup(g -> g.covers("cpu", "memory", "nvidia.com/gpu")
 *         .flavor(a100, f -> f.quota("cpu", "64").quota("memory", "512Gi")
 *             .quota("nvidia.com/gpu", "8", q -> q.borrowingLimit("8").lendingLimit("4"))))
 *     .reclaimWithinCohort(ReclaimWithinCohort.ANY)
 *     .withinClusterQueue(WithinClusterQueue.LOWER_PRIORITY)
 *     .build();
 * }</pre>
 *
 * <p>Checked at build, as Kueue's CRD and webhook do, with the facts the rules report ({@link
 * KueueQuotaFacts}): every flavor of a resource group lists exactly the group's covered resources,
 * in the same order; a resource and a flavor appear in one resource group only; {@code
 * borrowingLimit} and {@code lendingLimit} need a cohort; {@code lendingLimit} ≤ {@code
 * nominalQuota}; and with the facts of Kueue's webhook ({@link KueueWebhookFacts}): a fair-sharing
 * weight of 0 or more than 10⁻⁹, at most 256 flavors and 256 covered resources in all and 512
 * quotas per group. The DSL itself also checks names, quantities, the sizes the CRD states (16
 * groups, 64 flavors and resources per group) and that borrowing with preemption needs reclaiming
 * within the cohort, the CRD's rule; hand-written YAML is held to those by the cel module's CRD001
 * and CRD002.
 */
@Value.Immutable
@GpuSpecStyle
public abstract class KueueClusterQueue implements ManifestSource {

  /** The label every namespace carries with its own name. */
  static final String NAMESPACE_NAME_LABEL = "kubernetes.io/metadata.name";

  private static final int MAX_GROUPS = 16;
  private static final int MAX_LIST = 64;

  /** Whether a pending workload may preempt workloads of other queues that borrow. */
  public enum ReclaimWithinCohort {
    NEVER("Never"),
    LOWER_PRIORITY("LowerPriority"),
    ANY("Any");

    private final String text;

    ReclaimWithinCohort(String text) {
      this.text = text;
    }

    public String text() {
      return text;
    }
  }

  /** Whether a pending workload may preempt workloads of its own queue. */
  public enum WithinClusterQueue {
    NEVER("Never"),
    LOWER_PRIORITY("LowerPriority"),
    LOWER_OR_NEWER_EQUAL_PRIORITY("LowerOrNewerEqualPriority");

    private final String text;

    WithinClusterQueue(String text) {
      this.text = text;
    }

    public String text() {
      return text;
    }
  }

  /** Whether a workload may preempt lower-priority workloads in the cohort in order to borrow. */
  public enum BorrowWithinCohortPolicy {
    NEVER("Never"),
    LOWER_PRIORITY("LowerPriority");

    private final String text;

    BorrowWithinCohortPolicy(String text) {
      this.text = text;
    }

    public String text() {
      return text;
    }
  }

  public abstract String name();

  /** The cohort; needed for borrowing and lending. */
  public abstract Optional<String> cohort();

  /**
   * Namespaces whose LocalQueues may point here, matched by {@code kubernetes.io/metadata.name}.
   * With neither these nor {@link #namespaceLabels()}, every namespace may.
   */
  public abstract List<String> namespaces();

  /** Labels a namespace must carry for its LocalQueues to point here. */
  public abstract Map<String, String> namespaceLabels();

  /** Quotas by group of resources that get their flavor together. */
  public abstract List<Group> resourceGroups();

  public abstract Optional<ReclaimWithinCohort> reclaimWithinCohort();

  public abstract Optional<WithinClusterQueue> withinClusterQueue();

  public abstract Optional<BorrowWithinCohortPolicy> borrowWithinCohort();

  /** With borrowing preemption: only workloads at or below this tier's value may be preempted. */
  public abstract Optional<PriorityTier> borrowMaxPriority();

  /** Weight in fair sharing, a quantity such as {@code 1} or {@code 0.5}. */
  public abstract Optional<String> fairSharingWeight();

  /** The value of {@code app.kubernetes.io/part-of}. */
  @Value.Default
  public String partOf() {
    return Meta.DEFAULT_PART_OF;
  }

  /** The names of the flavors the queue has quota in. */
  public Set<String> flavorNames() {
    Set<String> names = new TreeSet<>();
    resourceGroups().forEach(g -> g.flavors().forEach(f -> names.add(f.flavor())));
    return names;
  }

  @Override
  public List<HasMetadata> toManifests() {
    return List.of(toClusterQueue());
  }

  /** The rendered ClusterQueue. */
  public ClusterQueue toClusterQueue() {
    ClusterQueueSpec spec = new ClusterQueueSpec();
    cohort().ifPresent(spec::setCohortName);
    spec.setNamespaceSelector(namespaceSelector());
    spec.setResourceGroups(resourceGroups().stream().map(Group::render).toList());
    if (reclaimWithinCohort().isPresent()
        || withinClusterQueue().isPresent()
        || borrowWithinCohort().isPresent()) {
      ClusterQueuePreemption preemption = new ClusterQueuePreemption();
      reclaimWithinCohort()
          .map(ReclaimWithinCohort::text)
          .ifPresent(preemption::setReclaimWithinCohort);
      withinClusterQueue()
          .map(WithinClusterQueue::text)
          .ifPresent(preemption::setWithinClusterQueue);
      borrowWithinCohort()
          .ifPresent(
              policy -> {
                BorrowWithinCohort borrow = new BorrowWithinCohort();
                borrow.setPolicy(policy.text());
                borrowMaxPriority()
                    .map(PriorityTier::value)
                    .ifPresent(borrow::setMaxPriorityThreshold);
                preemption.setBorrowWithinCohort(borrow);
              });
      spec.setPreemption(preemption);
    }
    fairSharingWeight()
        .ifPresent(
            weight -> {
              FairSharing fairSharing = new FairSharing();
              fairSharing.setWeight(new Quantity(weight));
              spec.setFairSharing(fairSharing);
            });
    return new ClusterQueue(Meta.clusterScoped(name(), partOf()), spec);
  }

  private LabelSelector namespaceSelector() {
    LabelSelectorBuilder selector = new LabelSelectorBuilder();
    if (!namespaceLabels().isEmpty()) {
      selector.withMatchLabels(new TreeMap<>(namespaceLabels()));
    }
    if (!namespaces().isEmpty()) {
      selector
          .addNewMatchExpression()
          .withKey(NAMESPACE_NAME_LABEL)
          .withOperator("In")
          .withValues(namespaces().stream().sorted().distinct().toList())
          .endMatchExpression();
    }
    return selector.build();
  }

  @Value.Check
  protected void check() {
    String where = "cluster queue \"" + name() + "\"";
    Meta.requireSubdomain(where, name());
    cohort().ifPresent(c -> Meta.requireSubdomain(where + " cohort", c));
    namespaces().forEach(ns -> Meta.requireLabel(where + " namespaces", ns));
    Meta.requireLabels(where + " namespaceLabels", namespaceLabels());
    InvalidSpecException.require(
        resourceGroups().size() <= MAX_GROUPS,
        where + " resourceGroups",
        resourceGroups().size() + " groups, more than the " + MAX_GROUPS + " Kueue accepts",
        "merge resource groups");
    for (int gi = 0; gi < resourceGroups().size(); gi++) {
      Group group = resourceGroups().get(gi);
      String at = where + " resourceGroups[" + gi + "]";
      checkCovered(at, group.coveredResources());
      InvalidSpecException.require(
          !group.flavors().isEmpty() && group.flavors().size() <= MAX_LIST,
          at + " flavors",
          group.flavors().size() + " flavors",
          "give 1 to " + MAX_LIST + " flavors, in order of preference");
      for (FlavorQuota flavor : group.flavors()) {
        String f = at + " flavor \"" + flavor.flavor() + "\"";
        Meta.requireSubdomain(f, flavor.flavor());
        flavor.quotas().forEach(quota -> checkQuantities(f + " " + quota.resource(), quota));
      }
    }
    InvalidSpecException.require(
        borrowWithinCohort().filter(p -> p != BorrowWithinCohortPolicy.NEVER).isEmpty()
            || reclaimWithinCohort().filter(r -> r != ReclaimWithinCohort.NEVER).isPresent(),
        where + " preemption borrowWithinCohort",
        "borrowing with preemption needs reclaimWithinCohort other than Never",
        "set reclaimWithinCohort to LOWER_PRIORITY or ANY, or borrowWithinCohort to NEVER");
    InvalidSpecException.require(
        borrowMaxPriority().isEmpty() || borrowWithinCohort().isPresent(),
        where + " preemption borrowMaxPriority",
        "a threshold is given without borrowWithinCohort",
        "set borrowWithinCohort(LOWER_PRIORITY) or remove the threshold");
    fairSharingWeight()
        .ifPresent(w -> Quantities.requireQuantity(where + " fairSharing weight", w));
    Meta.requirePartOf(where, partOf());
  }

  /** Throws the first finding of the facts the rules report on the rendered queue. */
  private void requireFacts() {
    ClusterQueue queue = toClusterQueue();
    Meta.requireNone(queue, "SCH012", KueueQuotaFacts.resourceGroups(queue));
    Meta.requireNone(queue, "SCH013", KueueQuotaFacts.limitsNeedACohort(queue));
    Meta.requireNone(queue, "SCH014", KueueQuotaFacts.lendingWithinNominalQuota(queue));
    Meta.requireNone(queue, "SCH021", KueueWebhookFacts.fairSharingWeight(queue));
    Meta.requireNone(queue, "SCH022", KueueWebhookFacts.totals(queue));
  }

  private static void checkCovered(String at, List<String> covered) {
    InvalidSpecException.require(
        !covered.isEmpty() && covered.size() <= MAX_LIST,
        at + " coveredResources",
        covered.size() + " resources",
        "cover 1 to " + MAX_LIST + " resources");
    for (String resource : covered) {
      InvalidSpecException.require(
          Labels.isQualifiedName(resource),
          at + " coveredResources",
          "\"" + resource + "\" is not a resource name",
          "use a name such as cpu, memory or nvidia.com/gpu");
    }
  }

  private static void checkQuantities(String at, Quota quota) {
    Quantities.requireQuantity(at + " nominalQuota", quota.nominalQuota());
    quota.borrowingLimit().ifPresent(q -> Quantities.requireQuantity(at + " borrowingLimit", q));
    quota.lendingLimit().ifPresent(q -> Quantities.requireQuantity(at + " lendingLimit", q));
  }

  /** Starts a cluster queue with this name. */
  public static Builder named(String name) {
    return new Builder().name(name);
  }

  /**
   * Builds {@link KueueClusterQueue} values: set the attributes, then {@code build()}, which checks
   * them.
   */
  public static final class Builder extends ImmutableKueueClusterQueue.Builder {
    /** Builds the queue; a queue the rules would refuse fails with their finding. */
    @Override
    public KueueClusterQueue build() {
      KueueClusterQueue queue = super.build();
      queue.requireFacts();
      return queue;
    }

    /** Builds without the rules' facts, to compare {@link #build()} with the rules. */
    KueueClusterQueue buildUnchecked() {
      return super.build();
    }

    /** Adds a resource group built by {@code spec}, e.g. {@code g -> g.covers(...).flavor(...)}. */
    public Builder resourceGroup(UnaryOperator<Group.Builder> spec) {
      return (Builder) addResourceGroup(spec.apply(new Group.Builder()).build());
    }
  }

  @Override
  public String toString() {
    return "KueueClusterQueue[" + name() + "]";
  }

  /**
   * A resource group: resources whose flavor is chosen together (e.g. {@code cpu}, {@code memory}
   * and {@code nvidia.com/gpu} of a GPU pool), with each flavor's quota of each of them; flavors
   * are tried in the order given. The queue checks it when built.
   */
  @Value.Immutable
  @GpuSpecStyle
  public abstract static class Group {

    /** Resource names, in the order every flavor lists them. */
    public abstract List<String> coveredResources();

    /** Flavors in order of preference. */
    public abstract List<FlavorQuota> flavors();

    ResourceGroup render() {
      ResourceGroup rendered = new ResourceGroup();
      rendered.setCoveredResources(List.copyOf(coveredResources()));
      rendered.setFlavors(flavors().stream().map(FlavorQuota::render).toList());
      return rendered;
    }

    /** Builds {@link Group} values: set the attributes, then {@code build()}, which checks them. */
    public static final class Builder extends ImmutableGroup.Builder {
      /** The covered resources, in order. */
      public Builder covers(String... resources) {
        return (Builder) addCoveredResources(resources);
      }

      /** Adds a flavor's quotas, e.g. {@code f -> f.quota("nvidia.com/gpu", "8")}. */
      public Builder flavor(String flavor, UnaryOperator<FlavorQuota.Builder> spec) {
        return (Builder) addFlavor(spec.apply(new FlavorQuota.Builder().flavor(flavor)).build());
      }

      /** Adds the quotas of a flavor. */
      public Builder flavor(KueueFlavor flavor, UnaryOperator<FlavorQuota.Builder> spec) {
        return flavor(flavor.name(), spec);
      }
    }
  }

  /** One flavor's quotas in a resource group: one per covered resource, in the same order. */
  @Value.Immutable
  @GpuSpecStyle
  public abstract static class FlavorQuota {

    /** The ResourceFlavor's name. */
    public abstract String flavor();

    public abstract List<Quota> quotas();

    FlavorQuotas render() {
      FlavorQuotas rendered = new FlavorQuotas();
      rendered.setName(flavor());
      rendered.setResources(quotas().stream().map(Quota::render).toList());
      return rendered;
    }

    /**
     * Builds {@link FlavorQuota} values: set the attributes, then {@code build()}, which checks
     * them.
     */
    public static final class Builder extends ImmutableFlavorQuota.Builder {
      /** The nominal quota of a resource, with no borrowing or lending limit. */
      public Builder quota(String resource, String nominal) {
        return quota(resource, nominal, q -> q);
      }

      /** The quota of a resource, with limits, e.g. {@code q -> q.borrowingLimit("4")}. */
      public Builder quota(String resource, String nominal, UnaryOperator<Quota.Builder> spec) {
        return (Builder)
            addQuota(
                spec.apply(new Quota.Builder().resource(resource).nominalQuota(nominal)).build());
      }
    }
  }

  /** One resource's quota in one flavor, as quantities. */
  @Value.Immutable
  @GpuSpecStyle
  public abstract static class Quota {

    public abstract String resource();

    /** What the queue owns. */
    public abstract String nominalQuota();

    /** The most the queue may borrow from its cohort above the nominal quota. */
    public abstract Optional<String> borrowingLimit();

    /** The most of its nominal quota the queue lends to its cohort. */
    public abstract Optional<String> lendingLimit();

    ResourceQuota render() {
      ResourceQuota rendered = new ResourceQuota();
      rendered.setName(resource());
      rendered.setNominalQuota(new Quantity(nominalQuota()));
      borrowingLimit().map(Quantity::new).ifPresent(rendered::setBorrowingLimit);
      lendingLimit().map(Quantity::new).ifPresent(rendered::setLendingLimit);
      return rendered;
    }

    /** Builds {@link Quota} values: set the attributes, then {@code build()}, which checks them. */
    public static final class Builder extends ImmutableQuota.Builder {}
  }
}
