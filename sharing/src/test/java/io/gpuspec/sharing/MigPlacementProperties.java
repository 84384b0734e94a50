package io.gpuspec.sharing;

import static org.assertj.core.api.Assertions.assertThat;

import io.gpuspec.core.GpuCatalogue;
import io.gpuspec.core.GpuModel;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * The placement check against a brute force written independently here: every way to put instances
 * onto a GPU's slices is enumerated (each candidate instance at each allowed start, all sets of
 * candidates that share no memory slice), and the instance counts of those within the compute
 * slices and the per-profile maxima are the layouts that fit.
 */
class MigPlacementProperties {

  private static final MigCatalogue CATALOGUE = MigCatalogue.defaults();
  private static final Map<String, Set<Map<String, Integer>>> FITTING = new ConcurrentHashMap<>();

  /** A GPU model and the instances asked of one GPU. */
  record Case(MigGeometry geometry, Map<String, Integer> request) {
    GpuModel model() {
      return GpuCatalogue.defaults().byName(geometry.modelName()).orElseThrow();
    }
  }

  /** Every layout (positive counts only) that fits one GPU of the geometry, by brute force. */
  static Set<Map<String, Integer>> fitting(MigGeometry geometry) {
    return FITTING.computeIfAbsent(geometry.modelName(), name -> enumerate(geometry));
  }

  private static Set<Map<String, Integer>> enumerate(MigGeometry geometry) {
    List<MigProfile> profiles = geometry.profiles();
    List<int[]> candidates = new ArrayList<>(); // {profile index, first slice, last slice}
    for (int p = 0; p < profiles.size(); p++) {
      for (int start : profiles.get(p).startOffsets()) {
        candidates.add(new int[] {p, start, start + profiles.get(p).memorySlices() - 1});
      }
    }
    Set<Map<String, Integer>> result = new HashSet<>();
    boolean[] slices = new boolean[geometry.memorySlices()];
    int[] counts = new int[profiles.size()];
    walk(geometry, candidates, 0, slices, counts, result);
    return result;
  }

  private static void walk(
      MigGeometry geometry,
      List<int[]> candidates,
      int next,
      boolean[] slices,
      int[] counts,
      Set<Map<String, Integer>> result) {
    if (next == candidates.size()) {
      int compute = 0;
      Map<String, Integer> layout = new TreeMap<>();
      for (int p = 0; p < counts.length; p++) {
        MigProfile profile = geometry.profiles().get(p);
        if (counts[p] > profile.maxCount()) {
          return;
        }
        compute += counts[p] * profile.computeSlices();
        if (counts[p] > 0) {
          layout.put(profile.name(), counts[p]);
        }
      }
      if (compute <= geometry.computeSlices()) {
        result.add(layout);
      }
      return;
    }
    walk(geometry, candidates, next + 1, slices, counts, result);
    int[] candidate = candidates.get(next);
    for (int s = candidate[1]; s <= candidate[2]; s++) {
      if (slices[s]) {
        return;
      }
    }
    for (int s = candidate[1]; s <= candidate[2]; s++) {
      slices[s] = true;
    }
    counts[candidate[0]]++;
    walk(geometry, candidates, next + 1, slices, counts, result);
    counts[candidate[0]]--;
    for (int s = candidate[1]; s <= candidate[2]; s++) {
      slices[s] = false;
    }
  }

  private static Map<String, Integer> positive(Map<String, Integer> request) {
    Map<String, Integer> layout = new TreeMap<>();
    request.forEach(
        (name, count) -> {
          if (count > 0) {
            layout.put(name, count);
          }
        });
    return layout;
  }

  @Provide
  Arbitrary<Case> anyRequest() {
    return Arbitraries.of(CATALOGUE.geometries())
        .flatMap(
            geometry -> {
              List<String> names = new ArrayList<>(geometry.profileNames());
              // profiles of other GPUs: same shape, other memory sizes
              names.add("1g.5gb");
              names.add("3g.40gb");
              names.add("1g.23gb");
              Arbitrary<Map<String, Integer>> request =
                  Arbitraries.maps(Arbitraries.of(names), Arbitraries.integers().between(0, 4))
                      .ofMinSize(1)
                      .ofMaxSize(4)
                      .filter(map -> map.values().stream().anyMatch(count -> count > 0));
              return request.map(map -> new Case(geometry, map));
            });
  }

  @Provide
  Arbitrary<Case> fittingRequest() {
    return Arbitraries.of(CATALOGUE.geometries())
        .flatMap(
            geometry ->
                Arbitraries.of(List.copyOf(fitting(geometry)))
                    .filter(layout -> !layout.isEmpty())
                    .map(layout -> new Case(geometry, layout)));
  }

