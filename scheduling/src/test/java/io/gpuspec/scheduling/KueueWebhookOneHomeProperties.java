package io.gpuspec.scheduling;

import io.gpuspec.core.Fleet;
import io.gpuspec.core.InvalidSpecException;
import io.gpuspec.core.NodeTaint;
import io.gpuspec.core.TestGpuspec;
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
 * The Kueue builders held to Kueue's webhook ({@link KueueFlavor}, {@link KueueCohort}, and {@link
 * KueueClusterQueue}'s weight): {@code build()} refuses the spec if and only if the rules report an
 * error on it rendered unchecked, with the same finding (see {@link OneHome}). Inputs stay within
 * the sizes the CRDs state, which are the DSL's own shape.
 */
class KueueWebhookOneHomeProperties {

  private static final Fleet FLEET = Fleet.of(Fixtures.A100_TRAIN, Fixtures.H100_TRAIN);

  @Provide
  Arbitrary<List<NodeTaint>> taints() {
    // One key, two values, two effects: two taints of one key and effect are common, not rare.
    Arbitrary<NodeTaint> taint =
        Combinators.combine(
                Arbitraries.just("nvidia.com/gpu"),
                Arbitraries.of("present", "training"),
                Arbitraries.of(NodeTaint.Effect.NO_SCHEDULE, NodeTaint.Effect.NO_EXECUTE))
            .as(NodeTaint::new);
    return taint.list().uniqueElements().ofMaxSize(3);
  }

  @Property(tries = 150)
  void kueueFlavor_buildRefusesIffARuleDoes(
      @ForAll("taints") List<NodeTaint> taints, @ForAll boolean injectTolerations) {
    KueueFlavor.Builder builder =
        KueueFlavor.named("a100")
            .putNodeLabel("nvidia.com/gpu.product", "NVIDIA-A100-SXM4-80GB")
            .addAllNodeTaints(taints)
            .injectTolerations(injectTolerations);
    Optional<InvalidSpecException> refusal = OneHome.refusal(builder::build);
    OneHome.assertAgrees(
        TestGpuspec.GPUSPEC, refusal, builder.buildUnchecked().toManifests(), FLEET);
    OneHome.coverBothOutcomes(refusal);
  }

  @Provide
  Arbitrary<Optional<String>> weights() {
    return Arbitraries.of("0", "1n", "0.000000001", "2n", "0.5", "1", "3").optional(0.9);
  }

  @Property(tries = 100)
  void kueueCohort_buildRefusesIffARuleDoes(
      @ForAll("weights") Optional<String> weight, @ForAll boolean parent) {
    KueueCohort.Builder builder = KueueCohort.named("gpu").fairSharingWeight(weight);
    if (parent) {
      builder.parent("org");
    }
    Optional<InvalidSpecException> refusal = OneHome.refusal(builder::build);
    OneHome.assertAgrees(
        TestGpuspec.GPUSPEC, refusal, builder.buildUnchecked().toManifests(), FLEET);
    OneHome.coverBothOutcomes(refusal);
  }

  @Property(tries = 100)
  void kueueClusterQueueWeight_buildRefusesIffARuleDoes(
      @ForAll("weights") Optional<String> weight) {
    KueueClusterQueue.Builder builder =
        KueueClusterQueue.named("team-a")
            .addNamespace("team-a")
            .fairSharingWeight(weight)
            .resourceGroup(g -> g.covers("cpu").flavor("a100-train", f -> f.quota("cpu", "8")));
    Optional<InvalidSpecException> refusal = OneHome.refusal(builder::build);
    OneHome.assertAgrees(
        TestGpuspec.GPUSPEC, refusal, builder.buildUnchecked().toManifests(), FLEET);
    OneHome.coverBothOutcomes(refusal);
  }
}
