package io.gpuspec.sharing;

import static org.assertj.core.api.Assertions.assertThat;

import io.gpuspec.core.GpuCatalogue;
import io.gpuspec.core.GpuModel;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * gpuspec's MIG catalogue against NVIDIA's default mig-parted configuration: every layout NVIDIA
 * lists for a GPU gpuspec catalogues fits it, and every profile gpuspec catalogues has NVIDIA's
 * count.
 */
class NvidiaReferenceTest {

  private static final MigPartedConfig NVIDIA =
      MigPartedConfig.parse(TestResources.nvidiaDefaultMigPartedConfig()).orThrow();

  private final MigCatalogue catalogue = MigCatalogue.defaults();

  /** One group of NVIDIA's file with the GPUs it applies to among gpuspec's geometries. */
  private record Entry(String config, MigDeviceGroup group, List<MigGeometry> geometries) {}

  private List<Entry> entries() {
    List<Entry> entries = new ArrayList<>();
    NVIDIA
        .migConfigs()
        .forEach(
            (name, layout) -> {
              for (MigDeviceGroup group : layout.groups()) {
                List<MigGeometry> targets =
                    catalogue.geometries().stream()
                        .filter(geometry -> appliesTo(group, geometry))
                        .toList();
                entries.add(new Entry(name, group, targets));
              }
            });
    return entries;
  }

  /**
   * A group with a device filter applies to the GPUs it names; one without applies to every GPU
   * that offers all of its profiles (mig-parted would fail on the others).
   */
  private static boolean appliesTo(MigDeviceGroup group, MigGeometry geometry) {
    if (!group.deviceFilter().isEmpty()) {
      return geometry.matchesDeviceFilter(group.deviceFilter());
    }
    return group.migEnabled()
        && !group.requested().isEmpty()
        && group.requested().keySet().stream().allMatch(name -> geometry.profile(name).isPresent());
  }

  private static GpuModel model(MigGeometry geometry) {
    return GpuCatalogue.defaults().byName(geometry.modelName()).orElseThrow();
  }

  @Test
  void nvidiasFile_parsesStrictlyWithoutProblems() {
    Parsed<MigPartedConfig> parsed =
        MigPartedConfig.parse(TestResources.nvidiaDefaultMigPartedConfig());
    assertThat(parsed.problems()).isEmpty();
    assertThat(NVIDIA.migConfigs()).containsKeys("all-disabled", "all-balanced", "all-1g.10gb");
    assertThat(NVIDIA.layout("all-balanced").orElseThrow().groups()).hasSizeGreaterThan(10);
  }

  @Test
  void everySingleProfileLayoutNvidiaListsForACataloguedGpu_fitsThatGpu() {
    int checked = 0;
    for (Entry entry : entries()) {
      if (entry.group().requested().size() != 1) {
        continue;
      }
      for (MigGeometry geometry : entry.geometries()) {
        MigFit fit = catalogue.fit(MigLayout.of(entry.group()), List.of(model(geometry)));
        assertThat(fit.fits())
            .as(entry.config() + " on " + geometry.modelName() + ": " + fit.explain())
            .isTrue();
        checked++;
      }
    }
    // 8 geometries with 5 to 7 profiles each, some listed twice (filtered and unfiltered).
    assertThat(checked).isGreaterThanOrEqualTo(50);
  }

  @Test
  void everyMixedLayoutNvidiaListsForACataloguedGpu_fitsThatGpu() {
    int checked = 0;
    for (Entry entry : entries()) {
      if (entry.group().requested().size() < 2) {
        continue;
      }
      for (MigGeometry geometry : entry.geometries()) {
        MigFit fit = catalogue.fit(MigLayout.of(entry.group()), List.of(model(geometry)));
        assertThat(fit.fits()).as(entry.config() + " on " + geometry.modelName()).isTrue();
        checked++;
      }
    }
    // all-balanced for A100-40GB, the three 80GB models, H100 NVL, H200, A30 and B200.
    assertThat(checked).isEqualTo(8);
  }

  @Test
  void everyCataloguedProfile_hasTheMaximumCountOfNvidiasSingleProfileLayout() {
    for (MigGeometry geometry : catalogue.geometries()) {
      for (MigProfile profile : geometry.profiles()) {
        List<Integer> nvidiaCounts =
            entries().stream()
                .filter(entry -> entry.geometries().contains(geometry))
                .map(Entry::group)
                .filter(group -> group.requested().keySet().equals(Set.of(profile.name())))
                .map(group -> group.requested().get(profile.name()))
                .distinct()
                .toList();
        assertThat(nvidiaCounts)
            .as("NVIDIA's all-%s count(s) for %s", profile.name(), geometry.modelName())
            .containsExactly(profile.maxCount());
      }
    }
  }

  @Test
  void oneMoreThanNvidiasCount_doesNotFit() {
    for (MigGeometry geometry : catalogue.geometries()) {
      for (MigProfile profile : geometry.profiles()) {
        MigFit fit = catalogue.fit(Map.of(profile.name(), profile.maxCount() + 1), model(geometry));
        assertThat(fit.fits()).as(profile + " on " + geometry.modelName()).isFalse();
        assertThat(fit.problems())
            .extracting(MigProblem::kind)
            .containsExactly(MigProblem.Kind.ABOVE_MAX);
      }
    }
  }
}
