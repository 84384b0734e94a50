package io.gpuspec.scheduling.internal.rules;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.ResourceQuota;
import io.gpuspec.core.Fleet;
import io.gpuspec.core.NodeGroup;
import io.gpuspec.core.k8s.GpuResources;
import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.spi.BaseRule;
import io.gpuspec.core.spi.CheckContext;
import io.gpuspec.core.spi.RuleInfo;
import io.gpuspec.core.spi.Subject;
import io.gpuspec.scheduling.internal.support.KueueQuotas;
import io.gpuspec.scheduling.model.kueue.ResourceFlavor;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * SCH016 (warning, needs a fleet): the GPU quotas of all teams together are at most the fleet's
 * GPUs. Summed are the namespaces' {@code requests.nvidia.com/gpu} ResourceQuotas (the lowest one
 * per namespace), and separately the Kueue {@code nominalQuota}s of {@code nvidia.com/gpu} over
 * every ClusterQueue and Cohort, in total and per ResourceFlavor whose node labels select node
 * groups of the fleet. Quota beyond the GPUs that exist is a promise the cluster cannot keep: teams
 * are told they may use GPUs that are busy elsewhere, and a queue's guaranteed share is not
 * guaranteed (https://kueue.sigs.k8s.io/docs/concepts/cluster_queue/). Overcommitting on purpose is
 * possible, hence a warning.
 */
public final class GpuQuotaWithinFleet extends BaseRule {

  private static final String GPU = GpuResources.NVIDIA_GPU;
  private static final String QUOTA_KEY = "requests." + GPU;

  public GpuQuotaWithinFleet() {
    super(
        RuleInfo.builder()
            .id("SCH016")
            .severity(Severity.WARNING)
            .title("GPU quotas summed over teams are at most the fleet's GPUs")
            .why(
                "Quota above the GPUs that exist promises teams GPUs that are not there, so"
                    + " guaranteed shares are not guaranteed.")
            .fix("Lower the quotas, or grow the fleet, so that they add up to at most its GPUs.")
            .addKinds("ResourceQuota", "ClusterQueue", "Cohort")
            .documentation(
                "https://kubernetes.io/docs/concepts/policy/resource-quotas/#resource-quota-for-extended-resources")
            .build());
  }

  /** One quota holder's GPUs, where they are written. */
  private record Share(HasMetadata owner, String path, BigDecimal gpus, String label) {}

  @Override
  public void check(ManifestSet manifests, CheckContext context) {
    Optional<Fleet> fleet = context.fleet();
    if (fleet.isEmpty()) {
      return;
    }
    BigDecimal total = gpus(fleet.get().groups());
    overcommit(
        context,
        namespaceQuotas(manifests),
        total,
        "the fleet",
        "The namespaces' ResourceQuotas of " + QUOTA_KEY);
    List<Share> kueue = new ArrayList<>();
    Map<String, List<Share>> byFlavor = new LinkedHashMap<>();
    for (HasMetadata owner : KueueQuotas.owners(manifests)) {
      for (KueueQuotas.Entry entry : KueueQuotas.entries(owner)) {
        if (!GPU.equals(entry.resourceName())) {
          continue;
        }
        Optional<BigDecimal> nominal = Sched.amount(entry.quota().getNominalQuota());
        if (nominal.isEmpty() || nominal.get().signum() == 0) {
          continue;
        }
        Share share =
            new Share(
                owner,
                entry.path() + ".nominalQuota",
                nominal.get(),
                Subject.of(owner) + " in \"" + entry.flavorName() + "\"");
        kueue.add(share);
        byFlavor.computeIfAbsent(entry.flavorName(), f -> new ArrayList<>()).add(share);
      }
    }
    overcommit(context, kueue, total, "the fleet", "Kueue's nominalQuotas of " + GPU);
    for (ResourceFlavor flavor : manifests.ofType(ResourceFlavor.class)) {
      List<Share> shares = byFlavor.get(Subject.name(flavor));
      if (shares == null
          || flavor.getSpec() == null
          || flavor.getSpec().getNodeLabels().isEmpty()) {
        continue;
      }
      Map<String, String> labels = flavor.getSpec().getNodeLabels();
      List<NodeGroup> selected =
          fleet.get().groups().stream()
              .filter(
                  g ->
                      labels.entrySet().stream()
                          .allMatch(e -> e.getValue().equals(g.labels().get(e.getKey()))))
              .toList();
      if (!selected.isEmpty()) {
        overcommit(
            context,
            shares,
            gpus(selected),
            "the nodes the flavor selects (" + names(selected) + ")",
            "Kueue's nominalQuotas of " + GPU + " in flavor \"" + Subject.name(flavor) + "\"");
      }
    }
  }

  private static List<Share> namespaceQuotas(ManifestSet manifests) {
    Map<String, Share> lowest = new LinkedHashMap<>();
    for (ResourceQuota quota : manifests.ofType(ResourceQuota.class)) {
      if (quota.getSpec() == null
          || quota.getSpec().getHard() == null
          || (quota.getSpec().getScopes() != null && !quota.getSpec().getScopes().isEmpty())
          || quota.getSpec().getScopeSelector() != null) {
        continue;
      }
      Quantity hard = quota.getSpec().getHard().get(QUOTA_KEY);
      Optional<BigDecimal> gpus = Sched.amount(hard);
      if (gpus.isEmpty() || gpus.get().signum() == 0) {
        continue;
      }
      String namespace = Subject.namespace(quota);
      Share share =
          new Share(
              quota, "spec.hard[" + QUOTA_KEY + "]", gpus.get(), "namespace \"" + namespace + "\"");
      lowest.merge(namespace, share, (a, b) -> a.gpus().compareTo(b.gpus()) <= 0 ? a : b);
    }
    return List.copyOf(lowest.values());
  }

  /** Reports once, on the share that takes the running sum above what exists. */
  private static void overcommit(
      CheckContext context, List<Share> shares, BigDecimal available, String where, String what) {
    BigDecimal sum = BigDecimal.ZERO;
    for (Share share : shares) {
      sum = sum.add(share.gpus());
      if (sum.compareTo(available) > 0) {
        BigDecimal all = shares.stream().map(Share::gpus).reduce(BigDecimal.ZERO, BigDecimal::add);
        List<String> parts =
            shares.stream().map(s -> s.label() + " " + Sched.quantity(GPU, s.gpus())).toList();
        context.report(
            share.owner(),
            share.path(),
            what
                + " add up to "
                + Sched.quantity(GPU, all)
                + " ("
                + String.join(", ", parts)
                + "), more than the "
                + Sched.quantity(GPU, available)
                + " GPUs of "
                + where
                + "; the teams cannot all use their quota at once",
            "lower the quotas to add up to at most "
                + Sched.quantity(GPU, available)
                + ", or add GPU nodes");
        return;
      }
    }
  }

  private static BigDecimal gpus(List<NodeGroup> groups) {
    BigDecimal total = BigDecimal.ZERO;
    for (NodeGroup group : groups) {
      BigDecimal perNode = group.allocatable().getOrDefault(GPU, BigDecimal.ZERO);
      total = total.add(perNode.multiply(BigDecimal.valueOf(group.nodeCount())));
    }
    return total;
  }

  private static String names(List<NodeGroup> groups) {
    return String.join(", ", groups.stream().map(NodeGroup::name).toList());
  }
}
