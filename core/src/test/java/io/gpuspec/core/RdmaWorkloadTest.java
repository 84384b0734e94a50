package io.gpuspec.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.NodeSelectorRequirement;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.Quantity;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Workloads that require an interconnect and request RDMA devices, only where a pool has them. */
class RdmaWorkloadTest {

  static final NodePool H100_IB =
      NodePool.named("h100-ib")
          .model(GpuCatalogue.H100_80GB_SXM)
          .labelScheme(LabelScheme.gpuModel())
          .gpusPerNode(8)
          .nodeCount(4)
          .interconnect(Interconnect.INFINIBAND)
          .rdma(RdmaDevices.ib(8))
          .build();

  private static TrainingJob.Builder train(NodePool pool) {
    return TrainingJob.named("train")
        .namespace("ml")
        .image("nvcr.io/nvidia/pytorch:24.08-py3")
        .gpus(8)
        .rdmaDevices(1)
        .onPool(pool, Interconnect.INFINIBAND);
  }

  @Test
  void aWorkloadOnAnRdmaPool_requestsItsDevicesAndPinsTheInterconnect() {
    TrainingJob job = train(H100_IB).build();
    PodSpec spec = job.toJob().getSpec().getTemplate().getSpec();
    Container main = spec.getContainers().get(0);

    assertThat(main.getResources().getLimits()).containsEntry("rdma/ib", new Quantity("1"));
    assertThat(main.getResources().getRequests()).containsEntry("rdma/ib", new Quantity("1"));
    List<NodeSelectorRequirement> pinned =
        spec.getAffinity()
            .getNodeAffinity()
            .getRequiredDuringSchedulingIgnoredDuringExecution()
            .getNodeSelectorTerms()
            .get(0)
            .getMatchExpressions();
    assertThat(pinned)
        .anySatisfy(
            r -> {
              assertThat(r.getKey()).isEqualTo("gpu.interconnect");
              assertThat(r.getValues()).containsExactly("infiniband");
            });
    Platform platform = Platform.builder().add(job).build();
    assertThat(TestGpuspec.GPUSPEC.check(platform).violations()).isEmpty();
    assertThat(
            TestGpuspec.GPUSPEC
                .checkFleet(platform.fleet(), TestGpuspec.GPUSPEC.manifests(platform))
                .violations())
        .isEmpty();
  }

  @Test
  void rdmaDevicesOnAPoolWithoutThem_areRefused() {
    assertThatThrownBy(() -> train(Fixtures.H100_TRAIN).build())
        .isInstanceOf(InvalidSpecException.class)
        .hasMessageContaining("pool \"h100-train\" declares no RDMA resource");
  }

  @Test
  void anInterconnectThePoolLacks_isGpu005AtBuild() {
    NodePool nvlink =
        NodePool.from(H100_IB).name("h100-nvl").interconnect(Interconnect.NVLINK).build();

    assertThatThrownBy(() -> train(nvlink).build())
        .isInstanceOfSatisfying(
            InvalidSpecException.class, e -> assertThat(e.ruleId()).contains("GPU005"))
        .hasMessageContaining("match no pool of the fleet");
  }

  @Test
  void moreRdmaDevicesThanANodeHas_isGpu005AtBuild() {
    assertThatThrownBy(() -> train(H100_IB).rdmaDevices(9).build())
        .isInstanceOf(InvalidSpecException.class)
        .hasMessageContaining(
            "requests 9 rdma/ib per pod but the nodes of the pools it selects"
                + " (h100-ib) have at most 8");
  }
}
