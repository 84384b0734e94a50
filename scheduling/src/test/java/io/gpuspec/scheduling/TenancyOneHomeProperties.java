package io.gpuspec.scheduling;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.gpuspec.core.Fleet;
import io.gpuspec.core.InvalidSpecException;
import io.gpuspec.core.TestGpuspec;
import io.gpuspec.testing.OneHome;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * The builders of queueing and tenancy ({@link KueueWorkload}, {@link Team}): {@code build()}
 * refuses the spec if and only if the rules report an error on it rendered unchecked, with the same
 * finding (see {@link OneHome}). Inputs are valid names, quantities and rendered workloads.
 */
class TenancyOneHomeProperties {

  private static final Fleet FLEET = Fleet.of(Fixtures.A100_TRAIN, Fixtures.H100_TRAIN);

  @Provide
  Arbitrary<HasMetadata> workloads() {
    Arbitrary<String> namespaces = Arbitraries.of("ml", "vision");
    return Arbitraries.oneOf(
        namespaces.map(ns -> Workloads.job("resnet", ns, 2, 8)),
        namespaces.map(ns -> Workloads.deployment("llm", ns, 1, 1)),
        namespaces.map(ns -> Workloads.pytorch("bert", ns, 2, 2, null)));
  }

  /**
   * The workload and its LocalQueue rendered together: the queue is the set's only LocalQueue, so
   * one the workload cannot use is an error.
   */
  @Property(tries = 150)
  void kueueWorkload_buildRefusesIffARuleDoes(
      @ForAll("workloads") HasMetadata workload,
      @ForAll("queueNamespaces") String queueNamespace,
      @ForAll boolean prioritised) {
    KueueLocalQueue queue =
        KueueLocalQueue.named("training").namespace(queueNamespace).clusterQueue("team").build();
    KueueWorkload.Builder builder = KueueWorkload.of(workload).queue(queue);
    if (prioritised) {
      builder.priority(PriorityTier.trainingNormal());
    }
    Optional<InvalidSpecException> refusal = OneHome.refusal(builder::build);
    List<HasMetadata> unchecked = new ArrayList<>(builder.buildUnchecked().toManifests());
    unchecked.addAll(queue.toManifests());
    OneHome.assertAgrees(TestGpuspec.GPUSPEC, refusal, unchecked, FLEET);
    OneHome.coverBothOutcomes(refusal);
  }

  @Provide
  Arbitrary<String> queueNamespaces() {
    return Arbitraries.of("ml", "vision");
  }

  @Property(tries = 150)
  void team_buildRefusesIffARuleDoes(
      @ForAll("memories") String defaultRequest,
      @ForAll("memories") String defaultLimit,
      @ForAll("gpuCounts") int gpus,
      @ForAll boolean migQuota) {
    Team.Builder builder =
        Team.named("vision")
            .addMemberGroup("vision-researchers")
            .gpus(gpus)
            .cpu("256")
            .memory("2Ti")
            .defaultMemoryRequest(defaultRequest)
            .defaultMemoryLimit(defaultLimit);
    if (migQuota) {
      builder.putExtendedQuota("nvidia.com/mig-1g.10gb", 14);
    }
    Optional<InvalidSpecException> refusal = OneHome.refusal(builder::build);
    OneHome.assertAgrees(
        TestGpuspec.GPUSPEC, refusal, builder.buildUnchecked().toManifests(), FLEET);
    OneHome.coverBothOutcomes(refusal);
  }

  @Provide
  Arbitrary<String> memories() {
    return Arbitraries.of("512Mi", "1Gi", "1024Mi", "4Gi", "8Gi");
  }

  @Provide
  Arbitrary<Integer> gpuCounts() {
    return Arbitraries.integers().between(0, 16);
  }
}
