package io.gpuspec.scheduling.internal.rules;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.NodeSelectorRequirement;
import io.fabric8.kubernetes.api.model.NodeSelectorTerm;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.ResourceQuota;
import io.fabric8.kubernetes.api.model.Taint;
import io.fabric8.kubernetes.api.model.Toleration;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.gpuspec.core.Labels;
import io.gpuspec.core.k8s.NodeSelection;
import io.gpuspec.core.k8s.NullFree;
import io.gpuspec.core.k8s.PodRequests;
import io.gpuspec.core.kubeflow.RunPolicyJob;
import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.spi.BaseRule;
import io.gpuspec.core.spi.CheckContext;
import io.gpuspec.core.spi.PodTemplate;
import io.gpuspec.core.spi.RuleInfo;
import io.gpuspec.core.spi.Subject;
import io.gpuspec.core.spi.Workload;
import io.gpuspec.scheduling.facts.KueueConfiguration;
import io.gpuspec.scheduling.model.kueue.ClusterQueue;
import io.gpuspec.scheduling.model.kueue.FlavorQuotas;
import io.gpuspec.scheduling.model.kueue.LocalQueue;
import io.gpuspec.scheduling.model.kueue.ResourceFlavor;
import io.gpuspec.scheduling.model.kueue.ResourceGroup;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import org.jspecify.annotations.Nullable;

/**
 * SCH015: a team's quota can admit every pod of its workloads. Two quotas apply:
 *
 * <ul>
 *   <li>a {@code ResourceQuota} of the workload's namespace (without scopes): a pod whose request
 *       of a resource is above the quota's {@code requests.<resource>} (or bare {@code cpu}, {@code
 *       memory}) is rejected at creation, every time
 *       (https://kubernetes.io/docs/concepts/policy/resource-quotas/);
 *   <li>the {@code ClusterQueue} behind the workload's Kueue LocalQueue: Kueue admits a pod set
 *       only in one flavor that can hold it whole, within {@code nominalQuota + borrowingLimit}; a
 *       flavor whose node labels the pods' node selector or required affinity excludes, or whose
 *       node taints they do not tolerate (with the flavor's tolerations), is never chosen; and a
 *       GPU or other extended resource the queue has no quota for makes the workload inadmissible
 *       (https://kueue.sigs.k8s.io/docs/concepts/cluster_queue/). Jobs and Kubeflow jobs are
 *       admitted whole, so each pod set (template × replicas) must fit; other workloads pod by pod.
 *       A queue in a cohort without a {@code borrowingLimit} may borrow what the cohort lends,
 *       which the set may not show, so it is taken as unbounded.
 * </ul>
 *
 * Kueue counts a pod's requests after its manager's {@code Configuration}: requests of {@code
 * resources.excludeResourcePrefixes} dropped, {@code resources.transformations} applied (e.g.
 * HAMi's per-vGPU {@code nvidia.com/gpucores} turned into {@code nvidia.com/total-gpucores}), and,
 * with {@code quotaCheckStrategy: IgnoreUndeclared}, resources the queue does not cover not checked
 * (https://kueue.sigs.k8s.io/docs/tasks/manage/administer_cluster_quotas/#transform-resources-for-quota-management).
 * The configuration is the check's input {@code kueue-config} (a file; one that is not a
 * Configuration stops the check) or the ConfigMap {@code kueue-manager-config} of the set (its
 * problems are reported on it), and then the judgement is exact. Without it, Kueue's defaults
 * (nothing excluded or transformed) are assumed, except that a resource the queue does not cover is
 * a warning when the queue covers extended resources that no pod of the set requests: those are
 * outputs of a transformation the configuration would state.
 *
 * <p>A workload that cannot be admitted never runs, so findings are errors.
 */
public final class QuotaAdmitsEveryPod extends BaseRule {

  private static final Set<String> BARE = Set.of("cpu", "memory", "ephemeral-storage");

  public QuotaAdmitsEveryPod() {
    super(
        RuleInfo.builder()
            .id("SCH015")
            .severity(Severity.ERROR)
            .title("A team's quota (ResourceQuota or ClusterQueue) can admit its workloads' pods")
            .why(
                "A pod that asks for more than its namespace's ResourceQuota, or a job that no"
                    + " flavor of its ClusterQueue can hold, is never admitted and never runs.")
            .fix("Raise the quota or borrowing limit, or make the pods smaller.")
            .addKinds("ResourceQuota", "ClusterQueue", "ConfigMap", "*")
            .documentation("https://kueue.sigs.k8s.io/docs/concepts/cluster_queue/")
            .build());
  }

