package io.gpuspec.sharing;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * Rendering is deterministic and reading gives back the same value: {@code parse(render(x)) == x}
 * for configs built from the domain (fitting MIG layouts of catalogued GPUs, valid sharing
 * settings), also through their ConfigMaps.
 */
class ConfigRoundTripProperties {

  private static final List<String> NAMES =
      List.of("all-1g.10gb", "all-disabled", "custom", "a100.mixed", "x_1", "tesla-t4", "8", "on");

  @Provide
  Arbitrary<MigDeviceGroup> migGroups() {
    Arbitrary<MigGeometry> geometry = Arbitraries.of(MigCatalogue.defaults().geometries());
    return geometry.flatMap(
        known -> {
          Arbitrary<List<String>> filter =
              Arbitraries.of(known.pciDeviceIds()).list().uniqueElements().ofMaxSize(2);
          Arbitrary<DeviceSelection> devices =
              Arbitraries.oneOf(
                  Arbitraries.just(DeviceSelection.all()),
                  Arbitraries.integers()
                      .between(0, 7)
                      .set()
                      .ofMinSize(1)
                      .ofMaxSize(4)
                      .map(set -> DeviceSelection.indices(set.stream().sorted().toList())));
          Arbitrary<Map<String, Integer>> profiles =
              Arbitraries.of(List.copyOf(MigPlacementProperties.fitting(known)));
          Arbitrary<Boolean> enabled = Arbitraries.of(true, true, false);
          return Combinators.combine(filter, devices, profiles, enabled)
              .as(
                  (ids, selection, counts, on) -> {
                    MigDeviceGroup.Builder builder =
                        MigDeviceGroup.builder().addAllDeviceFilter(ids).devices(selection);
                    if (on) {
                      builder.putAllMigDevices(counts);
                    } else {
                      builder.migEnabled(false);
                    }
                    return builder.build();
                  });
        });
  }

  @Provide
  Arbitrary<MigPartedConfig> migPartedConfigs() {
    Arbitrary<MigLayout> layout =
        migGroups()
            .list()
            .ofMinSize(1)
            .ofMaxSize(3)
            .map(groups -> MigLayout.builder().addAllGroups(groups).build());
    return Arbitraries.maps(Arbitraries.of(NAMES), layout)
        .ofMinSize(1)
        .ofMaxSize(4)
        .map(map -> MigPartedConfig.builder().putAllMigConfigs(map).build());
  }

  @Provide
  Arbitrary<DevicePluginConfig> devicePluginConfigs() {
    Arbitrary<MigStrategy> strategy = Arbitraries.of(MigStrategy.class);
    Arbitrary<Boolean> explicitStrategy = Arbitraries.of(true, false);
    Arbitrary<SharingStrategy> sharing = Arbitraries.of(SharingStrategy.class);
    Arbitrary<Boolean> rename = Arbitraries.of(true, false);
    Arbitrary<Integer> fail = Arbitraries.of(-1, 0, 1);
    Arbitrary<Boolean> shares = Arbitraries.of(true, true, false);
    Arbitrary<List<Integer>> replicas =
        Arbitraries.integers().between(2, 48).list().ofMinSize(1).ofMaxSize(3);
    Arbitrary<Boolean> spelledOut = Arbitraries.of(true, false);
    return Combinators.combine(
            strategy, explicitStrategy, sharing, rename, fail, shares, replicas, spelledOut)
        .as(
            (mig, explicit, how, renamed, failMode, share, counts, spelled) -> {
              DevicePluginConfig.Builder config = DevicePluginConfig.builder();
              MigStrategy effective = explicit ? mig : MigStrategy.NONE;
              if (explicit) {
                config.migStrategy(mig);
              }
              if (!share) {
                return config.build();
              }
              SharingStrategy chosen =
                  how == SharingStrategy.MPS && effective == MigStrategy.MIXED
                      ? SharingStrategy.TIME_SLICING
                      : how;
              List<String> names = new ArrayList<>(List.of("nvidia.com/gpu"));
              if (effective == MigStrategy.MIXED && chosen == SharingStrategy.TIME_SLICING) {
                names.addAll(List.of("nvidia.com/mig-1g.10gb", "nvidia.com/mig-3g.40gb"));
              }
              SharingConfig.Builder builder =
                  SharingConfig.builder().strategy(chosen).renameByDefault(renamed);
              if (failMode >= 0) {
                builder.failRequestsGreaterThanOne(failMode == 1);
              }
              for (int i = 0; i < Math.min(counts.size(), names.size()); i++) {
                String name = names.get(i);
                SharedResource.Builder resource =
                    SharedResource.builder().name(name).replicas(counts.get(i));
                if (spelled) {
                  resource.devices(DeviceSelection.all());
                  if (renamed) {
                    resource.rename(name + ".shared");
                  }
                }
                builder.addResources(resource.build());
              }
              return config.sharing(builder.build()).build();
            });
  }

  @Property(tries = 300)
  void migParted_readBackEqualsTheConfig(@ForAll("migPartedConfigs") MigPartedConfig config) {
    String text = config.render();
    Parsed<MigPartedConfig> parsed = MigPartedConfig.parse(text);
    assertThat(parsed.problems()).as(text).isEmpty();
    assertThat(parsed.orThrow()).isEqualTo(config);
  }

  @Property(tries = 200)
  void migParted_renderingIgnoresInsertionOrder(
      @ForAll("migPartedConfigs") MigPartedConfig config) {
    List<Map.Entry<String, MigLayout>> entries = new ArrayList<>(config.migConfigs().entrySet());
    Collections.reverse(entries);
    Map<String, MigLayout> reversed = new LinkedHashMap<>();
    entries.forEach(entry -> reversed.put(entry.getKey(), entry.getValue()));
    MigPartedConfig other = MigPartedConfig.builder().putAllMigConfigs(reversed).build();
    assertThat(other.render()).isEqualTo(config.render());
  }

  @Property(tries = 200)
  void migPartedConfigMap_readBackEqualsTheValue(
      @ForAll("migPartedConfigs") MigPartedConfig config) {
    MigPartedConfigMap configMap =
        MigPartedConfigMap.builder().name("custom-mig").config(config).build();
    assertThat(MigPartedConfigMap.fromConfigMap(configMap.toConfigMap()).orThrow())
        .isEqualTo(configMap);
  }

  @Property(tries = 300)
  void devicePlugin_readBackEqualsTheConfig(
      @ForAll("devicePluginConfigs") DevicePluginConfig config) {
    String text = config.render();
    Parsed<DevicePluginConfig> parsed = DevicePluginConfigReader.read(text);
    assertThat(parsed.problems()).as(text).isEmpty();
    assertThat(parsed.orThrow()).isEqualTo(config);
    assertThat(parsed.orThrow().render()).isEqualTo(text);
  }

  @Property(tries = 200)
  void devicePluginConfigMap_readBackEqualsTheConfigs(
      @ForAll("devicePluginConfigs") DevicePluginConfig first,
      @ForAll("devicePluginConfigs") DevicePluginConfig second) {
    DevicePluginConfigMap configMap =
        DevicePluginConfigMap.builder()
            .name("plugin-config")
            .putConfig("first", first)
            .putConfig("second.one", second)
            .build();
    assertThat(DevicePluginConfigMap.fromConfigMap(configMap.toConfigMap()).orThrow())
        .isEqualTo(configMap);
  }
}
