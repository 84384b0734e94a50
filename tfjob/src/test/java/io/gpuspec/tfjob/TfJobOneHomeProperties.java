package io.gpuspec.tfjob;

import static org.assertj.core.api.Assertions.assertThat;

import io.gpuspec.core.Fleet;
import io.gpuspec.core.GpuArbitraries;
import io.gpuspec.core.InvalidSpecException;
import io.gpuspec.core.NodePool;
import io.gpuspec.core.TestGpuspec;
import io.gpuspec.core.check.CheckOptions;
import io.gpuspec.testing.OneHome;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * One home for every TFJob fact: over random DSL inputs that are not about the DSL's own shape,
 * {@code build()} refuses a job if and only if the rules, run on the job rendered unchecked with
 * its pool as the fleet and warnings as errors, find an error; and what {@code build()} throws is a
 * finding the rules report (same id, path, message and fix).
 */
class TfJobOneHomeProperties {

  /** Which coordinating replica specs a job has. */
  enum Coordinator {
    NONE,
    CHIEF,
    MASTER,
    BOTH
  }

  /**
   * The inputs of one job: the job's pool, and optionally another pool (of the same or another GPU
   * model) for the coordinating replicas.
   */
  record Spec(
      NodePool pool,
      Optional<NodePool> coordinatorPool,
      Coordinator coordinator,
      int coordinatorReplicas,
      int coordinatorGpus,
      int workers,
      int workerGpus,
      int ps,
      Optional<Integer> minAvailable) {

    TfJob.Builder builder() {
      TfJob.Builder job = TfJob.named("job").namespace("ml").onPool(pool).backoffLimit(3);
      if (coordinator == Coordinator.CHIEF || coordinator == Coordinator.BOTH) {
        job.addReplicaSpec(coordinator(ReplicaType.CHIEF));
      }
      if (coordinator == Coordinator.MASTER || coordinator == Coordinator.BOTH) {
        job.addReplicaSpec(coordinator(ReplicaType.MASTER));
      }
      job.addReplicaSpec(replica(ReplicaType.WORKER, workers, workerGpus));
      if (ps > 0) {
        job.addReplicaSpec(replica(ReplicaType.PS, ps, 0));
      }
      minAvailable.ifPresent(min -> job.schedulingPolicy(s -> s.minAvailable(min)));
      return job;
    }

    /** The pools the rules see as the fleet. */
    Fleet fleet() {
      List<NodePool> pools = new ArrayList<>(List.of(pool));
      coordinatorPool.ifPresent(pools::add);
      return Fleet.of(pools);
    }

    private TfReplica coordinator(ReplicaType type) {
      TfReplica.Builder replica = builder(type, coordinatorReplicas, coordinatorGpus);
      coordinatorPool.ifPresent(replica::onPool);
      return replica.build();
    }

    private static TfReplica replica(ReplicaType type, int replicas, int gpus) {
      return builder(type, replicas, gpus).build();
    }

    private static TfReplica.Builder builder(ReplicaType type, int replicas, int gpus) {
      return TfReplica.builder(type)
          .replicas(replicas)
          .image(TfFixtures.IMAGE)
          .gpus(gpus)
          .restartPolicy(RestartPolicy.ON_FAILURE);
    }
  }

  @Provide
  Arbitrary<Spec> specs() {
    Arbitrary<List<Optional<NodePool>>> pools =
        Combinators.combine(
                TfJobArbitraries.pools("train").map(Optional::of),
                TfJobArbitraries.pools("other").optional(0.3))
            .as(List::of)
            .filter(p -> GpuArbitraries.formAFleet(p.stream().flatMap(Optional::stream).toList()));
    return pools.flatMap(
        pair -> {
          NodePool pool = pair.get(0).orElseThrow();
          Optional<NodePool> coordinatorPool = pair.get(1);
          Arbitrary<Integer> gpus = Arbitraries.integers().between(1, pool.gpusPerNode());
          return Combinators.combine(
                  Arbitraries.of(Coordinator.values()),
                  Arbitraries.integers().between(1, 2),
                  Arbitraries.integers()
                      .between(
                          0,
                          Math.max(
                                  pool.gpusPerNode(),
                                  coordinatorPool.map(NodePool::gpusPerNode).orElse(0))
                              + 1),
                  Arbitraries.integers().between(1, 3),
                  gpus,
                  Arbitraries.integers().between(0, 1),
                  Arbitraries.integers().between(1, 8).optional())
              .as(
                  (coordinator, replicas, coordinatorGpus, workers, workerGpus, ps, min) ->
                      new Spec(
                          pool,
                          coordinatorPool,
                          coordinator,
                          replicas,
                          coordinatorGpus,
                          workers,
                          workerGpus,
                          ps,
                          min));
        });
  }

  @Property(tries = 300)
  void buildRefuses_iffTheRulesFindAnError_withTheRulesFinding(@ForAll("specs") Spec spec) {
    // refused by buildUnchecked(): the DSL's own shape or a core check, not a TFJob fact
    TfJob unchecked = OneHome.unchecked(() -> spec.builder().buildUnchecked());
    Optional<InvalidSpecException> refusal = OneHome.refusal(() -> spec.builder().build());
    OneHome.assertAgrees(
        TestGpuspec.GPUSPEC,
        refusal,
        List.of(unchecked.toTfJob()),
        CheckOptions.builder().fleet(spec.fleet()).strict(true).build());
    if (refusal.isEmpty()) {
      assertThat(spec.builder().build().toTfJob()).isEqualTo(unchecked.toTfJob());
    }
    OneHome.collectOutcome(refusal);
  }

  /** The property's inputs reach every TFJob fact: each one refuses some generated job. */
  @Property(tries = 1)
  void everyFactIsReachable() {
    NodePool pool = TfFixtures.A100_TRAIN;
    Optional<NodePool> none = Optional.empty();
    List<String> refusedBy =
        List.of(
                new Spec(pool, none, Coordinator.BOTH, 1, 1, 1, 1, 0, Optional.empty()),
                new Spec(pool, none, Coordinator.CHIEF, 1, 2, 1, 1, 0, Optional.empty()),
                new Spec(pool, none, Coordinator.NONE, 1, 1, 2, 1, 0, Optional.of(3)),
                new Spec(
                    pool,
                    Optional.of(TfFixtures.H100_TRAIN),
                    Coordinator.CHIEF,
                    1,
                    1,
                    1,
                    1,
                    0,
                    Optional.empty()))
            .stream()
            .map(
                spec ->
                    OneHome.refusal(() -> spec.builder().build())
                        .map(e -> e.ruleId().orElse("shape"))
                        .orElse("accepted"))
            .toList();
    assertThat(refusedBy).containsExactly("TFJ002", "TFJ004", "TFJ006", "GPU004");
  }
}