  @Override
  public void check(ManifestSet manifests, CheckContext context) {
    List<ResourceQuota> quotas = manifests.ofType(ResourceQuota.class);
    Optional<KueueConfiguration> config = configuration(manifests, context);
    Set<String> requested = new HashSet<>();
    for (Workload workload : context.workloads()) {
      workload.templates().forEach(t -> requested.addAll(PodRequests.of(t.spec()).keySet()));
    }
    for (Workload workload : context.workloads()) {
      HasMetadata object = workload.object();
      for (ResourceQuota quota : quotas) {
        if (Subject.namespace(quota).equals(Subject.namespace(object)) && unscoped(quota)) {
          resourceQuota(context, object, workload.templates(), quota);
        }
      }
      clusterQueue(manifests, object)
          .ifPresent(queue -> kueue(manifests, context, workload, queue, config, requested));
    }
  }

  /**
   * The Kueue manager's configuration: the input file when given (a file that is not one stops the
   * check), else the ConfigMap {@value KueueConfiguration#CONFIG_MAP} of the set, whose problems
   * are reported on it; empty when neither is known.
   */
  private static Optional<KueueConfiguration> configuration(
      ManifestSet manifests, CheckContext context) {
    Optional<java.nio.file.Path> file = context.input(KueueConfiguration.INPUT);
    if (file.isPresent()) {
      return Optional.of(KueueConfiguration.read(file.get()));
    }
    for (ConfigMap map : manifests.ofType(ConfigMap.class)) {
      KueueConfiguration.Parsed parsed = KueueConfiguration.fromConfigMap(map);
      parsed.problems().forEach(p -> context.report(map, p));
      if (parsed.configuration().isPresent()) {
        return parsed.configuration();
      }
    }
    return Optional.empty();
  }

  // --- ResourceQuota -----------------------------------------------------------------------------

  private static boolean unscoped(ResourceQuota quota) {
    return quota.getSpec() != null
        && quota.getSpec().getHard() != null
        && (quota.getSpec().getScopes() == null || quota.getSpec().getScopes().isEmpty())
        && quota.getSpec().getScopeSelector() == null;
  }

  private static void resourceQuota(
      CheckContext context, HasMetadata object, List<PodTemplate> templates, ResourceQuota quota) {
    Map<String, Quantity> hard = new TreeMap<>(quota.getSpec().getHard());
    for (PodTemplate template : templates) {
      Map<String, BigDecimal> pod = PodRequests.of(template.spec());
      hard.forEach(
          (key, limit) -> {
            String resource =
                key.startsWith("requests.")
                    ? key.substring("requests.".length())
                    : BARE.contains(key) ? key : null;
            BigDecimal asked = resource == null ? null : pod.get(resource);
            Optional<BigDecimal> allowed = Sched.amount(limit);
            if (resource == null
                || asked == null
                || allowed.isEmpty()
                || asked.compareTo(allowed.get()) <= 0) {
              return;
            }
            context.report(
                object,
                containerPath(template, resource),
                "one pod requests "
                    + Sched.quantity(resource, asked)
                    + " "
                    + resource
                    + " but "
                    + Subject.of(quota)
                    + " of namespace \""
                    + Subject.namespace(quota)
                    + "\" allows "
                    + key
                    + " "
                    + Sched.quantity(resource, allowed.get())
                    + "; the quota rejects every such pod, so the workload never runs",
                "raise "
                    + key
                    + " of "
                    + Subject.of(quota)
                    + " to at least "
                    + Sched.quantity(resource, asked)
                    + ", or request less per pod");
          });
    }
  }

  /** The resources of the first container that asks for the resource, else the pod spec. */
  private static String containerPath(PodTemplate template, String resource) {
    List<Container> containers =
        template.spec().getContainers() == null ? List.of() : template.spec().getContainers();
    for (int i = 0; i < containers.size(); i++) {
      if (containers.get(i) != null
          && PodRequests.requests(containers.get(i)).containsKey(resource)) {
        return template.specPath() + ".containers[" + i + "].resources";
      }
    }
    return template.specPath();
  }

  // --- Kueue ClusterQueue ------------------------------------------------------------------------

  private static Optional<ClusterQueue> clusterQueue(ManifestSet manifests, HasMetadata object) {
    String localName = Subject.labels(object).get(Sched.KUEUE_QUEUE_NAME);
    if (localName == null
        || object.getApiVersion() == null
        || object.getApiVersion().startsWith("kueue.x-k8s.io/")) {
      return Optional.empty();
    }
    Optional<String> target =
        manifests.ofType(LocalQueue.class).stream()
            .filter(q -> Subject.name(q).equals(localName))
            .filter(q -> Subject.namespace(q).equals(Subject.namespace(object)))
            .filter(q -> q.getSpec() != null && q.getSpec().getClusterQueue() != null)
            .map(q -> q.getSpec().getClusterQueue())
            .findFirst();
    return target.flatMap(
        name ->
            manifests.ofType(ClusterQueue.class).stream()
                .filter(q -> Subject.name(q).equals(name) && q.getSpec() != null)
                .findFirst());
  }

