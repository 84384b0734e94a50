package io.gpuspec.scheduling;

import io.gpuspec.core.Fleet;
import io.gpuspec.core.InvalidSpecException;
import io.gpuspec.core.TestGpuspec;
import io.gpuspec.core.check.CheckOptions;
import io.gpuspec.testing.OneHome;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * For every builder of the module whose validity the rules judge: {@code build()} refuses the spec
 * if and only if the rules report an error on it rendered unchecked, and with the same finding (see
 * {@link OneHome}). Inputs vary what the rules judge, never the DSL's own shape (names, sizes and
 * quantities are valid).
 */
class OneHomeProperties {

  private static final Fleet FLEET = Fleet.of(Fixtures.A100_TRAIN, Fixtures.H100_TRAIN);
  private static final List<String> RESOURCES = List.of("cpu", "memory", "pods");

  /** One quota as generated: the resource, nominal quota and optional limits. */
  record QuotaSpec(
      String resource, int nominal, Optional<Integer> borrowing, Optional<Integer> lending) {}

  /** One flavor of a resource group as generated. */
  record FlavorSpec(String name, List<QuotaSpec> quotas) {}

  /** One resource group as generated. */
  record GroupSpec(List<String> covered, List<FlavorSpec> flavors) {}

  @Provide
  Arbitrary<List<GroupSpec>> groups() {
    Arbitrary<List<String>> covered = Arbitraries.of(RESOURCES).list().ofMinSize(1).ofMaxSize(3);
    Arbitrary<QuotaSpec> quota =
        Combinators.combine(
                Arbitraries.of(RESOURCES),
                Arbitraries.integers().between(0, 8),
                Arbitraries.integers().between(0, 8).optional(0.3),
                Arbitraries.integers().between(0, 10).optional(0.4))
            .as(QuotaSpec::new);
    Arbitrary<GroupSpec> group =
        covered.flatMap(
            cover -> {
              // Mostly the covered resources in order, sometimes another list.
              Arbitrary<List<QuotaSpec>> exact =
                  Combinators.combine(
                          Arbitraries.integers().between(0, 8).list().ofSize(cover.size()),
                          Arbitraries.integers()
                              .between(0, 8)
                              .optional(0.3)
                              .list()
                              .ofSize(cover.size()),
                          Arbitraries.integers()
                              .between(0, 10)
                              .optional(0.3)
                              .list()
                              .ofSize(cover.size()))
                      .as(
                          (nominal, borrowing, lending) -> {
                            List<QuotaSpec> quotas = new ArrayList<>();
                            for (int i = 0; i < cover.size(); i++) {
                              quotas.add(
                                  new QuotaSpec(
                                      cover.get(i),
                                      nominal.get(i),
                                      borrowing.get(i),
                                      lending.get(i)));
                            }
                            return quotas;
                          });
              Arbitrary<List<QuotaSpec>> quotas =
                  Arbitraries.frequencyOf(
                      net.jqwik.api.Tuple.of(4, exact),
                      net.jqwik.api.Tuple.of(1, quota.list().ofMinSize(1).ofMaxSize(3)));
              Arbitrary<FlavorSpec> flavor =
                  Combinators.combine(
                          Arbitraries.of("a100-train", "h100-train", "cpu-nodes"), quotas)
                      .as(FlavorSpec::new);
              return flavor.list().ofMinSize(1).ofMaxSize(2).map(f -> new GroupSpec(cover, f));
            });
    return group.list().ofMinSize(1).ofMaxSize(3);
  }

  @Property(tries = 300)
  void kueueClusterQueue_buildRefusesIffARuleDoes(
      @ForAll("groups") List<GroupSpec> groups, @ForAll boolean cohort) {
    KueueClusterQueue.Builder builder = KueueClusterQueue.named("team-a").addNamespace("team-a");
    if (cohort) {
      builder.cohort("gpu");
    }
    for (GroupSpec group : groups) {
      builder.resourceGroup(
          g -> {
            g.covers(group.covered().toArray(String[]::new));
            for (FlavorSpec flavor : group.flavors()) {
              g.flavor(
                  flavor.name(),
                  f -> {
                    for (QuotaSpec quota : flavor.quotas()) {
                      f.quota(
                          quota.resource(),
                          String.valueOf(quota.nominal()),
                          q -> {
                            quota.borrowing().map(String::valueOf).ifPresent(q::borrowingLimit);
                            quota.lending().map(String::valueOf).ifPresent(q::lendingLimit);
                            return q;
                          });
                    }
                    return f;
                  });
            }
            return g;
          });
    }
    Optional<InvalidSpecException> refusal = OneHome.refusal(builder::build);
    OneHome.assertAgrees(
        TestGpuspec.GPUSPEC, refusal, List.of(builder.buildUnchecked().toClusterQueue()), FLEET);
    OneHome.coverBothOutcomes(refusal);
  }

  @Provide
  Arbitrary<Map<String, String>> amounts() {
    return Arbitraries.maps(
            Arbitraries.of("cpu", "memory"),
            Arbitraries.integers().between(0, 12).map(String::valueOf))
        .ofMaxSize(2);
  }

