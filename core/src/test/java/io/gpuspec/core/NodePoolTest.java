package io.gpuspec.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class NodePoolTest {

  @Test
  void defaults_taintGpuPresent() {
    NodePool pool = NodePool.named("t4").model(GpuCatalogue.T4).gpusPerNode(1).build();
    assertThat(pool.taints()).containsExactly(NodeTaint.GPU);
    assertThat(pool.labelScheme()).isEqualTo(LabelScheme.gfd());
  }

  @Test
  void dedicated_addsTheDedicatedTaint() {
    assertThat(Fixtures.A100_TRAIN.taints())
        .containsExactly(NodeTaint.GPU, NodeTaint.DEDICATED_GPU);
  }

  @Test
  void customTaints_replaceTheDefaults() {
    NodeTaint team = new NodeTaint("team", "vision", NodeTaint.Effect.NO_SCHEDULE);
    NodePool pool = NodePool.named("v").model(GpuCatalogue.L4).gpusPerNode(1).taints(team).build();
    assertThat(pool.taints()).containsExactly(team);
  }

  @Test
  void nodeLabels_includeInterconnectAndExtras() {
    NodePool pool =
        NodePool.named("h100")
            .model(GpuCatalogue.H100_80GB_SXM)
            .labelScheme(LabelScheme.gpuModel())
            .gpusPerNode(8)
            .interconnect(Interconnect.INFINIBAND)
            .putExtraLabel("topology.kubernetes.io/zone", "rack-3")
            .build();
    assertThat(pool.nodeLabels())
        .containsEntry("gpu.interconnect", "infiniband")
        .containsEntry("topology.kubernetes.io/zone", "rack-3");
    assertThat(pool.selectorLabels()).containsEntry("topology.kubernetes.io/zone", "rack-3");
    assertThat(pool.totalGpus()).isEqualTo(8);
  }

  @Test
  void build_zeroGpus_fails() {
    assertThatThrownBy(() -> NodePool.named("x").model(GpuCatalogue.T4).gpusPerNode(0).build())
        .isInstanceOf(InvalidSpecException.class)
        .hasMessageContaining("node pool \"x\" gpusPerNode: 0 is out of range");
  }

  @Test
  void build_extraLabelClashingWithScheme_fails() {
    assertThatThrownBy(
            () ->
                NodePool.named("x")
                    .model(GpuCatalogue.T4)
                    .gpusPerNode(1)
                    .putExtraLabel("nvidia.com/gpu.product", "Tesla-T4")
                    .build())
        .isInstanceOf(InvalidSpecException.class)
        .hasMessageContaining("is set by the label scheme \"gfd\"");
  }

  @Test
  void fleet_rejectsTwoPoolsWithOneName() {
    assertThatThrownBy(() -> Fleet.of(Fixtures.A100_TRAIN, Fixtures.A100_TRAIN))
        .isInstanceOf(InvalidSpecException.class)
        .hasMessageContaining("two pools are named \"a100-train\"");
  }

  @Test
  void fleet_rejectsPoolsWhoseLabelsCannotTellTheirModelsApart() {
    NodePool sxm =
        NodePool.named("sxm")
            .model(GpuCatalogue.H100_80GB_SXM)
            .labelScheme(LabelScheme.gpuModel())
            .gpusPerNode(8)
            .build();
    NodePool pcie =
        NodePool.named("pcie")
            .model(GpuCatalogue.H100_80GB_PCIE)
            .labelScheme(LabelScheme.gpuModel())
            .gpusPerNode(2)
            .build();
    assertThatThrownBy(() -> Fleet.of(sxm, pcie))
        .isInstanceOf(InvalidSpecException.class)
        .hasMessageContaining("pool \"sxm\" (H100-80GB-SXM) selects nodes by")
        .hasMessageContaining("gpu.form");
    NodePool labelled =
        NodePool.named("pcie")
            .model(GpuCatalogue.H100_80GB_PCIE)
            .labelScheme(LabelScheme.gpuModel())
            .gpusPerNode(2)
            .putExtraLabel("gpu.form", "pcie")
            .build();
    NodePool sxmLabelled =
        NodePool.named("sxm")
            .model(GpuCatalogue.H100_80GB_SXM)
            .labelScheme(LabelScheme.gpuModel())
            .gpusPerNode(8)
            .putExtraLabel("gpu.form", "sxm")
            .build();
    assertThat(Fleet.of(sxmLabelled, labelled).pools()).hasSize(2);
  }
}