  /** Whether Kueue admits the workload whole (a Job, a Kubeflow job) rather than pod by pod. */
  private static boolean admittedWhole(HasMetadata object) {
    return object instanceof Job || object instanceof RunPolicyJob;
  }

  private void kueue(
      ManifestSet manifests,
      CheckContext context,
      Workload workload,
      ClusterQueue queue,
      Optional<KueueConfiguration> config,
      Set<String> requested) {
    HasMetadata object = workload.object();
    boolean cohort =
        queue.getSpec().getCohortName() != null && !queue.getSpec().getCohortName().isEmpty();
    Map<String, ResourceFlavor> flavors = new HashMap<>(); // a flavor without a name finds none
    manifests.ofType(ResourceFlavor.class).forEach(f -> flavors.put(Subject.name(f), f));
    Set<String> covered = new HashSet<>();
    queue.getSpec().getResourceGroups().stream()
        .filter(g -> g != null)
        .forEach(g -> covered.addAll(NullFree.list(g.getCoveredResources())));
    // Covered extended resources no pod of the set requests: outputs of a transformation.
    List<String> produced =
        covered.stream()
            .filter(r -> r != null && Labels.isExtendedResourceName(r) && !requested.contains(r))
            .sorted()
            .toList();
    for (PodTemplate template : workload.templates()) {
      Map<String, BigDecimal> raw = PodRequests.of(template.spec());
      Map<String, BigDecimal> pod = config.map(c -> c.effective(raw)).orElse(raw);
      Optional<String> uncovered =
          config.isPresent() && config.get().ignoreUndeclared()
              ? Optional.empty()
              : pod.keySet().stream()
                  .filter(Labels::isExtendedResourceName)
                  .filter(r -> !covered.contains(r))
                  .findFirst();
      if (uncovered.isPresent()) {
        boolean unknown = config.isEmpty() && !produced.isEmpty();
        context.report(
            unknown ? Severity.WARNING : Severity.ERROR,
            object,
            containerPath(template, raw.containsKey(uncovered.get()) ? uncovered.get() : ""),
            "its pods "
                + (raw.containsKey(uncovered.get())
                    ? "request "
                    : "count, after Kueue's resource transformations, ")
                + uncovered.get()
                + ", which "
                + Subject.of(queue)
                + " (behind LocalQueue \""
                + Subject.labels(object).get(Sched.KUEUE_QUEUE_NAME)
                + "\") has no quota for; "
                + (unknown
                    ? "the queue covers "
                        + String.join(", ", produced)
                        + ", which no pod requests, as if Kueue's configuration transformed or"
                        + " excluded resources; if it does not, Kueue never admits the workload"
                    : "Kueue never admits the workload"),
            unknown
                ? "give the check the Kueue Configuration (--kueue-config, or the ConfigMap "
                    + KueueConfiguration.CONFIG_MAP
                    + " in the set) to judge it exactly, or add "
                    + uncovered.get()
                    + " to a resource group of "
                    + Subject.of(queue)
                : "add " + uncovered.get() + " to a resource group of " + Subject.of(queue));
        continue;
      }
      int count = admittedWhole(object) ? Math.max(1, template.replicas()) : 1;
      for (ResourceGroup group : queue.getSpec().getResourceGroups()) {
        if (group == null) {
          continue;
        }
        Map<String, BigDecimal> needed = new TreeMap<>();
        for (String resource : NullFree.list(group.getCoveredResources())) {
          BigDecimal perPod = resource == null ? null : pod.get(resource);
          if (perPod != null) {
            needed.put(resource, perPod.multiply(BigDecimal.valueOf(count)));
          }
        }
        if (needed.isEmpty()) {
          continue;
        }
        List<String> why = new ArrayList<>();
        boolean fits = false;
        Set<String> keys = new HashSet<>();
        for (FlavorQuotas flavor : NullFree.list(group.getFlavors())) {
          ResourceFlavor known = flavor == null ? null : flavors.get(flavor.getName());
          if (known != null && known.getSpec() != null) {
            keys.addAll(known.getSpec().getNodeLabels().keySet());
          }
        }
        for (FlavorQuotas flavor : NullFree.list(group.getFlavors())) {
          if (flavor == null) {
            continue;
          }
          Optional<String> refusal =
              refusal(flavors.get(flavor.getName()), keys, template.spec(), flavor, needed, cohort);
          if (refusal.isEmpty()) {
            fits = true;
            break;
          }
          why.add("\"" + flavor.getName() + "\" " + refusal.get());
        }
        if (!fits) {
          context.report(
              object,
              template.specPath(),
              ""
                  + (count > 1
                      ? "its " + count + " pods, admitted together, need "
                      : "a pod needs ")
                  + describe(needed)
                  + ", but no flavor of "
                  + Subject.of(queue)
                  + " can hold "
                  + (count > 1 ? "them" : "it")
                  + " ("
                  + String.join("; ", why)
                  + "); Kueue never admits the workload",
              "raise the nominalQuota or borrowingLimit of "
                  + Subject.of(queue)
                  + ", place the pods where a flavor fits, or make the pods smaller");
        }
      }
    }
  }