  @Property(tries = 300)
  void volcanoQueue_buildRefusesIffARuleDoes(
      @ForAll("weights") int weight,
      @ForAll("amounts") Map<String, String> capability,
      @ForAll("amounts") Map<String, String> deserved,
      @ForAll("amounts") Map<String, String> guarantee) {
    VolcanoQueue.Builder builder =
        VolcanoQueue.named("research")
            .weight(weight)
            .putAllCapability(capability)
            .putAllDeserved(deserved)
            .putAllGuarantee(guarantee);
    Optional<InvalidSpecException> refusal = OneHome.refusal(builder::build);
    OneHome.assertAgrees(
        TestGpuspec.GPUSPEC, refusal, List.of(builder.buildUnchecked().toQueue()), FLEET);
    OneHome.coverBothOutcomes(refusal);
  }

  @Provide
  Arbitrary<Integer> weights() {
    return Arbitraries.oneOf(
        Arbitraries.of(-1, 0, 1, 65_535, 65_536), Arbitraries.integers().between(-5, 70_000));
  }

  /**
   * A policy as generated: flavors, cluster queues (name to flavors), the namespaces each cluster
   * queue selects (none: all) and local queues' targets.
   */
  record PolicySpec(
      List<String> flavors,
      Map<String, List<String>> clusterQueues,
      Map<String, List<String>> selected,
      List<String> localQueues) {}

  @Provide
  Arbitrary<PolicySpec> policies() {
    List<String> flavorNames = List.of("a100-train", "h100-train", "cpu-nodes");
    // Half the time every flavor, so that the later facts (SCH007, SCH018) are reached too.
    Arbitrary<List<String>> flavors =
        Arbitraries.oneOf(
            Arbitraries.just(flavorNames),
            Arbitraries.of(flavorNames).list().uniqueElements().ofMaxSize(3));
    Arbitrary<Map<String, List<String>>> queues =
        Arbitraries.maps(
                Arbitraries.of("team-a", "team-b"),
                Arbitraries.of(flavorNames).list().uniqueElements().ofMinSize(1).ofMaxSize(2))
            .ofMaxSize(2);
    Arbitrary<Map<String, List<String>>> selected =
        Arbitraries.maps(
                Arbitraries.of("team-a", "team-b"),
                Arbitraries.of("research", "vision")
                    .list()
                    .uniqueElements()
                    .ofMinSize(1)
                    .ofMaxSize(2))
            .ofMaxSize(2);
    Arbitrary<List<String>> locals =
        Arbitraries.of("team-a", "team-b", "team-c").list().ofMaxSize(3);
    return Combinators.combine(flavors, queues, selected, locals).as(PolicySpec::new);
  }

  @Property(tries = 200)
  void kueuePolicy_buildRefusesIffARuleDoes(@ForAll("policies") PolicySpec spec) {
    KueuePolicy.Builder builder = KueuePolicy.builder();
    spec.flavors().forEach(f -> builder.addFlavors(KueueFlavor.named(f).build()));
    new java.util.TreeMap<>(spec.clusterQueues())
        .forEach(
            (name, flavors) ->
                builder.addClusterQueues(
                    KueueClusterQueue.named(name)
                        .addAllNamespaces(spec.selected().getOrDefault(name, List.of()))
                        .resourceGroup(
                            g -> {
                              g.covers("cpu");
                              flavors.forEach(f -> g.flavor(f, q -> q.quota("cpu", "8")));
                              return g;
                            })
                        .build()));
    for (int i = 0; i < spec.localQueues().size(); i++) {
      builder.addLocalQueues(
          KueueLocalQueue.named("queue-" + i)
              .namespace(i % 2 == 0 ? "research" : "vision")
              .clusterQueue(spec.localQueues().get(i))
              .build());
    }
    Optional<InvalidSpecException> refusal = OneHome.refusal(builder::build);
    OneHome.assertAgrees(
        TestGpuspec.GPUSPEC,
        refusal,
        builder.buildUnchecked().toManifests(),
        CheckOptions.builder().fleet(FLEET).strict(true).build());
    OneHome.coverBothOutcomes(refusal);
  }

  @Property(tries = 200)
  void volcanoPodGroup_buildRefusesIffARuleDoes(
      @ForAll("minMembers") int minMember, @ForAll("amounts") Map<String, String> minResources) {
    VolcanoPodGroup.Builder builder =
        VolcanoPodGroup.named("resnet")
            .namespace("ml")
            .minMember(minMember)
            .putAllMinResources(minResources);
    Optional<InvalidSpecException> refusal = OneHome.refusal(builder::build);
    OneHome.assertAgrees(
        TestGpuspec.GPUSPEC, refusal, List.of(builder.buildUnchecked().toPodGroup()), FLEET);
    OneHome.coverBothOutcomes(refusal);
  }

  @Provide
  Arbitrary<Integer> minMembers() {
    // A negative count is the DSL's shape; 0 (a group that gangs nothing) a quarter of the time.
    return Arbitraries.frequencyOf(
        net.jqwik.api.Tuple.of(1, Arbitraries.just(0)),
        net.jqwik.api.Tuple.of(3, Arbitraries.integers().between(1, 6)));
  }
}
