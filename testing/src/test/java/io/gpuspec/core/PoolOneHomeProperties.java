package io.gpuspec.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.gpuspec.core.check.CheckOptions;
import io.gpuspec.core.check.Gpuspec;
import io.gpuspec.core.fleet.FleetFiles;
import io.gpuspec.core.fleet.FleetRead;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.report.Violation;
import io.gpuspec.testing.OneHome;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;

/**
 * One home for the facts of the pools and the platform: over random DSL inputs that are not about
 * the DSL's own shape, {@code NodePool.build()} and {@code Platform.build()} refuse a spec if and
 * only if what it renders, unchecked, gives an error: its pools as a fleet file read back by the
 * fleet file reader (FLEET010: group names, node counts, labels, taints) and, for a platform, its
 * objects under the rules (K8S012); and what {@code build()} throws is one of those findings (same
 * id, object, path, message and fix).
 */
class PoolOneHomeProperties {

  private static final NodeTaint TEAM_A = new NodeTaint("team", "a", NodeTaint.Effect.NO_SCHEDULE);
  private static final NodeTaint TEAM_B = new NodeTaint("team", "b", NodeTaint.Effect.NO_SCHEDULE);
  private static final NodeTaint TEAM_A_EXECUTE =
      new NodeTaint("team", "a", NodeTaint.Effect.NO_EXECUTE);

  /** The inputs of one pool. */
  record PoolSpec(
      String name,
      GpuModel model,
      LabelScheme scheme,
      int gpus,
      int nodes,
      Map<String, String> extraLabels,
      List<NodeTaint> taints,
      boolean dedicated) {

    NodePool.Builder builder() {
      NodePool.Builder pool =
          NodePool.named(name)
              .model(model)
              .labelScheme(scheme)
              .gpusPerNode(gpus)
              .nodeCount(nodes)
              .dedicated(dedicated)
              .putAllExtraLabels(extraLabels);
      if (!taints.isEmpty()) {
        pool.taints(taints.toArray(NodeTaint[]::new));
      }
      return pool;
    }
  }

  @Provide
  Arbitrary<PoolSpec> pools() {
    return Combinators.combine(
            Arbitraries.frequencyOf(
                Tuple.of(5, GpuArbitraries.dnsLabels()),
                Tuple.of(1, Arbitraries.of("A100_Train", "-a100", "a100.train", "a".repeat(64)))),
            GpuArbitraries.models(),
            GpuArbitraries.schemes(),
            Arbitraries.integers().between(1, 8),
            Arbitraries.of(1, 2, 4, 16, 1_000_000, 0, -1, 1_000_001),
            Arbitraries.of(
                Map.<String, String>of(),
                Map.of("zone", "a"),
                Map.of("example.com/rack", "r1"),
                Map.of("bad key", "x"),
                Map.of("zone", "not valid!")),
            Arbitraries.of(
                List.<NodeTaint>of(),
                List.of(NodeTaint.GPU, NodeTaint.DEDICATED_GPU),
                List.of(TEAM_A, TEAM_B),
                List.of(TEAM_A, TEAM_A_EXECUTE)),
            Arbitraries.of(false, true))
        .as(PoolSpec::new);
  }

  @Property(tries = 300)
  void nodePool_buildRefusesIffTheFleetFileReaderFindsAnError(@ForAll("pools") PoolSpec spec) {
    Optional<InvalidSpecException> refusal = OneHome.refusal(() -> spec.builder().build());
    NodePool unchecked = OneHome.unchecked(() -> spec.builder().buildUnchecked());
    FleetRead read = readBack(List.of(unchecked), unchecked.name());
    OneHome.assertAgrees(refusal, errors(read.problems()));
    if (refusal.isEmpty()) {
      NodeGroup group = read.fleet().orElseThrow().groups().get(0);
      assertThat(group.labels()).isEqualTo(unchecked.nodeLabels());
      assertThat(group.nodeCount()).isEqualTo(unchecked.nodeCount());
    }
    OneHome.coverBothOutcomes(refusal);
  }

