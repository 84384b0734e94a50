package io.gpuspec.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.gpuspec.core.check.Gpuspec;
import io.gpuspec.core.fleet.FleetRead;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Every label scheme writes a pool's interconnect and topology levels, or build() says why not. */
class PoolTopologyTest {

  static final TopologyLevel BLOCK =
      TopologyLevel.of("block", "cloud.google.com/gce-topology-block");
  static final TopologyLevel RACK =
      TopologyLevel.of("rack", "cloud.google.com/gce-topology-subblock");

  static List<Object[]> schemes() {
    return List.of(
        new Object[] {LabelScheme.gfd(), "gpu.interconnect"},
        new Object[] {LabelScheme.gpuModel(), "gpu.interconnect"},
        new Object[] {LabelScheme.gpuType(), "gpu-interconnect"});
  }

  private static NodePool.Builder pool(LabelScheme scheme) {
    return NodePool.named("h100")
        .model(GpuCatalogue.H100_80GB_SXM)
        .labelScheme(scheme)
        .gpusPerNode(8)
        .nodeCount(4)
        .interconnect(Interconnect.INFINIBAND)
        .putTopology(TopologyLevel.ZONE, "europe-west4-a")
        .putTopology(BLOCK, "b1")
        .spread(TopologySpread.over(RACK).domain("r1", 2).domain("r2", 2));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("schemes")
  void everyBuiltInScheme_writesTheInterconnectAndTheTopologyLevels(
      LabelScheme scheme, String interconnectKey) {
    NodePool h100 = pool(scheme).build();

    assertThat(h100.nodeLabels())
        .containsEntry(interconnectKey, "infiniband")
        .containsEntry("topology.kubernetes.io/zone", "europe-west4-a")
        .containsEntry("cloud.google.com/gce-topology-block", "b1");
    assertThat(h100.toNodeGroups())
        .extracting(NodeGroup::name, NodeGroup::nodeCount, g -> g.labels().get(RACK.key()))
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple("h100-r1", 2, "r1"),
            org.assertj.core.groups.Tuple.tuple("h100-r2", 2, "r2"));
    assertThat(h100.toNodeGroups())
        .allSatisfy(g -> assertThat(g.labels()).containsAllEntriesOf(h100.nodeLabels()));
  }

  @Test
  void aSchemeWithoutAnInterconnectKey_refusesTheInterconnect_namingTheKeyToAdd() {
    LabelScheme bare = LabelScheme.builder().name("bare").modelKey("gpu").build();

    assertThatThrownBy(() -> pool(bare).build())
        .isInstanceOf(InvalidSpecException.class)
        .hasMessageContaining("node pool \"h100\" interconnect")
        .hasMessageContaining("the label scheme \"bare\" has no interconnect key")
        .hasMessageContaining(".interconnectKey(\"gpu.interconnect\")");
  }

  @Test
  void theHostLevel_isRefused() {
    assertThatThrownBy(() -> pool(LabelScheme.gfd()).putTopology(TopologyLevel.HOST, "n1").build())
        .isInstanceOf(InvalidSpecException.class)
        .hasMessageContaining("is each node's own name");
  }

  @Test
  void aSpreadThatDoesNotHoldTheNodes_isRefused() {
    assertThatThrownBy(() -> pool(LabelScheme.gfd()).nodeCount(6).build())
        .isInstanceOf(InvalidSpecException.class)
        .hasMessageContaining("its domains hold 4 nodes but nodeCount is 6");
  }

  @Test
  void aLevelOnAnotherLabelsKey_isRefused() {
    TopologyLevel clash = TopologyLevel.of("pool", "gpu.pool");
    assertThatThrownBy(() -> pool(LabelScheme.gpuModel()).putTopology(clash, "x").build())
        .isInstanceOf(InvalidSpecException.class)
        .hasMessageContaining("is also another label of the pool");
  }

  @Test
  void aSpreadPool_roundTripsThroughTheFleetFile(@TempDir Path dir) throws Exception {
    Platform platform =
        Platform.builder()
            .addPools(pool(LabelScheme.gpuModel()).rdma(RdmaDevices.ib(8)).build())
            .addCpuPools(CpuPoolTest.CPU)
            .build();
    Path file = dir.resolve("fleet.yaml");
    Files.writeString(file, Gpuspec.renderFleet(platform.fleet(), "lab"));

    FleetRead read = TestGpuspec.GPUSPEC.readFleet(List.of(file));

    assertThat(read.problems()).isEmpty();
    assertThat(read.fleet().orElseThrow().groups()).isEqualTo(platform.fleet().groups());
    assertThat(read.fleet().orElseThrow().groups().get(0).allocatable())
        .containsKeys("nvidia.com/gpu", "rdma/ib");
    assertThat(Files.readString(file)).contains("rdma/ib: \"8\"");
  }

  @Test
  void aPoolsRdmaDevices_areAdvertisedWithItsGpus() {
    NodePool h100 = pool(LabelScheme.gpuModel()).rdma(RdmaDevices.sharedHca(4)).build();

    assertThat(h100.toNodeGroup().allocatable())
        .containsOnlyKeys("nvidia.com/gpu", "rdma/hca_shared_devices_a");
    assertThat(h100.toPoolView().advertisedPerNode()).containsEntry("rdma/hca_shared_devices_a", 4);
    assertThat(h100.advertisedPerNode()).isEqualTo(Map.of("nvidia.com/gpu", 8));
  }
}
