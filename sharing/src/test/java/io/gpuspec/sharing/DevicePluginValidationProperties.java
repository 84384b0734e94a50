package io.gpuspec.sharing;

import static org.assertj.core.api.Assertions.assertThat;

import io.gpuspec.core.GpuCatalogue;
import io.gpuspec.core.GpuModel;
import io.gpuspec.core.InvalidSpecException;
import io.gpuspec.core.NodePool;
import io.gpuspec.core.report.Finding;
import io.gpuspec.core.report.ObjectRef;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Assume;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.statistics.Statistics;

/**
 * Random device-plugin settings, valid or not: building them (checking them against a GPU model,
 * and into a ConfigMap) succeeds exactly when they satisfy the facts, restated here from the device
 * plugin docs.
 */
class DevicePluginValidationProperties {

  private static final Set<String> VALID_NAMES =
      Set.of("nvidia.com/gpu", "nvidia.com/mig-1g.10gb", "nvidia.com/mig-3g.40gb", "gpu");
  private static final List<String> NAMES =
      List.of(
          "nvidia.com/gpu",
          "nvidia.com/mig-1g.10gb",
          "nvidia.com/mig-3g.40gb",
          "gpu",
          "nvidia.com/GPU",
          "example.com/gpu");

  record RawResource(String name, int replicas, int renameMode, int devicesMode) {}

  record Raw(
      Optional<MigStrategy> migStrategy,
      SharingStrategy strategy,
      boolean renameByDefault,
      List<RawResource> resources,
      GpuModel model) {}

  @Provide
  Arbitrary<Raw> raw() {
    Arbitrary<String> name =
        Arbitraries.frequencyOf(
            Tuple.of(6, Arbitraries.just(NAMES.get(0))),
            Tuple.of(4, Arbitraries.of(NAMES.subList(1, 3))),
            Tuple.of(2, Arbitraries.of(NAMES.subList(3, NAMES.size()))));
    Arbitrary<Integer> replicas =
        Arbitraries.frequencyOf(
            Tuple.of(1, Arbitraries.integers().between(-1, 1)),
            Tuple.of(6, Arbitraries.integers().between(2, 48)),
            Tuple.of(1, Arbitraries.integers().between(49, 60)));
    Arbitrary<Integer> mode = Arbitraries.frequency(Tuple.of(6, 0), Tuple.of(2, 1), Tuple.of(1, 2));
    Arbitrary<RawResource> resource =
        Combinators.combine(name, replicas, mode, mode).as(RawResource::new);
    return Combinators.combine(
            Arbitraries.of(MigStrategy.class).optional(0.8),
            Arbitraries.of(SharingStrategy.class),
            Arbitraries.of(true, false),
            Arbitraries.frequencyOf(
                Tuple.of(1, resource.list().ofSize(0)),
                Tuple.of(6, resource.list().ofSize(1)),
                Tuple.of(3, resource.list().ofMinSize(2).ofMaxSize(3))),
            Arbitraries.of(GpuCatalogue.defaults().models()))
        .as(Raw::new);
  }