  @Property(tries = 1000)
  void acceptsExactlyTheLayoutsTheBruteForceCanPlace(@ForAll("anyRequest") Case c) {
    MigFit fit = CATALOGUE.fit(c.request(), c.model());
    boolean placeable = fitting(c.geometry()).contains(positive(c.request()));
    assertThat(fit.fits())
        .as("%s on %s: %s", c.request(), c.model(), fit.explain())
        .isEqualTo(placeable);
  }

  @Property(tries = 500)
  void everyLayoutTheBruteForcePlaces_isAcceptedWithAValidPlacement(
      @ForAll("fittingRequest") Case c) {
    MigFit fit = CATALOGUE.fit(c.request(), c.model());
    assertThat(fit.fits()).as(fit.explain()).isTrue();
    List<MigInstance> instances = fit.placements().get(0).instances();
    Map<String, Integer> placed = new TreeMap<>();
    instances.forEach(instance -> placed.merge(instance.profile(), 1, Integer::sum));
    assertThat(placed).isEqualTo(c.request());
    for (MigInstance instance : instances) {
      MigProfile profile = c.geometry().profile(instance.profile()).orElseThrow();
      assertThat(profile.startOffsets()).contains(instance.start());
      for (MigInstance other : instances) {
        if (other != instance) {
          assertThat(instance.overlaps(other)).as("%s and %s", instance, other).isFalse();
        }
      }
    }
    assertThat(instances.stream().mapToInt(MigInstance::computeSlices).sum())
        .isLessThanOrEqualTo(c.geometry().computeSlices());
  }

  @Property(tries = 1000)
  void aRejectionNamesEveryFailingProfileAndPlacementOnlyWhenCountsAreAllowed(
      @ForAll("anyRequest") Case c) {
    MigFit fit = CATALOGUE.fit(c.request(), c.model());
    Map<String, Integer> wanted = positive(c.request());
    List<String> expected = new ArrayList<>();
    wanted.forEach(
        (name, count) ->
            c.geometry()
                .profile(name)
                .ifPresentOrElse(
                    profile -> {
                      if (count > profile.maxCount()) {
                        expected.add("ABOVE_MAX " + name + " max " + profile.maxCount());
                      }
                    },
                    () -> expected.add("UNKNOWN_PROFILE " + name + " max -")));
    if (expected.isEmpty() && !fitting(c.geometry()).contains(wanted)) {
      expected.add("NOT_PLACEABLE - max -");
    }
    assertThat(fit.problems())
        .extracting(
            problem ->
                problem.kind()
                    + " "
                    + problem.profile().orElse("-")
                    + " max "
                    + (problem.max().isPresent() ? problem.max().getAsInt() : "-"))
        .containsExactlyInAnyOrderElementsOf(expected);
    fit.problems()
        .forEach(problem -> assertThat(problem.models()).containsExactly(c.model().name()));
  }

  @Property(tries = 200)
  void aLayoutAcrossModelsFitsExactlyWhenItFitsEachModel(
      @ForAll("anyRequest") Case first, @ForAll("anyRequest") Case second) {
    MigLayout layout =
        MigLayout.of(MigDeviceGroup.builder().putAllMigDevices(first.request()).build());
    List<GpuModel> models = List.of(first.model(), second.model());
    MigFit together = CATALOGUE.fit(layout, models);
    boolean each = models.stream().allMatch(model -> CATALOGUE.fit(first.request(), model).fits());
    assertThat(together.fits()).isEqualTo(each);
    assertThat(together.models()).containsExactly(first.model().name(), second.model().name());
  }

  @Example
  void bruteForce_agreesWithTheMigUserGuideExamples() {
    Set<Map<String, Integer>> a100 = fitting(CATALOGUE.geometry("A100-40GB").orElseThrow());
    assertThat(a100)
        .contains(Map.of("4g.20gb", 1, "2g.10gb", 1, "1g.5gb", 1))
        .contains(Map.of("3g.20gb", 2))
        .contains(Map.of("1g.5gb", 7))
        .doesNotContain(Map.of("3g.20gb", 2, "1g.5gb", 1))
        .doesNotContain(Map.of("2g.10gb", 4))
        .doesNotContain(Map.of("1g.5gb+me", 2));
    int mostInstances =
        a100.stream()
            .mapToInt(layout -> layout.values().stream().mapToInt(Integer::intValue).sum())
            .max()
            .orElseThrow();
    assertThat(mostInstances).isEqualTo(7);
  }
}
