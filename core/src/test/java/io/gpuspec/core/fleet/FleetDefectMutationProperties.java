package io.gpuspec.core.fleet;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.AffinityBuilder;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.NodeSelectorRequirementBuilder;
import io.fabric8.kubernetes.api.model.NodeSelectorTerm;
import io.fabric8.kubernetes.api.model.ObjectMeta;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.gpuspec.core.Fleet;
import io.gpuspec.core.GpuArbitraries;
import io.gpuspec.core.NodeGroup;
import io.gpuspec.core.NodePool;
import io.gpuspec.core.TestGpuspec;
import io.gpuspec.core.TrainingJob;
import io.gpuspec.core.k8s.NodeSelection;
import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.report.Violation;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Assume;
import net.jqwik.api.ForAll;
import net.jqwik.api.Label;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * For each of the fleet check's findings, a mutation that introduces exactly its defect into a Job
 * the DSL placed on a random pool (whose nodes' names the fleet knows) is reported with its id,
 * while the Job unmutated is not: a pin by {@code matchFields} to an absent node (FLEET001), a
 * PodGroup gang larger than the pool (FLEET002), and the same pods without a gang (FLEET003, never
 * FLEET002).
 */
class FleetDefectMutationProperties {

  /** A pool and a Job placed on it. */
  record Case(NodePool pool, TrainingJob job) {

    /** The pool as a node group whose nodes are named {@code <pool>-0}, {@code <pool>-1}, ... */
    Fleet fleet() {
      NodeGroup group = pool.toNodeGroup();
      List<String> names = new ArrayList<>();
      for (int i = 0; i < group.nodeCount(); i++) {
        names.add(pool.name() + "-" + i);
      }
      return Fleet.ofGroups(
          List.of(
              new NodeGroup(
                  group.name(),
                  group.nodeCount(),
                  group.labels(),
                  group.taints(),
                  group.allocatable(),
                  names)));
    }

    Job rendered() {
      return job.toManifests().stream()
          .filter(Job.class::isInstance)
          .map(Job.class::cast)
          .findFirst()
          .orElseThrow();
    }

    /** How many of the Job's pods the pool holds at once, as the check counts them. */
    long capacity() {
      return TestGpuspec.GPUSPEC
          .checkFleet(fleet(), ManifestSet.of(rendered()))
          .placements()
          .get(0)
          .capacity();
    }
  }

  @Provide
  Arbitrary<Case> cases() {
    return GpuArbitraries.pools()
        .filter(p -> p.sharing().isEmpty())
        .flatMap(pool -> GpuArbitraries.jobs(pool).map(job -> new Case(pool, job)));
  }

  private static List<Violation> check(Case c, HasMetadata job) {
    return TestGpuspec.GPUSPEC.checkFleet(c.fleet(), ManifestSet.of(job)).violations();
  }

  private static List<String> ids(List<Violation> violations) {
    return violations.stream().map(Violation::ruleId).toList();
  }

  @Property(tries = 100)
  @Label("a Job pinned by matchFields to a node the fleet does not have never schedules: FLEET001")
  void pinToAnAbsentNode_isFleet001(@ForAll("cases") Case c) {
    Assume.that(check(c, c.rendered()).isEmpty());
    Job job = c.rendered();
    PodSpec spec = job.getSpec().getTemplate().getSpec();
    List<NodeSelectorTerm> terms = new ArrayList<>(NodeSelection.requiredTerms(spec));
    if (terms.isEmpty()) {
      terms.add(new NodeSelectorTerm());
    }
    for (NodeSelectorTerm term : terms) {
      term.setMatchFields(
          List.of(
              new NodeSelectorRequirementBuilder()
                  .withKey("metadata.name")
                  .withOperator("In")
                  .withValues(c.pool().name() + "-absent")
                  .build()));
    }
    spec.setAffinity(
        new AffinityBuilder()
            .withNewNodeAffinity()
            .withNewRequiredDuringSchedulingIgnoredDuringExecution()
            .withNodeSelectorTerms(terms)
            .endRequiredDuringSchedulingIgnoredDuringExecution()
            .endNodeAffinity()
            .build());
    assertThat(ids(check(c, job))).contains(FleetReport.NEVER_SCHEDULES);
  }

  /** The Job with one pod more than the pool holds, in a PodGroup when {@code gang}. */
  private static Job larger(Case c, boolean gang) {
    Job job = c.rendered();
    int pods = (int) c.capacity() + 1;
    job.getSpec().setParallelism(pods);
    job.getSpec().setCompletions(pods);
    if (gang) {
      ObjectMeta meta = job.getSpec().getTemplate().getMetadata();
      Map<String, String> annotations =
          meta.getAnnotations() == null ? new HashMap<>() : new HashMap<>(meta.getAnnotations());
      annotations.put("scheduling.k8s.io/group-name", job.getMetadata().getName());
      meta.setAnnotations(annotations);
    }
    return job;
  }

  @Property(tries = 100)
  @Label("a PodGroup gang one pod larger than the pool never starts: FLEET002")
  void gangLargerThanThePool_isFleet002(@ForAll("cases") Case c) {
    Assume.that(check(c, c.rendered()).isEmpty());
    assertThat(check(c, larger(c, true)))
        .singleElement()
        .satisfies(
            v -> {
              assertThat(v.ruleId()).isEqualTo(FleetReport.GANG_TOO_LARGE);
              assertThat(v.severity()).isEqualTo(Severity.ERROR);
            });
  }

  @Property(tries = 100)
  @Label("independent pods one more than the pool holds run in waves: FLEET003, never FLEET002")
  void independentPodsLargerThanThePool_runInWaves(@ForAll("cases") Case c) {
    Assume.that(check(c, c.rendered()).isEmpty());
    assertThat(check(c, larger(c, false)))
        .singleElement()
        .satisfies(
            v -> {
              assertThat(v.ruleId()).isEqualTo(FleetReport.RUNS_IN_WAVES);
              assertThat(v.severity()).isEqualTo(Severity.WARNING);
            });
  }
}