  /** The inputs of one platform: two jobs on two pools of one model, and maybe a spare pool. */
  record PlatformSpec(
      List<String> poolNames, List<Integer> nodes, List<String> jobNames, boolean spare) {

    Platform.Builder builder() {
      List<NodePool> pools = new ArrayList<>();
      for (int i = 0; i < 2; i++) {
        pools.add(
            NodePool.from(Fixtures.A100_TRAIN)
                .name(poolNames.get(i))
                .nodeCount(nodes.get(i))
                .build());
      }
      Platform.Builder platform = Platform.builder();
      for (int i = 0; i < 2; i++) {
        platform.add(
            TrainingJob.named(jobNames.get(i))
                .namespace("ml")
                .image("trainer:1")
                .gpus(1)
                .onPool(pools.get(i))
                .build());
      }
      if (spare) {
        platform.addPools(NodePool.from(Fixtures.A100_TRAIN).name("spare").nodeCount(1).build());
      }
      return platform;
    }
  }

  @Provide
  Arbitrary<PlatformSpec> platforms() {
    Arbitrary<String> poolName = Arbitraries.of("a100-a", "a100-b", "spare");
    return Combinators.combine(
            poolName.list().ofSize(2),
            Arbitraries.integers().between(1, 2).list().ofSize(2),
            Arbitraries.of("llm", "resnet").list().ofSize(2),
            Arbitraries.of(false, true))
        .as(PlatformSpec::new);
  }

  @Property(tries = 200)
  void platform_buildRefusesIffItsFleetOrItsObjectsGiveAnError(
      @ForAll("platforms") PlatformSpec spec) {
    Optional<InvalidSpecException> refusal = OneHome.refusal(() -> spec.builder().build());
    Platform unchecked = OneHome.unchecked(() -> spec.builder().buildUnchecked());
    List<Violation> errors =
        new ArrayList<>(errors(readBack(unchecked.allPools(), Platform.FLEET_NAME).problems()));
    errors.addAll(
        TestGpuspec.GPUSPEC
            .engine()
            .check(unchecked.manifests(), CheckOptions.defaults())
            .errors());
    OneHome.assertAgrees(refusal, errors);
    if (refusal.isEmpty()) {
      assertThat(spec.builder().build().manifests()).isEqualTo(unchecked.manifests());
    }
    OneHome.coverBothOutcomes(refusal);
  }

  /** The inputs reach the facts: a bad name, count, label and taint pair each refuse a pool. */
  @Example
  void inputsReachTheFacts() {
    PoolSpec good =
        new PoolSpec(
            "a100", GpuCatalogue.A100_80GB, LabelScheme.gfd(), 8, 1, Map.of(), List.of(), false);
    assertThat(good.builder().build().name()).isEqualTo("a100");
    for (PoolSpec bad :
        List.of(
            new PoolSpec("A_B", good.model(), good.scheme(), 8, 1, Map.of(), List.of(), false),
            new PoolSpec("a", good.model(), good.scheme(), 8, 0, Map.of(), List.of(), false),
            new PoolSpec(
                "a", good.model(), good.scheme(), 8, 1, Map.of("bad key", "x"), List.of(), false),
            new PoolSpec(
                "a",
                good.model(),
                good.scheme(),
                8,
                1,
                Map.of(),
                List.of(TEAM_A, TEAM_B),
                false))) {
      assertThatThrownBy(() -> bad.builder().build())
          .isInstanceOfSatisfying(
              InvalidSpecException.class,
              refused -> assertThat(refused.ruleId()).contains("FLEET010"));
    }
  }

  /** The pools as a fleet file named {@code name}, read back by the fleet file reader. */
  private static FleetRead readBack(List<NodePool> pools, String name) {
    String yaml =
        Gpuspec.renderFleet(
            Fleet.ofGroups(pools.stream().map(NodePool::toNodeGroup).toList()), name);
    return FleetFiles.read(TestGpuspec.read(yaml, "fleet.yaml"), List.of(Path.of("fleet.yaml")));
  }

  private static List<Violation> errors(List<Violation> problems) {
    return problems.stream().filter(v -> v.severity() == Severity.ERROR).toList();
  }
}
