package io.gpuspec.scheduling;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.gpuspec.core.Fleet;
import io.gpuspec.core.InvalidSpecException;
import io.gpuspec.core.TestGpuspec;
import io.gpuspec.testing.OneHome;
import java.util.List;
import java.util.Optional;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * The gang builders ({@link Gang}, {@link WorkloadGang}): {@code build()} refuses the spec if and
 * only if the rules report an error on it rendered unchecked, with the same finding (see {@link
 * OneHome}). Inputs are valid rendered workloads and gang sizes; never conflicting templates, which
 * are the DSL's own shape.
 */
class GangOneHomeProperties {

  private static final Fleet FLEET = Fleet.of(Fixtures.A100_TRAIN, Fixtures.H100_TRAIN);

  @Property(tries = 150)
  void gang_buildRefusesIffARuleDoes(
      @ForAll("podCounts") int pods, @ForAll boolean queued, @ForAll boolean prioritised) {
    Gang.Builder builder =
        Gang.named("resnet").namespace("ml").pods(pods).putPerPod("nvidia.com/gpu", "8");
    if (queued) {
      builder.queue("research");
    }
    if (prioritised) {
      builder.priority(PriorityTier.trainingNormal());
    }
    Optional<InvalidSpecException> refusal = OneHome.refusal(builder::build);
    OneHome.assertAgrees(
        TestGpuspec.GPUSPEC, refusal, builder.buildUnchecked().toManifests(), FLEET);
    OneHome.coverBothOutcomes(refusal);
  }

  @Provide
  Arbitrary<Integer> podCounts() {
    return Arbitraries.frequencyOf(
        net.jqwik.api.Tuple.of(1, Arbitraries.just(0)),
        net.jqwik.api.Tuple.of(3, Arbitraries.integers().between(1, 6)));
  }

  /** A rendered workload of one of the kinds a gang is made of, with its pods. */
  @Provide
  Arbitrary<HasMetadata> workloads() {
    Arbitrary<HasMetadata> jobs =
        Arbitraries.integers()
            .between(0, 4)
            .map(
                parallelism -> {
                  Job job = Workloads.job("resnet", "ml", 1, 8);
                  job.getSpec().setParallelism(parallelism);
                  job.getSpec().setCompletions(parallelism);
                  return job;
                });
    Arbitrary<HasMetadata> deployments =
        Arbitraries.integers().between(1, 3).map(r -> Workloads.deployment("llm", "ml", r, 1));
    Arbitrary<HasMetadata> pytorch =
        Arbitraries.integers().between(0, 3).map(w -> Workloads.pytorch("bert", "ml", w, 2, null));
    return Arbitraries.oneOf(jobs, deployments, pytorch);
  }

  @Property(tries = 200)
  void workloadGang_buildRefusesIffARuleDoes(
      @ForAll("workloads") HasMetadata workload,
      @ForAll("minMembers") Optional<Integer> minMember,
      @ForAll boolean queued,
      @ForAll boolean prioritised) {
    WorkloadGang.Builder builder = WorkloadGang.of(TestGpuspec.GPUSPEC, workload);
    minMember.ifPresent(builder::minMember);
    if (queued) {
      builder.queue("research");
    }
    if (prioritised) {
      builder.priority(PriorityTier.trainingNormal());
    }
    Optional<InvalidSpecException> refusal = OneHome.refusal(builder::build);
    List<HasMetadata> unchecked = builder.buildUnchecked().toManifests();
    OneHome.assertAgrees(TestGpuspec.GPUSPEC, refusal, unchecked, FLEET);
    OneHome.coverBothOutcomes(refusal);
  }

  @Provide
  Arbitrary<Optional<Integer>> minMembers() {
    return Arbitraries.integers().between(0, 7).optional(0.6); // negative: the DSL's shape
  }
}
