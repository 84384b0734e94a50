package io.gpuspec.sharing;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.gpuspec.core.Fleet;
import io.gpuspec.core.GpuCatalogue;
import io.gpuspec.core.GpuModel;
import io.gpuspec.core.InvalidSpecException;
import io.gpuspec.core.NodePool;
import io.gpuspec.core.TestGpuspec;
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
import net.jqwik.api.Tuple;

/**
 * One home for the sharing of pools: the pools' device-plugin configs gathered with {@code
 * DevicePluginConfigMap.ofPools(..).build()} are refused if and only if the rules, run on the
 * ConfigMap rendered unchecked with the pools as the fleet, report an error, and what {@code
 * build()} throws is that finding (same id, object, path, words). The inputs vary the GPU model,
 * the GPUs per node, the sharing strategy and the replicas, so that the limit a pool's GPU sets
 * (SHR003: 16 MPS clients below compute capability 7.5) is reached; the pools themselves build,
 * since what their nodes advertise does not depend on that limit.
 */
class PoolSharingOneHomeProperties {

  /** One shared pool as generated. */
  record PoolSpec(GpuModel model, int gpus, boolean mps, int replicas) {

    NodePool build(int index) {
      String config = "config-" + index;
      return NodePool.named("pool-" + index)
          .model(model)
          .gpusPerNode(gpus)
          .nodeCount(2)
          .sharing(
              mps ? GpuSharing.mps(config, replicas) : GpuSharing.timeSlicing(config, replicas))
          .build();
    }
  }

  @Provide
  Arbitrary<List<PoolSpec>> pools() {
    Arbitrary<PoolSpec> pool =
        Combinators.combine(
                Arbitraries.frequencyOf(
                    Tuple.of(2, Arbitraries.of(GpuCatalogue.V100_16GB, GpuCatalogue.V100_32GB)),
                    Tuple.of(1, Arbitraries.of(GpuCatalogue.T4, GpuCatalogue.L4))),
                Arbitraries.integers().between(1, 4),
                Arbitraries.of(true, false),
                Arbitraries.frequencyOf(
                    Tuple.of(1, Arbitraries.integers().between(2, 16)),
                    Tuple.of(1, Arbitraries.integers().between(17, 48))))
            .as(PoolSpec::new);
    return pool.list().ofMinSize(1).ofMaxSize(2);
  }

  @Property(tries = 300)
  void devicePluginConfigMapOfPools_buildRefusesIffARuleDoesWithThePoolsAsTheFleet(
      @ForAll("pools") List<PoolSpec> specs) {
    List<NodePool> pools = new ArrayList<>();
    for (int i = 0; i < specs.size(); i++) {
      pools.add(specs.get(i).build(i));
    }
    Optional<InvalidSpecException> refusal =
        OneHome.refusal(() -> DevicePluginConfigMap.ofPools("plugin", pools).build());
    ConfigMap rendered =
        DevicePluginConfigMap.ofPools("plugin", pools).buildUnchecked().toConfigMap();
    OneHome.assertAgrees(TestGpuspec.GPUSPEC, refusal, List.of(rendered), Fleet.of(pools));
    if (refusal.isEmpty()) {
      assertThat(DevicePluginConfigMap.ofPools("plugin", pools).build().toConfigMap())
          .isEqualTo(rendered);
    }
    OneHome.coverBothOutcomes(refusal);
  }
}
