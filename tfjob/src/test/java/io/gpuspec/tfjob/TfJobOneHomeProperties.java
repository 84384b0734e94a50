package io.gpuspec.tfjob;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.gpuspec.core.Fleet;
import io.gpuspec.core.InvalidSpecException;
import io.gpuspec.core.NodePool;
import io.gpuspec.core.TestGpuspec;
import io.gpuspec.core.check.CheckOptions;
import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.report.Finding;
import io.gpuspec.core.report.Report;
import io.gpuspec.core.report.Violation;
import java.util.List;
import java.util.Optional;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Assume;
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

  /** The inputs of one job. */
  record Spec(
      NodePool pool,
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
        job.addReplicaSpec(replica(ReplicaType.CHIEF, coordinatorReplicas, coordinatorGpus));
      }
      if (coordinator == Coordinator.MASTER || coordinator == Coordinator.BOTH) {
        job.addReplicaSpec(replica(ReplicaType.MASTER, coordinatorReplicas, coordinatorGpus));
      }
      job.addReplicaSpec(replica(ReplicaType.WORKER, workers, workerGpus));
      if (ps > 0) {
        job.addReplicaSpec(replica(ReplicaType.PS, ps, 0));
      }
      minAvailable.ifPresent(min -> job.schedulingPolicy(s -> s.minAvailable(min)));
      return job;
    }

    private static TfReplica replica(ReplicaType type, int replicas, int gpus) {
      return TfReplica.builder(type)
          .replicas(replicas)
          .image(TfFixtures.IMAGE)
          .gpus(gpus)
          .restartPolicy(RestartPolicy.ON_FAILURE)
          .build();
    }
  }

  @Provide
  Arbitrary<Spec> specs() {
    return TfJobArbitraries.pools("train")
        .flatMap(
            pool -> {
              Arbitrary<Integer> gpus = Arbitraries.integers().between(1, pool.gpusPerNode());
              return Combinators.combine(
                      Arbitraries.of(Coordinator.values()),
                      Arbitraries.integers().between(1, 2),
                      Arbitraries.integers().between(0, pool.gpusPerNode()),
                      Arbitraries.integers().between(1, 3),
                      gpus,
                      Arbitraries.integers().between(0, 1),
                      Arbitraries.integers().between(1, 8).optional())
                  .as(
                      (coordinator, replicas, coordinatorGpus, workers, workerGpus, ps, min) ->
                          new Spec(
                              pool,
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
    TfJob unchecked;
    try {
      unchecked = spec.builder().buildUnchecked();
    } catch (InvalidSpecException shape) {
      Assume.that(false); // refused for the DSL's own shape or a core check, not a TFJob fact
      return;
    }
    Report report =
        TestGpuspec.GPUSPEC
            .engine()
            .check(
                ManifestSet.of(unchecked.toTfJob()),
                CheckOptions.builder().fleet(Fleet.of(spec.pool())).strict(true).build());

    if (!report.hasErrors()) {
      assertThat(spec.builder().build().toTfJob()).isEqualTo(unchecked.toTfJob());
      return;
    }
    assertThatThrownBy(() -> spec.builder().build())
        .isInstanceOfSatisfying(
            InvalidSpecException.class,
            refused -> {
              assertThat(refused.ruleId()).isPresent();
              Finding finding = refused.finding().orElseThrow();
              assertThat(report.errors())
                  .as("the rules report what build() throws")
                  .extracting(TfJobOneHomeProperties::asFinding)
                  .contains(new RuleFinding(refused.ruleId().get(), finding));
            });
  }

  /** A violation as its rule id and finding. */
  record RuleFinding(String ruleId, Finding finding) {}

  private static RuleFinding asFinding(Violation violation) {
    return new RuleFinding(
        violation.ruleId(), new Finding(violation.path(), violation.message(), violation.fix()));
  }

  /** The property's inputs reach every TFJob fact: each one refuses some generated job. */
  @Property(tries = 1)
  void everyFactIsReachable() {
    NodePool pool = TfFixtures.A100_TRAIN;
    List<String> refusedBy =
        List.of(
                new Spec(pool, Coordinator.BOTH, 1, 1, 1, 1, 0, Optional.empty()),
                new Spec(pool, Coordinator.CHIEF, 1, 2, 1, 1, 0, Optional.empty()),
                new Spec(pool, Coordinator.NONE, 1, 1, 2, 1, 0, Optional.of(3)))
            .stream()
            .map(
                spec -> {
                  try {
                    spec.builder().build();
                    return "accepted";
                  } catch (InvalidSpecException e) {
                    return e.ruleId().orElse("shape");
                  }
                })
            .toList();
    assertThat(refusedBy).containsExactly("TFJ002", "TFJ004", "TFJ006");
  }
}
