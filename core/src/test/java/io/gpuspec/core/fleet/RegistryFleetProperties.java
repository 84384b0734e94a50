package io.gpuspec.core.fleet;

import static org.assertj.core.api.Assertions.assertThat;

import io.gpuspec.core.Fleet;
import io.gpuspec.core.NodeGroup;
import io.gpuspec.core.TestGpuspec;
import io.gpuspec.core.fleet.GangReference.Role;
import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.report.Violation;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

/**
 * The fleet check on kinds of the pod-template registry (a LeaderWorkerSet's leader and workers, a
 * JobSet's two replicated jobs) against the node-by-node {@link GangReference}: the gang fits at
 * once exactly when the reference places all its pods.
 */
class RegistryFleetProperties {

  record Scenario(List<NodeGroup> groups, String kind, List<Role> roles, int copies) {}

  @Provide
  Arbitrary<Scenario> scenarios() {
    Arbitrary<List<NodeGroup>> fleets = GangReference.fleets();
    Arbitrary<Optional<String>> model = Arbitraries.of("a", "b").optional(0.5);
    Arbitrary<Integer> gpus = Arbitraries.integers().between(1, 8);
    Arbitrary<Scenario> lws =
        Combinators.combine(
                fleets,
                Arbitraries.integers().between(2, 4),
                gpus,
                gpus,
                model,
                Arbitraries.integers().between(1, 2))
            .as(
                (groups, size, leaderGpus, workerGpus, pin, copies) ->
                    new Scenario(
                        groups,
                        "LeaderWorkerSet",
                        List.of(
                            new Role("Leader", 1, leaderGpus, pin),
                            new Role("Worker", size - 1, workerGpus, pin)),
                        copies));
    Arbitrary<Scenario> jobSet =
        Combinators.combine(
                fleets,
                Arbitraries.integers().between(1, 3),
                Arbitraries.integers().between(1, 3),
                gpus,
                gpus,
                model)
            .as(
                (groups, drivers, workers, driverGpus, workerGpus, pin) ->
                    new Scenario(
                        groups,
                        "JobSet",
                        List.of(
                            new Role("driver", drivers, driverGpus, pin),
                            new Role("workers", workers, workerGpus, pin)),
                        1));
    return Arbitraries.oneOf(lws, jobSet);
  }

  private static String template(Role role, String indent) {
    return indent
        + "spec:\n"
        + role.model().map(m -> indent + "  nodeSelector: {gpu.model: " + m + "}\n").orElse("")
        + indent
        + "  containers:\n"
        + indent
        + "  - {name: c, image: t:1, resources: {limits: {nvidia.com/gpu: \""
        + role.gpus()
        + "\"}}}\n";
  }

  static String yaml(Scenario s) {
    Role first = s.roles().get(0);
    Role second = s.roles().get(1);
    if (s.kind().equals("LeaderWorkerSet")) {
      return "apiVersion: leaderworkerset.x-k8s.io/v1\nkind: LeaderWorkerSet\n"
          + "metadata: {name: serve, namespace: ml}\n"
          + "spec:\n  replicas: "
          + s.copies()
          + "\n  leaderWorkerTemplate:\n    size: "
          + (second.pods() + 1)
          + "\n    leaderTemplate:\n"
          + template(first, "      ")
          + "    workerTemplate:\n"
          + template(second, "      ");
    }
    return "apiVersion: jobset.x-k8s.io/v1alpha2\nkind: JobSet\n"
        + "metadata: {name: train, namespace: ml}\nspec:\n  replicatedJobs:\n"
        + job(first)
        + job(second);
  }

  private static String job(Role role) {
    return "  - name: "
        + role.name()
        + "\n    replicas: "
        + role.pods()
        + "\n    template:\n      spec:\n        template:\n"
        + template(role, "          ");
  }

  private static FleetReport check(Scenario s) {
    return TestGpuspec.GPUSPEC.checkFleet(
        Fleet.ofGroups(s.groups()),
        ManifestSet.of(TestGpuspec.read(yaml(s), "gang.yaml").manifests().objects()));
  }

  @Property(tries = 500)
  void gangFit_agreesWithTheNodeByNodeReference(@ForAll("scenarios") Scenario scenario) {
    FleetReport report = check(scenario);
    // each template's pods of every gang, on their own (the per-template check)
    boolean eachAlone =
        scenario.roles().stream()
            .allMatch(
                r ->
                    GangReference.fits(
                        List.of(
                            new Role(r.name(), r.pods() * scenario.copies(), r.gpus(), r.model())),
                        scenario.groups()));
    assertThat(report.placements())
        .extracting(FleetReport.Placement::role)
        .containsExactlyElementsOf(scenario.roles().stream().map(Role::name).toList());
    if (!eachAlone) {
      assertThat(report.gangs()).isEmpty();
      assertThat(report.violations()).isNotEmpty();
      return;
    }
    boolean together = GangReference.fits(scenario.roles(), scenario.groups());
    assertThat(report.gangs())
        .singleElement()
        .satisfies(g -> assertThat(g.fits()).contains(together));
    assertThat(report.violations())
        .extracting(Violation::ruleId)
        .isEqualTo(together ? List.of() : List.of(FleetReport.GANG_TOO_LARGE));
  }

  @Test
  void leaderAndWorkerThatEachFitOneNodeButNotTogether_areOneGangThatDoesNotFit() {
    Scenario scenario =
        new Scenario(
            List.of(
                new NodeGroup(
                    "h100",
                    1,
                    Map.of("gpu.model", "a"),
                    List.of(),
                    Map.of("nvidia.com/gpu", BigDecimal.valueOf(8)))),
            "LeaderWorkerSet",
            List.of(
                new Role("Leader", 1, 8, Optional.of("a")),
                new Role("Worker", 1, 8, Optional.of("a"))),
            1);
    List<Violation> violations = check(scenario).violations();
    assertThat(violations)
        .singleElement()
        .satisfies(
            v -> {
              assertThat(v.ruleId()).isEqualTo(FleetReport.GANG_TOO_LARGE);
              assertThat(v.path()).isEqualTo("spec.leaderWorkerTemplate.leaderTemplate.spec");
              assertThat(v.message())
                  .isEqualTo(
                      "LeaderWorkerSet/ml/serve: its gang"
                          + " (Leader 1, Worker 1 pods) cannot run at once: each pod fits a pool"
                          + " on its own, but the fleet's nodes cannot hold all of them together");
            });
  }

  @Test
  void aRoleThatFitsNoPool_isNamedInTheFinding() {
    Scenario scenario =
        new Scenario(
            List.of(
                new NodeGroup(
                    "a100",
                    2,
                    Map.of("gpu.model", "a"),
                    List.of(),
                    Map.of("nvidia.com/gpu", BigDecimal.valueOf(8)))),
            "JobSet",
            List.of(
                new Role("driver", 1, 1, Optional.of("a")),
                new Role("workers", 2, 8, Optional.of("b"))),
            1);
    assertThat(check(scenario).violations())
        .singleElement()
        .satisfies(
            v -> {
              assertThat(v.ruleId()).isEqualTo(FleetReport.NEVER_SCHEDULES);
              assertThat(v.message()).contains(" workers can never schedule: pool a100: ");
              assertThat(v.path()).isEqualTo("spec.replicatedJobs[1].template.spec.template.spec");
            });
  }
}
