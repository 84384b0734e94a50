package io.gpuspec.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Optional;
import org.junit.jupiter.api.Test;

class LabelSchemeTest {

  @Test
  void gfd_labelsTheProductAndMemoryInMiB() {
    assertThat(
            LabelScheme.gfd()
                .nodeLabels(GpuCatalogue.A100_80GB, PoolPurpose.TRAINING, Optional.empty()))
        .containsEntry("nvidia.com/gpu.product", "NVIDIA-A100-SXM4-80GB")
        .containsEntry("nvidia.com/gpu.memory", "81920");
    assertThat(LabelScheme.gfd().selectorLabels(GpuCatalogue.A100_80GB, PoolPurpose.TRAINING))
        .containsOnlyKeys("nvidia.com/gpu.product");
  }

  @Test
  void gpuModel_pinsFamilyMemoryAndPool() {
    assertThat(LabelScheme.gpuModel().selectorLabels(GpuCatalogue.A100_40GB, PoolPurpose.TRAINING))
        .containsEntry("gpu.model", "A100")
        .containsEntry("gpu.mem", "40gb")
        .containsEntry("gpu.pool", "train");
  }

  @Test
  void gpuType_usesLowerCaseAndLongPurpose() {
    assertThat(
            LabelScheme.gpuType().selectorLabels(GpuCatalogue.H100_80GB_SXM, PoolPurpose.TRAINING))
        .containsEntry("gpu-type", "h100")
        .containsEntry("gpu-memory", "80gb")
        .containsEntry("workload-class", "training")
        .containsEntry("node-type", "gpu");
  }

  @Test
  void modelIdentity_isTheCatalogueNameWhenUnambiguous() {
    assertThat(LabelScheme.gfd().modelIdentity("NVIDIA-H100-80GB-HBM3", GpuCatalogue.defaults()))
        .isEqualTo("H100-80GB-SXM");
    assertThat(LabelScheme.gpuModel().modelIdentity("A100", GpuCatalogue.defaults()))
        .isEqualTo("A100");
    assertThat(LabelScheme.gpuModel().modelIdentity("MI300", GpuCatalogue.defaults()))
        .isEqualTo("MI300");
  }

  @Test
  void custom_schemeWithBadKey_fails() {
    assertThatThrownBy(() -> LabelScheme.builder().name("acme").modelKey("not a key").build())
        .isInstanceOf(InvalidSpecException.class)
        .hasMessageContaining("label scheme \"acme\" modelKey");
  }

  @Test
  void custom_schemeLabelsNodes() {
    LabelScheme acme =
        LabelScheme.builder()
            .name("acme")
            .modelKey("acme.com/accelerator")
            .style(LabelScheme.Style.FAMILY_LOWERCASE)
            .putConstantLabel("acme.com/node-class", "gpu")
            .build();
    assertThat(acme.selectorLabels(GpuCatalogue.L4, PoolPurpose.INFERENCE))
        .containsExactlyInAnyOrderEntriesOf(
            java.util.Map.of("acme.com/accelerator", "l4", "acme.com/node-class", "gpu"));
  }
}
