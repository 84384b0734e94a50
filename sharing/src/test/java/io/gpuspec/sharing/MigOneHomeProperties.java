package io.gpuspec.sharing;

import io.fabric8.kubernetes.api.model.ConfigMap;
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
import net.jqwik.api.Tuple;
import net.jqwik.api.statistics.Statistics;

/**
 * The proof that SHR005 to SHR007 have one home: {@code MigPartedConfigMap.build()} refuses a
 * mig-parted ConfigMap if and only if the rules, run on it rendered without the facts, report an
 * error, and what it throws is the finding a rule reports (same id, object, path, words). Inputs
 * vary the layout names, the groups' device filters, devices, MIG mode, profiles (offered by one
 * GPU, by several, by none, by GPUs outside the catalogue, malformed) and counts, never the DSL's
 * own shape.
 */
class MigOneHomeProperties {

  /** One device group as generated. */
  record GroupSpec(
      Optional<String> deviceFilter,
      Optional<List<Integer>> indices,
      boolean migEnabled,
      Map<String, Integer> profiles) {}

  @Provide
  Arbitrary<Map<String, List<GroupSpec>>> layouts() {
    List<String> catalogued =
        MigCatalogue.defaults().geometries().stream()
            .flatMap(g -> g.profileNames().stream())
            .distinct()
            .toList();
    Arbitrary<String> profile =
        Arbitraries.frequencyOf(
            Tuple.of(40, Arbitraries.of(catalogued)),
            Tuple.of(1, Arbitraries.of("1g.35gb", "7g.96gb")),
            Tuple.of(2, Arbitraries.of("1g.11gb", "1g10gb", "gpu")));
    Arbitrary<Integer> count =
        Arbitraries.frequencyOf(
            Tuple.of(1, Arbitraries.integers().between(-1, 0)),
            Tuple.of(20, Arbitraries.integers().between(1, 3)),
            Tuple.of(8, Arbitraries.integers().between(4, 8)));
    Arbitrary<String> filter =
        Arbitraries.frequencyOf(
            Tuple.of(
                30,
                Arbitraries.of(
                    MigCatalogue.defaults().geometries().stream()
                        .map(g -> g.pciDeviceIds().get(0))
                        .toList())),
            Tuple.of(1, Arbitraries.of("A100", "0x1234")));
    Arbitrary<List<Integer>> indices =
        Arbitraries.integers().between(0, 7).set().ofMinSize(1).ofMaxSize(3).map(List::copyOf);
    Arbitrary<GroupSpec> group =
        Combinators.combine(
                filter.optional(0.3),
                indices.optional(0.3),
                Arbitraries.frequency(Tuple.of(8, true), Tuple.of(1, false)),
                Arbitraries.maps(profile, count).ofMinSize(1).ofMaxSize(3))
            .as(GroupSpec::new);
    Arbitrary<String> name =
        Arbitraries.frequencyOf(
            Tuple.of(30, Arbitraries.of("all-balanced", "mixed", "all-1g")),
            Tuple.of(1, Arbitraries.of("all 1g", "-bad-")));
    return Arbitraries.maps(
            name,
            Arbitraries.frequencyOf(
                Tuple.of(1, group.list().ofSize(0)),
                Tuple.of(12, group.list().ofMinSize(1).ofMaxSize(2))))
        .ofMinSize(1)
        .ofMaxSize(2);
  }

  private static MigLayout layout(List<GroupSpec> specs) {
    MigLayout.Builder layout = MigLayout.builder();
    for (GroupSpec spec : specs) {
      MigDeviceGroup.Builder group = MigDeviceGroup.builder().migEnabled(spec.migEnabled());
      spec.deviceFilter().ifPresent(group::addDeviceFilter);
      spec.indices().ifPresent(indices -> group.devices(DeviceSelection.indices(indices)));
      if (spec.migEnabled()) {
        group.putAllMigDevices(spec.profiles());
      }
      layout.addGroups(group.build());
    }
    return layout.build();
  }

  @Property(tries = 400)
  void migPartedConfigMap_buildRefusesIffARuleDoes(
      @ForAll("layouts") Map<String, List<GroupSpec>> layouts) {
    MigPartedConfig.Builder config = MigPartedConfig.builder();
    layouts.forEach((name, groups) -> config.putMigConfig(name, layout(groups)));
    MigPartedConfigMap.Builder builder =
        MigPartedConfigMap.builder().name("custom-mig-parted-config").config(config.build());
    Optional<InvalidSpecException> refusal = OneHome.refusal(builder::build);
    ConfigMap rendered = builder.buildUnchecked().toConfigMap();
    OneHome.assertAgrees(TestGpuspec.GPUSPEC, refusal, List.of(rendered), Fleet.of());
    Statistics.label("refused by")
        .collect(refusal.flatMap(InvalidSpecException::ruleId).orElse("none"));
    Statistics.label("refused by")
        .coverage(
            c -> {
              c.check("none").percentage(p -> p >= 10);
              c.check("SHR005").percentage(p -> p >= 5);
              c.check("SHR006").percentage(p -> p >= 2);
              c.check("SHR007").count(n -> n >= 4);
            });
  }
}
