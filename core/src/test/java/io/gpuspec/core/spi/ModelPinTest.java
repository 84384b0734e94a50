package io.gpuspec.core.spi;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.NodeSelectorRequirementBuilder;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.PodSpecBuilder;
import io.gpuspec.core.Fixtures;
import io.gpuspec.core.Fleet;
import io.gpuspec.core.GpuCatalogue;
import io.gpuspec.core.LabelScheme;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ModelPinTest {

  private static ModelPin pin(PodSpec spec) {
    return ModelPin.of(spec, Optional.empty(), LabelScheme.builtIns(), GpuCatalogue.defaults());
  }

  private static PodSpec affinity(String key, String operator, String... values) {
    return new PodSpecBuilder()
        .withNewAffinity()
        .withNewNodeAffinity()
        .withNewRequiredDuringSchedulingIgnoredDuringExecution()
        .addNewNodeSelectorTerm()
        .withMatchExpressions(
            new NodeSelectorRequirementBuilder()
                .withKey(key)
                .withOperator(operator)
                .withValues(values)
                .build())
        .endNodeSelectorTerm()
        .endRequiredDuringSchedulingIgnoredDuringExecution()
        .endNodeAffinity()
        .endAffinity()
        .build();
  }

  @Test
  void gfdProductIn_pinsTheCatalogueModel() {
    ModelPin pin = pin(affinity("nvidia.com/gpu.product", "In", "NVIDIA-A100-SXM4-80GB"));
    assertThat(pin.pinned()).isTrue();
    assertThat(pin.models()).containsExactly("A100-80GB");
  }

  @Test
  void sharedProductLabel_isTheSameModel() {
    assertThat(
            pin(affinity("nvidia.com/gpu.product", "In", "NVIDIA-A100-SXM4-80GB-SHARED")).models())
        .containsExactly("A100-80GB");
  }

  @Test
  void twoValues_admitTwoModels() {
    ModelPin pin = pin(affinity("gpu.model", "In", "H100", "A100"));
    assertThat(pin.models()).containsExactly("A100", "H100");
    assertThat(pin.describe()).isEqualTo("gpu.model: A100 or gpu.model: H100");
  }

  @Test
  void familyWithOneModel_mapsToItsCatalogueName() {
    assertThat(pin(affinity("gpu-type", "In", "l40s")).models()).containsExactly("L40S");
  }

  @Test
  void notInOrExists_leaveTheModelOpen() {
    assertThat(pin(affinity("gpu.model", "NotIn", "T4")).pinned()).isFalse();
    assertThat(pin(affinity("nvidia.com/gpu.product", "Exists")).pinned()).isFalse();
  }

  @Test
  void nodeSelector_pins() {
    PodSpec spec =
        new PodSpecBuilder().withNodeSelector(Map.of("nvidia.com/gpu.product", "Tesla-T4")).build();
    assertThat(pin(spec).models()).containsExactly("T4");
  }

  @Test
  void nodeSelectorAndAffinity_intersect() {
    PodSpec spec = affinity("gpu.model", "In", "A100", "H100");
    spec.setNodeSelector(Map.of("gpu.model", "H100"));
    assertThat(pin(spec).models()).containsExactly("H100");
  }

  @Test
  void termWithoutTheKey_leavesTheModelOpen() {
    PodSpec spec = affinity("gpu.model", "In", "A100");
    spec.getAffinity()
        .getNodeAffinity()
        .getRequiredDuringSchedulingIgnoredDuringExecution()
        .getNodeSelectorTerms()
        .add(
            affinity("zone", "In", "a")
                .getAffinity()
                .getNodeAffinity()
                .getRequiredDuringSchedulingIgnoredDuringExecution()
                .getNodeSelectorTerms()
                .get(0));
    assertThat(pin(spec).pinned()).isFalse();
  }

  @Test
  void noPlacement_isUnpinned() {
    assertThat(pin(new PodSpec()).pinned()).isFalse();
  }

  @Test
  void withFleet_answersFromThePoolsItCanLandOn() {
    Fleet fleet = Fleet.of(Fixtures.A100_TRAIN, Fixtures.H100_TRAIN);
    PodSpec anyGpu = affinity("nvidia.com/gpu.product", "Exists");
    anyGpu.setTolerations(
        List.of(
            new io.fabric8.kubernetes.api.model.TolerationBuilder()
                .withOperator("Exists")
                .build()));
    ModelPin pin =
        ModelPin.of(anyGpu, Optional.of(fleet), LabelScheme.builtIns(), GpuCatalogue.defaults());
    assertThat(pin.models()).containsExactly("A100-80GB"); // only the GFD pool has that label
    PodSpec untolerated = affinity("nvidia.com/gpu.product", "Exists");
    assertThat(
            ModelPin.of(untolerated, Optional.of(fleet), List.of(), GpuCatalogue.defaults())
                .models())
        .isEmpty();
  }

  @Test
  void cloudAcceleratorLabels_pinTheValueAsWritten() {
    PodSpec gke =
        new PodSpecBuilder()
            .withNodeSelector(Map.of("cloud.google.com/gke-accelerator", "nvidia-tesla-a100"))
            .build();
    assertThat(pin(gke).models()).containsExactly("nvidia-tesla-a100");
    assertThat(pin(affinity("accelerator", "In", "example-gpu-x100", "other")).models())
        .containsExactly("example-gpu-x100", "other");
  }

  @Test
  void boardsTheLabelsTellApart_areDifferentModels() {
    ModelPin sxm = pin(affinity("nvidia.com/gpu.product", "In", "NVIDIA-H100-80GB-HBM3"));
    ModelPin pcie = pin(affinity("nvidia.com/gpu.product", "In", "NVIDIA-H100-PCIe"));
    assertThat(sxm.labels()).containsExactly("nvidia.com/gpu.product: NVIDIA-H100-80GB-HBM3");
    assertThat(pcie.labels()).isNotEqualTo(sxm.labels());
    ModelPin a100Sxm = pin(affinity("nvidia.com/gpu.product", "In", "NVIDIA-A100-SXM4-80GB"));
    ModelPin a100Pcie = pin(affinity("nvidia.com/gpu.product", "In", "NVIDIA-A100-80GB-PCIe"));
    assertThat(a100Sxm.models()).isEqualTo(a100Pcie.models()); // one catalogue entry
    assertThat(a100Sxm.labels()).isNotEqualTo(a100Pcie.labels()); // two boards
  }

  @Test
  void sharedSuffix_namesTheSameBoard() {
    assertThat(
            pin(affinity("nvidia.com/gpu.product", "In", "NVIDIA-A100-SXM4-80GB-SHARED")).labels())
        .containsExactly("nvidia.com/gpu.product: NVIDIA-A100-SXM4-80GB");
  }

  @Test
  void notInValues_areTakenOutOfTheInValues() {
    PodSpec spec = affinity("gpu.model", "In", "A100", "H100");
    spec.getAffinity()
        .getNodeAffinity()
        .getRequiredDuringSchedulingIgnoredDuringExecution()
        .getNodeSelectorTerms()
        .get(0)
        .getMatchExpressions()
        .add(
            new NodeSelectorRequirementBuilder()
                .withKey("gpu.model")
                .withOperator("NotIn")
                .withValues("A100")
                .build());
    assertThat(pin(spec).labels()).containsExactly("gpu.model: H100");
  }

  @Test
  void aTermNoNodeSatisfies_admitsNoModel() {
    PodSpec spec = affinity("gpu.model", "In", "A100");
    spec.getAffinity()
        .getNodeAffinity()
        .getRequiredDuringSchedulingIgnoredDuringExecution()
        .getNodeSelectorTerms()
        .add(
            affinity("gpu.model", "In", "H100")
                .getAffinity()
                .getNodeAffinity()
                .getRequiredDuringSchedulingIgnoredDuringExecution()
                .getNodeSelectorTerms()
                .get(0));
    spec.getAffinity()
        .getNodeAffinity()
        .getRequiredDuringSchedulingIgnoredDuringExecution()
        .getNodeSelectorTerms()
        .get(1)
        .getMatchExpressions()
        .add(
            new NodeSelectorRequirementBuilder()
                .withKey("zone")
                .withOperator("Gt")
                .withValues("5")
                .build());
    spec.getAffinity()
        .getNodeAffinity()
        .getRequiredDuringSchedulingIgnoredDuringExecution()
        .getNodeSelectorTerms()
        .get(1)
        .getMatchExpressions()
        .add(
            new NodeSelectorRequirementBuilder()
                .withKey("zone")
                .withOperator("Lt")
                .withValues("3")
                .build());
    assertThat(pin(spec).labels()).containsExactly("gpu.model: A100");
  }

  @Test
  void sameBoards_acrossLabelSchemes_butNotAcrossBoardsOfOneModel() {
    ModelPin gfd =
        new ModelPin(
            Set.of("V100-16GB"), true, Set.of("nvidia.com/gpu.product: Tesla-V100-SXM2-16GB"));
    ModelPin family =
        new ModelPin(Set.of("V100-16GB"), true, Set.of("gpu.model: V100, gpu.mem: 16gb"));
    ModelPin pcie =
        new ModelPin(
            Set.of("V100-16GB"), true, Set.of("nvidia.com/gpu.product: Tesla-V100-PCIE-16GB"));
    ModelPin other =
        new ModelPin(Set.of("A100-80GB"), true, Set.of("gpu.model: A100, gpu.mem: 80gb"));

    assertThat(gfd.sameBoardsAs(family)).isTrue();
    assertThat(family.sameBoardsAs(gfd)).isTrue();
    assertThat(gfd.sameBoardsAs(pcie)).isFalse();
    assertThat(family.sameBoardsAs(other)).isFalse();
  }
}
