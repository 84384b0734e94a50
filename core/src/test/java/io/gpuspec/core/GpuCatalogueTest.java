package io.gpuspec.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class GpuCatalogueTest {

  @Test
  void defaults_holdTheDataCentreGpus() {
    assertThat(GpuCatalogue.defaults().models())
        .extracting(GpuModel::name)
        .contains(
            "T4",
            "L4",
            "L40S",
            "A10",
            "A30",
            "A100-40GB",
            "A100-80GB",
            "H100-80GB-SXM",
            "H100-80GB-PCIe",
            "H100-NVL",
            "H200",
            "B200",
            "V100-16GB",
            "V100-32GB");
  }

  @Test
  void byProductLabel_findsEveryFormFactorAndSharedVariant() {
    assertThat(GpuCatalogue.defaults().byProductLabel("NVIDIA-A100-80GB-PCIe"))
        .contains(GpuCatalogue.A100_80GB);
    assertThat(GpuCatalogue.defaults().byProductLabel("Tesla-T4-SHARED")).contains(GpuCatalogue.T4);
    assertThat(GpuCatalogue.defaults().byProductLabel("NVIDIA-GeForce-RTX-4090")).isEmpty();
  }

  @Test
  void migSupport_matchesNvidiaDocs() {
    assertThat(GpuCatalogue.defaults().models())
        .filteredOn(GpuModel::migCapable)
        .extracting(GpuModel::family)
        .containsOnly("A30", "A100", "H100", "H200", "B200");
  }

  @Test
  void mpsLimit_dependsOnArchitecture() {
    assertThat(GpuCatalogue.V100_16GB.maxMpsClients()).isEqualTo(16);
    assertThat(GpuCatalogue.T4.maxMpsClients()).isEqualTo(48);
  }

  @Test
  void with_addsAndReplacesModels() {
    GpuModel rtx =
        GpuModel.builder()
            .name("RTX-6000-Ada")
            .family("RTX6000")
            .addProductLabel("NVIDIA-RTX-6000-Ada-Generation")
            .memoryGiB(48)
            .architecture(Architecture.ADA_LOVELACE)
            .computeCapability("8.9")
            .build();
    GpuCatalogue extended = GpuCatalogue.defaults().with(rtx);
    assertThat(extended.byProductLabel("NVIDIA-RTX-6000-Ada-Generation")).contains(rtx);
    assertThat(GpuCatalogue.defaults().byName("RTX-6000-Ada")).isEmpty();
    assertThat(extended.with(rtx).models()).hasSize(extended.models().size());
  }

  @Test
  void model_withoutProductLabel_fails() {
    assertThatThrownBy(
            () ->
                GpuModel.builder()
                    .name("X")
                    .family("X")
                    .memoryGiB(1)
                    .architecture(Architecture.HOPPER)
                    .computeCapability("9.0")
                    .build())
        .isInstanceOf(InvalidSpecException.class)
        .hasMessageContaining("productLabels");
  }
}
