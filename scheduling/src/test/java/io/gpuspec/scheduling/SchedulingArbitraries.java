package io.gpuspec.scheduling;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.gpuspec.core.GpuCatalogue;
import io.gpuspec.core.GpuModel;
import io.gpuspec.core.Labels;
import io.gpuspec.core.ManifestSource;
import io.gpuspec.core.NodePool;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;

/**
 * jqwik generators of valid platform policies: GPU pools from the catalogue, teams with GPU quotas
 * per pool (borrowing and lending only in a cohort, lending at most the nominal quota), Volcano
 * queue shares (guarantee ≤ deserved ≤ capability) and priority tiers.
 */
final class SchedulingArbitraries {

  private static final Set<String> STANDARD_TIERS =
      Set.of("inference-critical", "training-normal", "experiment-low");

  private SchedulingArbitraries() {}

  /** A team's GPU quota in one flavor: nominal, and limits that may be absent. */
  record GpuQuota(int nominal, Optional<Integer> borrowing, Optional<Integer> lending) {}

  /** A team: quotas per pool (in pool order), CPU and memory, Volcano share, gang size. */
  record TeamSpec(
      String name,
      List<GpuQuota> quotas,
      int cpu,
      int memoryGi,
      int weight,
      int guarantee,
      int deserved,
      int capability,
      int gangPods) {}

  /** A whole policy, as plain parameters so it can be built more than once. */
  record PolicySpec(
      List<NodePool> pools, List<TeamSpec> teams, boolean cohort, PriorityTier userTier) {

    KueuePolicy kueue() {
      List<KueueFlavor> flavors = pools.stream().map(p -> KueueFlavor.forPool(p).build()).toList();
      KueuePolicy.Builder policy = KueuePolicy.builder().addAllFlavors(flavors);
      for (TeamSpec team : teams) {
        KueueClusterQueue.Builder queue =
            KueueClusterQueue.named(team.name()).addNamespace(team.name());
        if (cohort) {
          queue.cohort("gpu");
        }
        queue.resourceGroup(
            g -> {
              g.covers("cpu", "memory", "nvidia.com/gpu");
              for (int i = 0; i < flavors.size(); i++) {
                GpuQuota quota = team.quotas().get(i);
                g.flavor(
                    flavors.get(i),
                    f ->
                        f.quota("cpu", Integer.toString(team.cpu()))
                            .quota("memory", team.memoryGi() + "Gi")
                            .quota(
                                "nvidia.com/gpu",
                                Integer.toString(quota.nominal()),
                                q -> {
                                  if (cohort) {
                                    quota
                                        .borrowing()
                                        .map(String::valueOf)
                                        .ifPresent(q::borrowingLimit);
                                    quota.lending().map(String::valueOf).ifPresent(q::lendingLimit);
                                  }
                                  return q;
                                }));
              }
              return g;
            });
        policy.addClusterQueues(queue.build());
        policy.addLocalQueues(
            KueueLocalQueue.named("training")
                .namespace(team.name())
                .clusterQueue(team.name())
                .build());
      }
      return policy.addAllWorkloadPriorities(tiers().tiers()).build();
    }

    PriorityTiers tiers() {
      return PriorityTiers.builder()
          .addAllTiers(PriorityTiers.standard().tiers())
          .addTiers(userTier)
          .build();
    }

    List<Team> tenants() {
      return teams.stream()
          .map(
              t ->
                  Team.named(t.name())
                      .addMemberGroup(t.name() + "-members")
                      .gpus(t.quotas().stream().mapToInt(GpuQuota::nominal).sum())
                      .cpu(Integer.toString(t.cpu() * pools.size()))
                      .memory(t.memoryGi() * pools.size() + "Gi")
                      .build())
          .toList();
    }

    List<VolcanoQueue> volcanoQueues() {
      return teams.stream()
          .map(
              t ->
                  VolcanoQueue.named(t.name())
                      .weight(t.weight())
                      .putCapability("nvidia.com/gpu", Integer.toString(t.capability()))
                      .putDeserved("nvidia.com/gpu", Integer.toString(t.deserved()))
                      .putGuarantee("nvidia.com/gpu", Integer.toString(t.guarantee()))
                      .reclaimable(true)
                      .build())
          .toList();
    }

    List<Gang> gangs() {
      return teams.stream()
          .map(
              t ->
                  Gang.named(t.name() + "-gang")
                      .namespace(t.name())
                      .pods(t.gangPods())
                      .putPerPod("nvidia.com/gpu", Integer.toString(pools.get(0).gpusPerNode()))
                      .queue(t.name())
                      .priority(PriorityTier.trainingNormal())
                      .build())
          .toList();
    }

    StorageTiers storage() {
      return StorageTiers.forNamespace(teams.get(0).name())
          .putDataset("data", "1Ti")
          .putCheckpoint("ckpt", "100Gi")
          .build();
    }

    /** Every object of the policy. */
    List<HasMetadata> render() {
      List<ManifestSource> sources = new ArrayList<>();
      sources.add(tiers());
      sources.add(kueue());
      sources.addAll(tenants());
      sources.addAll(volcanoQueues());
      sources.addAll(gangs());
      sources.add(storage());
      return sources.stream().flatMap(s -> s.toManifests().stream()).toList();
    }
  }