  /** Why a flavor cannot hold the pod set, or empty when it can. */
  private static Optional<String> refusal(
      @Nullable ResourceFlavor known,
      Set<String> keys,
      PodSpec spec,
      FlavorQuotas flavor,
      Map<String, BigDecimal> needed,
      boolean cohort) {
    if (known != null && known.getSpec() != null) {
      Map<String, String> labels = known.getSpec().getNodeLabels();
      if (!selects(spec, labels, keys)) {
        return Optional.of("has node labels " + new TreeMap<>(labels) + " the pods do not select");
      }
      List<Toleration> tolerations = new ArrayList<>(NodeSelection.tolerations(spec));
      tolerations.addAll(known.getSpec().getTolerations());
      for (Taint taint : known.getSpec().getNodeTaints()) {
        if (taint != null
            && NodeSelection.repels(taint)
            && tolerations.stream()
                .noneMatch(t -> t != null && NodeSelection.tolerates(t, taint))) {
          return Optional.of(
              "has node taint "
                  + taint.getKey()
                  + ":"
                  + taint.getEffect()
                  + " the pods do not tolerate");
        }
      }
    }
    List<String> over = new ArrayList<>();
    needed.forEach(
        (resource, amount) -> {
          Optional<BigDecimal> most = most(flavor, resource, cohort);
          if (most.isPresent() && amount.compareTo(most.get()) > 0) {
            over.add("allows at most " + Sched.quantity(resource, most.get()) + " " + resource);
          }
        });
    return over.isEmpty() ? Optional.empty() : Optional.of(String.join(", ", over));
  }

  /**
   * The most of a resource a queue can use in a flavor: nominal + borrowing; empty if unbounded.
   */
  private static Optional<BigDecimal> most(FlavorQuotas flavor, String resource, boolean cohort) {
    return flavor.getResources().stream()
        .filter(q -> q != null && resource.equals(q.getName()))
        .findFirst()
        .flatMap(
            quota -> {
              Optional<BigDecimal> nominal = Sched.amount(quota.getNominalQuota());
              if (nominal.isEmpty()) {
                return Optional.empty();
              }
              if (!cohort) {
                return nominal;
              }
              return Sched.amount(quota.getBorrowingLimit()).map(nominal.get()::add);
            });
  }

  /**
   * Whether the pod's node selector and required affinity, restricted to the label keys the group's
   * flavors use, admit a node with the flavor's labels (how Kueue matches flavors).
   */
  static boolean selects(PodSpec spec, Map<String, String> labels, Set<String> keys) {
    if (spec.getNodeSelector() != null) {
      for (Map.Entry<String, String> entry : spec.getNodeSelector().entrySet()) {
        if (keys.contains(entry.getKey()) && !entry.getValue().equals(labels.get(entry.getKey()))) {
          return false;
        }
      }
    }
    List<NodeSelectorTerm> terms = NodeSelection.requiredTerms(spec);
    if (terms.isEmpty()) {
      return true;
    }
    for (NodeSelectorTerm term : terms) {
      List<NodeSelectorRequirement> relevant =
          term.getMatchExpressions() == null
              ? List.of()
              : term.getMatchExpressions().stream()
                  .filter(e -> e != null && keys.contains(e.getKey()))
                  .toList();
      if (relevant.stream()
          .allMatch(
              e -> NodeSelection.matches(e.getKey(), e.getOperator(), e.getValues(), labels))) {
        return true;
      }
    }
    return false;
  }

  private static String describe(Map<String, BigDecimal> needed) {
    List<String> parts = new ArrayList<>();
    needed.forEach(
        (resource, amount) -> parts.add(Sched.quantity(resource, amount) + " " + resource));
    return parts.size() == 1
        ? parts.get(0)
        : String.join(", ", parts.subList(0, parts.size() - 1))
            + " and "
            + parts.get(parts.size() - 1);
  }
}
