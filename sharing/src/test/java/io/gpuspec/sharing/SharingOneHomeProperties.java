package io.gpuspec.sharing;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.gpuspec.core.Fleet;
import io.gpuspec.core.InvalidSpecException;
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
import net.jqwik.api.Tuple;

/**
 * The proof that SHR001 to SHR004 have one home: {@code DevicePluginConfigMap.build()} refuses a
 * ConfigMap if and only if the rules, run on it rendered without the facts, report an error, and
 * what it throws is the finding a rule reports (same id, object, path, words). Inputs vary the MIG
 * strategy, the sharing strategy and the shared resources (names, replicas, renames, device lists,
 * repeats), never the DSL's own shape.
 */
class SharingOneHomeProperties {

  /** One shared resource as generated. */
  record ResourceSpec(String name, int replicas, int renameMode, int devicesMode) {}

  /** One config as generated. */
  record ConfigSpec(
      Optional<MigStrategy> migStrategy,
      SharingStrategy strategy,
      boolean renameByDefault,
      List<ResourceSpec> resources) {}

  @Provide
  Arbitrary<List<ConfigSpec>> configs() {
    Arbitrary<String> name =
        Arbitraries.frequencyOf(
            Tuple.of(8, Arbitraries.just("nvidia.com/gpu")),
            Tuple.of(2, Arbitraries.of("nvidia.com/mig-1g.10gb", "nvidia.com/mig-3g.40gb")),
            Tuple.of(2, Arbitraries.of("gpu", "nvidia.com/GPU", "example.com/gpu")));
    Arbitrary<Integer> replicas =
        Arbitraries.frequencyOf(
            Tuple.of(1, Arbitraries.integers().between(-1, 1)),
            Tuple.of(8, Arbitraries.integers().between(2, 48)),
            Tuple.of(1, Arbitraries.integers().between(49, 60)));
    Arbitrary<Integer> mode =
        Arbitraries.frequency(Tuple.of(12, 0), Tuple.of(2, 1), Tuple.of(1, 2));
    Arbitrary<ResourceSpec> resource =
        Combinators.combine(name, replicas, mode, mode).as(ResourceSpec::new);
    Arbitrary<ConfigSpec> config =
        Combinators.combine(
                Arbitraries.of(MigStrategy.class).optional(0.5),
                Arbitraries.of(SharingStrategy.class),
                Arbitraries.of(true, false),
                Arbitraries.frequencyOf(
                    Tuple.of(1, resource.list().ofSize(0)),
                    Tuple.of(12, resource.list().ofSize(1)),
                    Tuple.of(3, resource.list().ofMinSize(2).ofMaxSize(3))))
            .as(ConfigSpec::new);
    return config.list().ofMinSize(1).ofMaxSize(2);
  }

  private static DevicePluginConfig config(ConfigSpec spec) {
    SharingConfig.Builder sharing =
        SharingConfig.builder().strategy(spec.strategy()).renameByDefault(spec.renameByDefault());
    for (ResourceSpec r : spec.resources()) {
      SharedResource.Builder resource =
          SharedResource.builder().name(r.name()).replicas(r.replicas());
      if (r.renameMode() == 1) {
        resource.rename(r.name() + ".shared");
      } else if (r.renameMode() == 2) {
        resource.rename("nvidia.com/other");
      }
      if (r.devicesMode() == 1) {
        resource.devices(DeviceSelection.all());
      } else if (r.devicesMode() == 2) {
        resource.devices(DeviceSelection.indices(0, 1));
      }
      sharing.addResources(resource.build());
    }
    DevicePluginConfig.Builder config = DevicePluginConfig.builder().sharing(sharing.build());
    spec.migStrategy().ifPresent(config::migStrategy);
    return config.build();
  }

  @Property(tries = 300)
  void devicePluginConfigMap_buildRefusesIffARuleDoes(@ForAll("configs") List<ConfigSpec> specs) {
    DevicePluginConfigMap.Builder builder = DevicePluginConfigMap.builder().name("plugin");
    for (int i = 0; i < specs.size(); i++) {
      builder.putConfig("config-" + i, config(specs.get(i)));
    }
    Optional<InvalidSpecException> refusal = OneHome.refusal(builder::build);
    ConfigMap rendered = builder.buildUnchecked().toConfigMap();
    OneHome.assertAgrees(TestGpuspec.GPUSPEC, refusal, List.of(rendered), Fleet.of());
    OneHome.coverBothOutcomes(refusal);
  }
}
