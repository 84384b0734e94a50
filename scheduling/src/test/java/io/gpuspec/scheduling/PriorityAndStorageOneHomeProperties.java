package io.gpuspec.scheduling;

import io.gpuspec.core.Fleet;
import io.gpuspec.core.InvalidSpecException;
import io.gpuspec.core.TestGpuspec;
import io.gpuspec.testing.OneHome;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * The priority and storage builders ({@link PriorityTier}, {@link PriorityTiers}, {@link
 * StorageTiers}): {@code build()} refuses the spec if and only if the rules report an error on it
 * rendered unchecked, with the same finding (see {@link OneHome}). Names and quantities are valid.
 */
class PriorityAndStorageOneHomeProperties {

  private static final Fleet FLEET = Fleet.of(Fixtures.A100_TRAIN, Fixtures.H100_TRAIN);

  @Provide
  Arbitrary<String> tierNames() {
    return Arbitraries.of("batch", "system-batch", "training-high", "system-gpu", "research");
  }

  @Provide
  Arbitrary<Integer> values() {
    return Arbitraries.oneOf(
        Arbitraries.of(0, 1_000_000_000, 1_000_000_001, Integer.MAX_VALUE),
        Arbitraries.integers().between(-10, 1_100_000_000));
  }

  @Property(tries = 150)
  void priorityTier_buildRefusesIffARuleDoes(
      @ForAll("tierNames") String name,
      @ForAll("values") int value,
      @ForAll boolean never,
      @ForAll boolean globalDefault) {
    PriorityTier.Builder builder =
        PriorityTier.named(name)
            .value(value)
            .globalDefault(globalDefault)
            .preemptionPolicy(
                never
                    ? PriorityTier.PreemptionPolicy.NEVER
                    : PriorityTier.PreemptionPolicy.PREEMPT_LOWER_PRIORITY);
    Optional<InvalidSpecException> refusal = OneHome.refusal(builder::build);
    OneHome.assertAgrees(
        TestGpuspec.GPUSPEC, refusal, builder.buildUnchecked().toManifests(), FLEET);
    OneHome.coverBothOutcomes(refusal);
  }

  /** A tier as generated: name, value and whether it is the global default. */
  record TierSpec(String name, int value, boolean globalDefault) {}

  @Provide
  Arbitrary<List<TierSpec>> tierLists() {
    Arbitrary<TierSpec> tier =
        Combinators.combine(
                Arbitraries.of("inference-critical", "training-normal", "experiment-low", "batch"),
                Arbitraries.integers().between(1, 1_000_000),
                Arbitraries.of(true, false))
            .as(TierSpec::new);
    return tier.list().ofMaxSize(4).uniqueElements(TierSpec::name);
  }

  @Property(tries = 150)
  void priorityTiers_buildRefusesIffARuleDoes(@ForAll("tierLists") List<TierSpec> tiers) {
    PriorityTiers.Builder builder = PriorityTiers.builder();
    for (TierSpec tier : tiers) {
      builder.addTiers(
          PriorityTier.named(tier.name())
              .value(tier.value())
              .globalDefault(tier.globalDefault())
              .build());
    }
    Optional<InvalidSpecException> refusal = OneHome.refusal(builder::build);
    OneHome.assertAgrees(
        TestGpuspec.GPUSPEC, refusal, builder.buildUnchecked().toManifests(), FLEET);
    OneHome.coverBothOutcomes(refusal);
  }

  @Provide
  Arbitrary<Map<String, String>> claims() {
    return Arbitraries.maps(
            Arbitraries.of("imagenet", "coco", "ckpt-a", "ckpt-b"),
            Arbitraries.of("0", "0Gi", "1", "500Gi", "2Ti"))
        .ofMaxSize(2);
  }

  @Property(tries = 150)
  void storageTiers_buildRefusesIffARuleDoes(
      @ForAll("claims") Map<String, String> datasets,
      @ForAll("claims") Map<String, String> checkpoints,
      @ForAll boolean scratchClass) {
    Map<String, String> ownCheckpoints = new java.util.TreeMap<>(checkpoints);
    ownCheckpoints.keySet().removeAll(datasets.keySet()); // a claim in both is the DSL's shape
    StorageTiers.Builder builder =
        StorageTiers.forNamespace("vision")
            .putAllDatasets(datasets)
            .putAllCheckpoints(ownCheckpoints)
            .renderScratchClass(scratchClass);
    Optional<InvalidSpecException> refusal = OneHome.refusal(builder::build);
    OneHome.assertAgrees(
        TestGpuspec.GPUSPEC, refusal, builder.buildUnchecked().toManifests(), FLEET);
    OneHome.coverBothOutcomes(refusal);
  }
}