  static Arbitrary<String> dnsLabels() {
    return Arbitraries.strings()
        .withCharRange('a', 'z')
        .numeric()
        .withChars('-')
        .ofMinLength(1)
        .ofMaxLength(20)
        .filter(Labels::isDns1123Label);
  }

  static Arbitrary<GpuModel> models() {
    return Arbitraries.of(GpuCatalogue.defaults().models());
  }

  static Arbitrary<List<NodePool>> pools() {
    return dnsLabels()
        .list()
        .uniqueElements()
        .ofMinSize(1)
        .ofMaxSize(3)
        .flatMap(
            names ->
                Combinators.combine(
                        models().list().ofSize(names.size()),
                        Arbitraries.integers().between(1, 8).list().ofSize(names.size()),
                        Arbitraries.of(true, false).list().ofSize(names.size()))
                    .as(
                        (models, gpus, dedicated) -> {
                          List<NodePool> pools = new ArrayList<>();
                          for (int i = 0; i < names.size(); i++) {
                            pools.add(
                                NodePool.named(names.get(i))
                                    .model(models.get(i))
                                    .gpusPerNode(gpus.get(i))
                                    .nodeCount(1 + i)
                                    .dedicated(dedicated.get(i))
                                    .build());
                          }
                          return pools;
                        }));
  }

  static Arbitrary<GpuQuota> gpuQuotas() {
    return Arbitraries.integers()
        .between(0, 64)
        .flatMap(
            nominal ->
                Combinators.combine(
                        Arbitraries.integers().between(0, 64).optional(),
                        Arbitraries.integers().between(0, nominal).optional())
                    .as((borrowing, lending) -> new GpuQuota(nominal, borrowing, lending)));
  }

  static Arbitrary<TeamSpec> teams(String name, int pools) {
    Arbitrary<int[]> shares =
        Arbitraries.integers()
            .between(0, 128)
            .list()
            .ofSize(3)
            .map(l -> l.stream().sorted().mapToInt(i -> i).toArray());
    return Combinators.combine(
            gpuQuotas().list().ofSize(pools),
            Arbitraries.integers().between(1, 512),
            Arbitraries.integers().between(1, 4096),
            Arbitraries.integers().between(1, 65_535),
            shares,
            Arbitraries.integers().between(1, 64))
        .as(
            (quotas, cpu, memory, weight, gdc, pods) ->
                new TeamSpec(name, quotas, cpu, memory, weight, gdc[0], gdc[1], gdc[2], pods));
  }

  static Arbitrary<PriorityTier> userTiers() {
    return Combinators.combine(
            dnsLabels().filter(n -> !STANDARD_TIERS.contains(n) && !n.startsWith("system-")),
            Arbitraries.integers().between(-1_000, 1_000_000_000),
            Arbitraries.of(PriorityTier.PreemptionPolicy.values()))
        .as(
            (name, value, policy) ->
                PriorityTier.named(name).value(value).preemptionPolicy(policy).build());
  }

  static Arbitrary<PolicySpec> policies() {
    return pools()
        .flatMap(
            pools ->
                dnsLabels()
                    .list()
                    .uniqueElements()
                    .ofMinSize(1)
                    .ofMaxSize(4)
                    .flatMap(
                        names ->
                            Combinators.combine(
                                    Combinators.combine(
                                            names.stream()
                                                .map(n -> teams(n, pools.size()))
                                                .toList())
                                        .as(List::copyOf),
                                    Arbitraries.of(true, false),
                                    userTiers())
                                .as(
                                    (teams, cohort, tier) ->
                                        new PolicySpec(pools, teams, cohort, tier))));
  }
}
