package io.gpuspec.sharing;

import static io.gpuspec.core.GpuCatalogue.A100_40GB;
import static io.gpuspec.core.GpuCatalogue.A100_80GB;
import static io.gpuspec.core.GpuCatalogue.A30;
import static io.gpuspec.core.GpuCatalogue.H100_80GB_SXM;
import static io.gpuspec.core.GpuCatalogue.T4;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.gpuspec.core.GpuCatalogue;
import io.gpuspec.core.GpuModel;
import io.gpuspec.core.InvalidSpecException;
import io.gpuspec.core.NodePool;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class MigCatalogueTest {

  private final MigCatalogue catalogue = MigCatalogue.defaults();

  @Test
  void defaults_coverEveryMigModelOfTheCoreCatalogue() {
    List<String> migModels =
        GpuCatalogue.defaults().models().stream()
            .filter(GpuModel::migCapable)
            .map(GpuModel::name)
            .toList();
    assertThat(catalogue.geometries())
        .extracting(MigGeometry::modelName)
        .containsExactlyInAnyOrderElementsOf(migModels);
  }

  @Test
  void a100_40gb_geometryIsTheOneOfTheMigUserGuide() {
    MigGeometry a100 = catalogue.geometry(A100_40GB).orElseThrow();
    assertThat(a100.profile("1g.5gb").orElseThrow().startOffsets())
        .containsExactly(0, 1, 2, 3, 4, 5, 6);
    assertThat(a100.profile("1g.10gb").orElseThrow().startOffsets()).containsExactly(0, 2, 4, 6);
    assertThat(a100.profile("1g.10gb").orElseThrow().memorySlices()).isEqualTo(2);
    assertThat(a100.profile("2g.10gb").orElseThrow().startOffsets()).containsExactly(0, 2, 4);
    assertThat(a100.profile("3g.20gb").orElseThrow().startOffsets()).containsExactly(0, 4);
    assertThat(a100.profile("3g.20gb").orElseThrow().memorySlices()).isEqualTo(4);
    assertThat(a100.profile("4g.20gb").orElseThrow().startOffsets()).containsExactly(0);
    assertThat(a100.profile("7g.40gb").orElseThrow().memorySlices()).isEqualTo(8);
    assertThat(a100.profile("1g.5gb+me").orElseThrow().maxCount()).isEqualTo(1);
  }

  @Test
  void fourPlusTwoPlusOne_fits() {
    MigFit fit = catalogue.fit(Map.of("4g.20gb", 1, "2g.10gb", 1, "1g.5gb", 1), A100_40GB);
    assertThat(fit.fits()).as(fit.explain()).isTrue();
    assertThat(fit.placements())
        .singleElement()
        .satisfies(
            placement ->
                assertThat(placement.instances())
                    .extracting(MigInstance::toString)
                    .containsExactly("4g.20gb@0", "2g.10gb@4", "1g.5gb@6"));
  }

  @Test
  void threePlusThree_fits() {
    assertThat(catalogue.fit(Map.of("3g.40gb", 2), H100_80GB_SXM).fits()).isTrue();
  }

  @Test
  void threePlusThreePlusOne_isNotPlaceable() {
    MigFit fit = catalogue.fit(Map.of("3g.40gb", 2, "1g.10gb", 1), A100_80GB);
    assertThat(fit.fits()).isFalse();
    assertThat(fit.problems())
        .singleElement()
        .satisfies(
            problem -> {
              assertThat(problem.kind()).isEqualTo(MigProblem.Kind.NOT_PLACEABLE);
              assertThat(problem.models()).containsExactly("A100-80GB");
              assertThat(problem.message())
                  .contains("need 9 memory slices but the GPU has 8")
                  .contains("A100-80GB");
            });
  }

  @Test
  void twoG10gbTimesFour_isAboveTheMaximumOfThree() {
    MigFit fit = catalogue.fit(Map.of("2g.10gb", 4), A100_40GB);
    assertThat(fit.problems())
        .singleElement()
        .satisfies(
            problem -> {
              assertThat(problem.kind()).isEqualTo(MigProblem.Kind.ABOVE_MAX);
              assertThat(problem.profile()).contains("2g.10gb");
              assertThat(problem.max()).hasValue(3);
              assertThat(problem.requested()).isEqualTo(4);
              assertThat(problem.message())
                  .contains("2g.10gb x4 but at most 3 fit on one A100-40GB");
            });
  }

  @Test
  void profileOfAnotherMemorySize_isUnknownOnThisGpu() {
    MigFit fit = catalogue.fit(Map.of("1g.5gb", 7), A100_80GB);
    assertThat(fit.problems())
        .singleElement()
        .satisfies(
            problem -> {
              assertThat(problem.kind()).isEqualTo(MigProblem.Kind.UNKNOWN_PROFILE);
              assertThat(problem.message())
                  .contains("1g.5gb is not a MIG profile of A100-80GB")
                  .contains("1g.10gb");
            });
  }

  @Test
  void gpuWithoutMig_isReportedAsSuch() {
    MigFit fit = catalogue.fit(Map.of("1g.10gb", 1), T4);
    assertThat(fit.problems())
        .singleElement()
        .satisfies(
            problem -> {
              assertThat(problem.kind()).isEqualTo(MigProblem.Kind.NO_MIG);
              assertThat(problem.message())
                  .startsWith(
                      "mig layout group 0 (devices all): T4 cannot be partitioned with MIG;");
            });
  }

  @Test
  void sameProfileName_meansDifferentCountsOnDifferentGpus() {
    MigLayout fourOf1g10gb = MigLayout.uniform("1g.10gb", 7);
    MigFit fit = catalogue.fit(fourOf1g10gb, List.of(A100_40GB, A100_80GB, H100_80GB_SXM));
    assertThat(fit.models()).containsExactly("A100-40GB", "A100-80GB", "H100-80GB-SXM");
    assertThat(fit.problems())
        .singleElement()
        .satisfies(
            problem -> {
              assertThat(problem.kind()).isEqualTo(MigProblem.Kind.ABOVE_MAX);
              assertThat(problem.models()).containsExactly("A100-40GB");
              assertThat(problem.max()).hasValue(4);
            });
    assertThat(fit.placements())
        .extracting(MigPlacement::model)
        .containsExactly("A100-80GB", "H100-80GB-SXM");
  }

  @Test
  void a30_hasFourSlices() {
    assertThat(catalogue.fit(Map.of("2g.12gb", 1, "1g.6gb", 2), A30).fits()).isTrue();
    MigFit tooMany = catalogue.fit(Map.of("2g.12gb", 2, "1g.6gb", 1), A30);
    assertThat(tooMany.problems())
        .extracting(MigProblem::kind)
        .containsExactly(MigProblem.Kind.NOT_PLACEABLE);
  }

  @Test
  void deviceFilter_limitsAGroupToTheGpusItNames() {
    MigLayout perModel =
        MigLayout.of(
            MigDeviceGroup.builder().addDeviceFilter("0x20B010DE").profile("1g.10gb", 4).build(),
            MigDeviceGroup.builder().addDeviceFilter("0x20B210DE").profile("1g.10gb", 7).build());
    MigFit fit = catalogue.fit(perModel, List.of(A100_40GB, A100_80GB));
    assertThat(fit.fits()).as(fit.explain()).isTrue();
    assertThat(fit.placements())
        .extracting(placement -> placement.group() + ":" + placement.model())
        .containsExactly("0:A100-40GB", "1:A100-80GB");
  }

  @Test
  void poolCheck_reportsGpuIndicesTheNodesDoNotHave() {
    NodePool pool = NodePool.named("a100-infer").model(A100_80GB).gpusPerNode(4).build();
    MigLayout layout =
        MigLayout.of(
            MigDeviceGroup.builder()
                .devices(DeviceSelection.indices(2, 5))
                .profile("7g.80gb", 1)
                .build());
    MigFit fit = catalogue.fit(layout, pool);
    assertThat(fit.problems())
        .singleElement()
        .satisfies(
            problem -> {
              assertThat(problem.kind()).isEqualTo(MigProblem.Kind.DEVICE_OUT_OF_RANGE);
              assertThat(problem.message())
                  .contains("GPU index 5 but the nodes have GPUs 0 to 3")
                  .contains("node pool \"a100-infer\"");
            });
    assertThat(catalogue.fit(MigLayout.uniform("7g.80gb", 1), pool).fits()).isTrue();
  }

  @Test
  void userGeometry_replacesTheDefaultAndPlacementIsSearchedNotSummed() {
    // Four memory slices; 1g may start at 0 or 1, 2g only at 1: the 2g blocks the second 1g
    // although slices (4 of 4) and compute (4 of 4) add up.
    MigGeometry odd =
        MigGeometry.builder()
            .modelName("A100-40GB")
            .computeSlices(4)
            .memorySlices(4)
            .addProfiles(
                MigProfile.builder()
                    .name("1g.5gb")
                    .computeSlices(1)
                    .memorySlices(1)
                    .maxCount(2)
                    .addStartOffsets(0, 1)
                    .build(),
                MigProfile.builder()
                    .name("2g.10gb")
                    .computeSlices(2)
                    .memorySlices(2)
                    .maxCount(1)
                    .addStartOffsets(1)
                    .build())
            .build();
    MigCatalogue custom = catalogue.with(odd);
    assertThat(custom.geometry(A100_40GB)).contains(odd);
    assertThat(custom.fit(Map.of("2g.10gb", 1, "1g.5gb", 1), A100_40GB).fits()).isTrue();
    MigFit fit = custom.fit(Map.of("2g.10gb", 1, "1g.5gb", 2), A100_40GB);
    assertThat(fit.problems())
        .singleElement()
        .satisfies(
            problem -> {
              assertThat(problem.kind()).isEqualTo(MigProblem.Kind.NOT_PLACEABLE);
              assertThat(problem.message())
                  .contains("cannot be arranged at their allowed start slices");
            });
    assertThat(catalogue.fit(Map.of("2g.10gb", 1, "1g.5gb", 2), A100_40GB).fits()).isTrue();
  }

  @Test
  void requireFits_throwsTheFirstProblemInTheHouseForm() {
    MigFit fit = catalogue.fit(Map.of("2g.10gb", 4), A100_40GB);
    assertThatThrownBy(fit::requireFits)
        .isInstanceOf(InvalidSpecException.class)
        .hasMessage(
            "mig layout group 0 (devices all): 2g.10gb x4 but at most 3 fit on one A100-40GB;"
                + " request at most 3 per GPU or use a larger profile");
  }

  @Test
  void geometry_rejectsAMaximumAboveWhatFitsSideBySide() {
    assertThatThrownBy(
            () ->
                MigGeometry.builder()
                    .modelName("X")
                    .addProfiles(
                        MigProfile.builder()
                            .name("3g.20gb")
                            .computeSlices(3)
                            .memorySlices(4)
                            .maxCount(3)
                            .addStartOffsets(0, 4)
                            .build())
                    .build())
        .isInstanceOf(InvalidSpecException.class)
        .hasMessageContaining("maxCount 3 but only 2 instances fit side by side");
  }
}