  /** Builds the config from the raw settings and checks it against the model. */
  private static void build(Raw raw) {
    SharingConfig.Builder sharing =
        SharingConfig.builder().strategy(raw.strategy()).renameByDefault(raw.renameByDefault());
    for (RawResource r : raw.resources()) {
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
    raw.migStrategy().ifPresent(config::migStrategy);
    DevicePluginConfigMap configMap =
        DevicePluginConfigMap.builder().name("plugin").putConfig("t4", config.build()).build();
    List<Finding> onTheModel =
        DevicePluginConfigFacts.mpsClientsOnPools(
            configMap.toConfigMap(),
            List.of(new ConfigSelector("pool \"t4\"", "t4", raw.model(), Optional.empty())));
    InvalidSpecException.requireNone("SHR003", ObjectRef.of(configMap.toConfigMap()), onTheModel);
  }

  /** The facts: GPU-FACTS §4 and §5 and the device plugin's handling of rename and devices. */
  private static boolean satisfiesTheFacts(Raw raw) {
    MigStrategy mig = raw.migStrategy().orElse(MigStrategy.NONE);
    boolean mps = raw.strategy() == SharingStrategy.MPS;
    if (raw.resources().isEmpty()) {
      return false; // nothing to share
    }
    if (mps && mig == MigStrategy.MIXED) {
      return false; // MPS is not supported with migStrategy mixed
    }
    int mpsLimit =
        new BigDecimal(raw.model().computeCapability()).compareTo(new BigDecimal("7.5")) >= 0
            ? 48
            : 16;
    Set<String> seen = new java.util.HashSet<>();
    for (RawResource r : raw.resources()) {
      String qualified = r.name().contains("/") ? r.name() : "nvidia.com/" + r.name();
      if (VALID_NAMES.contains(r.name()) && !seen.add(qualified)) {
        return false; // a resource listed twice (the plugin qualifies a bare name)
      }
    }
    for (RawResource r : raw.resources()) {
      String qualified = r.name().contains("/") ? r.name() : "nvidia.com/" + r.name();
      boolean migResource = r.name().startsWith("nvidia.com/mig-");
      if (!VALID_NAMES.contains(r.name()) || r.replicas() < 2) {
        return false;
      }
      if (migResource && (mps || mig != MigStrategy.MIXED)) {
        return false; // MIG resources exist only under mixed, and MPS does not share them
      }
      if (mps && r.replicas() > mpsLimit) {
        return false; // 48 MPS clients per GPU, 16 before compute capability 7.5
      }
      boolean defaultRename =
          raw.renameByDefault() && (r.name() + ".shared").equals(qualified + ".shared");
      if (r.renameMode() == 2 || (r.renameMode() == 1 && !defaultRename)) {
        return false; // the plugin ignores a rename other than <name>.shared by default
      }
      if (r.devicesMode() == 2) {
        return false; // the plugin ignores a device list
      }
    }
    return true;
  }

  @Property(tries = 2000)
  void acceptsExactlyTheConfigsThatSatisfyTheFacts(@ForAll("raw") Raw raw) {
    boolean accepted;
    try {
      build(raw);
      accepted = true;
    } catch (InvalidSpecException e) {
      accepted = false;
      assertThat(e.getMessage()).matches("(?s)[^:]+: .+; .+");
    }
    assertThat(accepted).as("%s", raw).isEqualTo(satisfiesTheFacts(raw));
    Statistics.collect(accepted ? "accepted" : "rejected");
    Statistics.coverage(
        coverage -> {
          coverage.check("accepted").percentage(p -> p >= 5);
          coverage.check("rejected").percentage(p -> p >= 30);
        });
  }

  @Property(tries = 500)
  void advertisedCount_isPhysicalGpusTimesReplicas(
      @ForAll("models") GpuModel model,
      @ForAll @IntRange(min = 1, max = 8) int gpusPerNode,
      @ForAll @IntRange(min = 2, max = 48) int replicas,
      @ForAll SharingStrategy strategy,
      @ForAll boolean renameByDefault) {
    int limit =
        new BigDecimal(model.computeCapability()).compareTo(new BigDecimal("7.5")) >= 0 ? 48 : 16;
    Assume.that(strategy == SharingStrategy.TIME_SLICING || replicas <= limit);
    DevicePluginConfig config =
        DevicePluginConfig.builder()
            .sharing(
                SharingConfig.builder()
                    .strategy(strategy)
                    .renameByDefault(renameByDefault)
                    .addResources(SharedResource.of("nvidia.com/gpu", replicas))
                    .build())
            .build();
    NodePool pool =
        NodePool.named("shared").model(model).gpusPerNode(gpusPerNode).nodeCount(3).build();
    AdvertisedResources advertised = AdvertisedResources.of(pool, config);
    String name = renameByDefault ? "nvidia.com/gpu.shared" : "nvidia.com/gpu";
    assertThat(advertised.perNode()).containsExactly(Map.entry(name, gpusPerNode * replicas));
    assertThat(advertised.perPool()).containsExactly(Map.entry(name, 3 * gpusPerNode * replicas));
  }

  @Provide
  Arbitrary<GpuModel> models() {
    return Arbitraries.of(GpuCatalogue.defaults().models());
  }
}
