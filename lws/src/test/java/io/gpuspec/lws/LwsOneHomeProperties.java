package io.gpuspec.lws;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.gpuspec.core.Fixtures;
import io.gpuspec.core.Fleet;
import io.gpuspec.core.InvalidSpecException;
import io.gpuspec.core.NodePool;
import io.gpuspec.core.TestGpuspec;
import io.gpuspec.core.check.CheckOptions;
import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.report.Violation;
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
 * One home for every LeaderWorkerSet fact: over random groups on random pools, {@code build()}
 * refuses a LeaderWorkerSet if and only if the rules (strict, the pool as the fleet) or the fleet
 * check on the pool find an error on it rendered unchecked; and what {@code build()} throws is one
 * of those findings (same id, path, message and fix).
 */
class LwsOneHomeProperties {

  record Spec(
      NodePool pool,
      int replicas,
      int size,
      int gpus,
      boolean ownLeader,
      int maxUnavailable,
      int maxSurge,
      Optional<LwsGang> gang,
      LeaderWorkerSet.StartupPolicy startup) {

    LeaderWorkerSet.Builder builder() {
      LeaderWorkerSet.Builder lws =
          LeaderWorkerSet.named("serve")
              .namespace("serving")
              .onPool(pool)
              .replicas(replicas)
              .size(size)
              .gpus(gpus)
              .image(LwsDslTest.IMAGE)
              .addCommand("serve")
              .maxUnavailable(maxUnavailable)
              .maxSurge(maxSurge)
              .gang(gang)
              .startupPolicy(startup);
      if (ownLeader) {
        lws.leaderPort(8080);
      }
      return lws;
    }
  }

  @Provide
  Arbitrary<Spec> specs() {
    return Arbitraries.of(Fixtures.A100_TRAIN, Fixtures.H100_TRAIN)
        .flatMap(
            pool ->
                Combinators.combine(
                        Arbitraries.integers().between(0, 3),
                        Arbitraries.integers().between(1, 5),
                        Arbitraries.of(2, 4, 8),
                        Arbitraries.of(true, false),
                        Arbitraries.integers().between(0, 2),
                        Arbitraries.integers().between(0, 1),
                        Arbitraries.of(
                            Optional.<LwsGang>empty(),
                            Optional.of(LwsGang.volcano()),
                            Optional.of(LwsGang.kueue("serving"))),
                        Arbitraries.of(LeaderWorkerSet.StartupPolicy.values()))
                    .as(
                        (replicas, size, gpus, leader, unavailable, surge, gang, startup) ->
                            new Spec(
                                pool,
                                replicas,
                                size,
                                gpus,
                                leader,
                                unavailable,
                                surge,
                                gang,
                                startup)));
  }

  @Property(tries = 200)
  void buildRefuses_iffTheRulesOrTheFleetCheckFindAnError(@ForAll("specs") Spec spec) {
    LeaderWorkerSet unchecked = OneHome.unchecked(() -> spec.builder().buildUnchecked());
    Optional<InvalidSpecException> refusal = OneHome.refusal(() -> spec.builder().build());
    List<HasMetadata> objects = unchecked.toManifests();
    Fleet fleet = Fleet.of(spec.pool());
    List<Violation> errors =
        new ArrayList<>(
            TestGpuspec.GPUSPEC
                .engine()
                .check(
                    ManifestSet.of(objects),
                    CheckOptions.builder().fleet(fleet).strict(true).build())
                .errors());
    errors.addAll(
        TestGpuspec.GPUSPEC.checkFleet(fleet, ManifestSet.of(objects)).violations().stream()
            .filter(v -> v.severity() == io.gpuspec.core.report.Severity.ERROR)
            .toList());
    OneHome.assertAgrees(refusal, errors);
    if (refusal.isEmpty()) {
      assertThat(spec.builder().build().toLeaderWorkerSet())
          .isEqualTo(unchecked.toLeaderWorkerSet());
    }
    OneHome.coverBothOutcomes(refusal);
  }
}
