package io.gpuspec.sharing;

import io.gpuspec.core.GpuCatalogue;
import io.gpuspec.core.GpuModel;
import io.gpuspec.core.LabelScheme;
import io.gpuspec.core.NodePool;
import io.gpuspec.core.PoolPurpose;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Tuple;

/**
 * jqwik generators of valid shared pools, built from the catalogue: time-slicing and MPS within the
 * model's limits, and MIG layouts of one profile the model's geometry offers, at most its maximum.
 */
public final class SharingArbitraries {

  private SharingArbitraries() {}

  /** A valid sharing of a model's GPUs, with this config name. */
  public static Arbitrary<GpuSharing> sharing(GpuModel model, String configName) {
    List<Tuple.Tuple2<Integer, Arbitrary<? extends GpuSharing>>> choices = new ArrayList<>();
    choices.add(Tuple.of(2, replicated(SharingStrategy.TIME_SLICING, configName, 16)));
    choices.add(
        Tuple.of(
            2,
            replicated(SharingStrategy.MPS, configName, DevicePluginConfig.maxMpsReplicas(model))));
    MigCatalogue.defaults()
        .geometry(model)
        .ifPresent(geometry -> choices.add(Tuple.of(4, mig(geometry, configName))));
    return Arbitraries.frequencyOf(choices.toArray(Tuple.Tuple2[]::new));
  }

  private static Arbitrary<GpuSharing> replicated(
      SharingStrategy strategy, String configName, int maxReplicas) {
    return Combinators.combine(
            Arbitraries.integers().between(2, maxReplicas),
            Arbitraries.of(true, false),
            Arbitraries.of(true, false).optional(0.5))
        .as(
            (replicas, renamed, fail) -> {
              SharingConfig.Builder sharing =
                  SharingConfig.builder()
                      .strategy(strategy)
                      .renameByDefault(renamed)
                      .addResources(SharedResource.of("nvidia.com/gpu", replicas));
              fail.ifPresent(sharing::failRequestsGreaterThanOne);
              return GpuSharing.of(
                  configName,
                  DevicePluginConfig.builder()
                      .migStrategy(MigStrategy.NONE)
                      .sharing(sharing.build())
                      .build());
            });
  }

  private static Arbitrary<GpuSharing> mig(MigGeometry geometry, String configName) {
    return Arbitraries.of(geometry.profiles())
        .flatMap(
            profile ->
                Combinators.combine(
                        Arbitraries.integers().between(1, profile.maxCount()),
                        Arbitraries.of(MigStrategy.SINGLE, MigStrategy.MIXED))
                    .as(
                        (count, strategy) ->
                            GpuSharing.mig(
                                configName,
                                strategy,
                                "all-" + profile.name().replace('+', '-') + "-x" + count,
                                MigLayout.uniform(profile.name(), count))));
  }

  /** A pool of a catalogue model with a valid sharing; the config is named after the pool. */
  public static Arbitrary<NodePool> sharedPool(String name) {
    return Arbitraries.of(GpuCatalogue.defaults().models())
        .flatMap(
            model ->
                Combinators.combine(
                        sharing(model, name),
                        Arbitraries.of(LabelScheme.builtIns()),
                        Arbitraries.integers().between(1, 8),
                        Arbitraries.integers().between(1, 4),
                        Arbitraries.of(PoolPurpose.values()))
                    .as(
                        (sharing, scheme, gpus, nodes, purpose) ->
                            NodePool.named(name)
                                .model(model)
                                .labelScheme(scheme)
                                .gpusPerNode(gpus)
                                .nodeCount(nodes)
                                .purpose(purpose)
                                .sharing(sharing)
                                .build()));
  }

  /** One to three shared pools named p0, p1, ... */
  public static Arbitrary<List<NodePool>> sharedPools() {
    return Arbitraries.integers()
        .between(1, 3)
        .flatMap(
            count -> {
              List<Arbitrary<NodePool>> pools = new ArrayList<>();
              for (int i = 0; i < count; i++) {
                pools.add(sharedPool("p" + i));
              }
              return Combinators.combine(pools).as(List::copyOf);
            });
  }

  /** The MIG layout of a pool shared by {@link GpuSharing}, if it has one. */
  public static Optional<MigLayout> layout(NodePool pool) {
    return pool.sharing()
        .filter(GpuSharing.class::isInstance)
        .map(GpuSharing.class::cast)
        .flatMap(GpuSharing::migLayout);
  }
}
