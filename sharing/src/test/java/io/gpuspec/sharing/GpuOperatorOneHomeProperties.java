package io.gpuspec.sharing;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.gpuspec.core.Fleet;
import io.gpuspec.core.InvalidSpecException;
import io.gpuspec.core.TestGpuspec;
import io.gpuspec.testing.OneHome;
import java.util.List;
import java.util.Optional;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Assume;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;

/**
 * The proof that SHR020 to SHR023 have one home for the DSL: {@code GpuOperatorValues.build()}
 * refuses values if and only if the rules, run on what the chart deploys from the values rendered
 * without the facts (and the ConfigMaps beside them), report an error, and what it throws is the
 * finding a rule reports. Inputs vary the configs' own MIG strategies and sharing, the default
 * config, the mig-parted layouts, the namespaces, {@code create} and the operator's strategy.
 */
class GpuOperatorOneHomeProperties {

  /** One device-plugin config as generated. */
  record PluginSpec(
      Optional<MigStrategy> ownStrategy,
      SharingStrategy sharing,
      boolean defaultPresent,
      String namespace,
      boolean create) {}

  /** One mig-parted config as generated. */
  record MigSpec(boolean allDisabled, String namespace) {}

  /** The values as generated. */
  record ValuesSpec(
      Optional<PluginSpec> plugin, Optional<MigSpec> mig, Optional<MigStrategy> strategy) {}

  @Provide
  Arbitrary<ValuesSpec> values() {
    Arbitrary<String> namespace =
        Arbitraries.frequency(Tuple.of(5, "gpu-operator"), Tuple.of(1, "kube-system"));
    Arbitrary<PluginSpec> plugin =
        Combinators.combine(
                Arbitraries.of(MigStrategy.class).optional(0.5),
                Arbitraries.of(SharingStrategy.class),
                Arbitraries.of(true, true, true, false),
                namespace,
                Arbitraries.of(true, false))
            .as(PluginSpec::new);
    Arbitrary<MigSpec> mig =
        Combinators.combine(Arbitraries.of(true, true, false), namespace).as(MigSpec::new);
    return Combinators.combine(
            plugin.optional(0.8),
            mig.optional(0.6),
            Arbitraries.of(MigStrategy.class).optional(0.6))
        .as(ValuesSpec::new);
  }

  private static DevicePluginConfigMap pluginConfigMap(PluginSpec spec) {
    DevicePluginConfig.Builder config =
        DevicePluginConfig.builder()
            .sharing(
                SharingConfig.builder()
                    .strategy(spec.sharing())
                    .addResources(SharedResource.of("nvidia.com/gpu", 4))
                    .build());
    spec.ownStrategy().ifPresent(config::migStrategy);
    DevicePluginConfigMap.Builder configMap =
        DevicePluginConfigMap.builder()
            .name("device-plugin-configs")
            .namespace(spec.namespace())
            .putConfig("shared", config.build())
            .defaultConfig(spec.defaultPresent() ? "shared" : "missing");
    try {
      return configMap.build();
    } catch (InvalidSpecException notAConfigMapTheDslBuilds) {
      Assume.that(false);
      throw notAConfigMapTheDslBuilds;
    }
  }

  private static MigPartedConfigMap migConfigMap(MigSpec spec) {
    MigPartedConfig.Builder config =
        MigPartedConfig.builder().putMigConfig("all-3g.40gb", MigLayout.uniform("3g.40gb", 2));
    if (spec.allDisabled()) {
      config.putMigConfig("all-disabled", MigLayout.disabled());
    }
    return MigPartedConfigMap.builder()
        .name("custom-mig-parted-config")
        .namespace(spec.namespace())
        .config(config.build())
        .build();
  }

  @Property(tries = 200)
  void gpuOperatorValues_buildRefusesIffARuleDoes(@ForAll("values") ValuesSpec spec) {
    GpuOperatorValues.Builder builder = GpuOperatorValues.builder();
    spec.plugin()
        .ifPresent(
            plugin ->
                builder
                    .devicePluginConfig(pluginConfigMap(plugin))
                    .createDevicePluginConfigMap(plugin.create()));
    spec.mig().ifPresent(mig -> builder.migConfig(migConfigMap(mig)));
    spec.strategy().ifPresent(builder::migStrategy);

    Optional<InvalidSpecException> refusal = OneHome.refusal(builder::build);
    List<HasMetadata> rendered = OneHome.unchecked(builder::buildUnchecked).rendered();
    OneHome.assertAgrees(TestGpuspec.GPUSPEC, refusal, rendered, Fleet.of());
    OneHome.coverBothOutcomes(refusal);
  }
}
