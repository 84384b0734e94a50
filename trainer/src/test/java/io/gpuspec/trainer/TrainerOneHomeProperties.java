package io.gpuspec.trainer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.gpuspec.core.Fixtures;
import io.gpuspec.core.Fleet;
import io.gpuspec.core.InvalidSpecException;
import io.gpuspec.core.NodePool;
import io.gpuspec.core.TestGpuspec;
import io.gpuspec.core.check.CheckOptions;
import io.gpuspec.testing.OneHome;
import java.util.List;
import java.util.Optional;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * One home for every Trainer fact: over random runtimes and TrainJobs, {@code build()} refuses a
 * TrainJob if and only if the rules, run on the runtime and the job rendered unchecked with the
 * runtime's pool as the fleet and warnings as errors, find an error; and what {@code build()}
 * throws is a finding the rules report (same id, path, message and fix).
 */
class TrainerOneHomeProperties {

  record Spec(
      NodePool pool,
      MlFramework framework,
      Optional<GangPolicy> gang,
      int runtimeNodes,
      Optional<Integer> numNodes,
      Optional<Integer> gpusPerNode) {

    TrainerRuntime runtime() {
      return TrainerRuntime.named("rt")
          .onPool(pool)
          .framework(framework)
          .image(TrainerDslTest.IMAGE)
          .numNodes(runtimeNodes)
          .gang(gang)
          .build();
    }

    TrainerJob.Builder job() {
      TrainerJob.Builder job = TrainerJob.named("job").namespace("ml").runtime(runtime());
      numNodes.ifPresent(job::numNodes);
      gpusPerNode.ifPresent(job::gpusPerNode);
      return job;
    }
  }

  @Provide
  Arbitrary<Spec> specs() {
    return Arbitraries.of(Fixtures.A100_TRAIN, Fixtures.H100_TRAIN)
        .flatMap(
            pool ->
                Combinators.combine(
                        Arbitraries.of(MlFramework.values()),
                        Arbitraries.of(
                            Optional.<GangPolicy>empty(),
                            Optional.of(GangPolicy.volcano()),
                            Optional.of(GangPolicy.coscheduling("scheduler-plugins-scheduler"))),
                        Arbitraries.integers().between(1, 2),
                        Arbitraries.integers().between(1, 12).optional(),
                        Arbitraries.integers().between(1, pool.gpusPerNode()).optional())
                    .as(
                        (framework, gang, runtimeNodes, nodes, gpus) ->
                            new Spec(pool, framework, gang, runtimeNodes, nodes, gpus)));
  }

  @Property(tries = 200)
  void buildRefuses_iffTheRulesFindAnError_withTheRulesFinding(@ForAll("specs") Spec spec) {
    TrainerJob unchecked = OneHome.unchecked(() -> spec.job().buildUnchecked());
    Optional<InvalidSpecException> refusal = OneHome.refusal(() -> spec.job().build());
    OneHome.assertAgrees(
        TestGpuspec.GPUSPEC,
        refusal,
        List.of(spec.runtime().toRuntime(), unchecked.toTrainJob()),
        CheckOptions.builder().fleet(Fleet.of(spec.pool())).strict(true).build());
    if (refusal.isEmpty()) {
      assertThat(spec.job().build().toTrainJob()).isEqualTo(unchecked.toTrainJob());
    }
    OneHome.collectOutcome(refusal);
  }

  /** The generated jobs reach the fact: some are refused by it. */
  @Property(tries = 1)
  void nodesFitIsReachable() {
    Spec tooMany =
        new Spec(
            Fixtures.H100_TRAIN,
            MlFramework.TORCH,
            Optional.empty(),
            1,
            Optional.of(3),
            Optional.empty());
    assertThatThrownBy(() -> tooMany.job().build())
        .isInstanceOfSatisfying(
            InvalidSpecException.class, e -> assertThat(e.ruleId()).hasValue("TRN002"));
  }
}
