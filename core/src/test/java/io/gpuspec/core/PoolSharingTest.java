package io.gpuspec.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.NodeSelectorRequirement;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * What a pool with a {@link PoolSharing} knows and does, with a test double standing for the
 * sharing module's implementation: time-slicing of {@code nvidia.com/gpu} advertised as {@code
 * nvidia.com/gpu.shared}.
 */
class PoolSharingTest {

  /** Every GPU advertised {@code replicas} times as {@code resource}. */
  private record Replicated(
      String config, String resource, int replicas, PoolSharing.MultipleRequests multiple)
      implements PoolSharing {

    @Override
    public Map<String, String> configLabels() {
      return Map.of("nvidia.com/device-plugin.config", config);
    }

    @Override
    public Map<String, String> discoveredLabels(PoolShape pool) {
      return Map.of(
          "nvidia.com/gpu.product",
          pool.model().productLabel() + "-SHARED",
          "nvidia.com/gpu.replicas",
          Integer.toString(replicas));
    }

    @Override
    public Map<String, Integer> advertisedPerNode(PoolShape pool) {
      return Map.of(resource, pool.gpusPerNode() * replicas);
    }

    @Override
    public Optional<String> defaultResource(PoolShape pool) {
      return Optional.of(resource);
    }

    @Override
    public MultipleRequests multipleRequests(String name) {
      return name.equals(resource) ? multiple : MultipleRequests.ALLOWED;
    }

    @Override
    public void validate(PoolShape pool) {
      InvalidSpecException.require(
          replicas >= 2, "sharing " + config, replicas + " replicas", "use at least 2");
    }
  }

  private static final PoolSharing SHARED_4 =
      new Replicated("t4-x4", "nvidia.com/gpu.shared", 4, PoolSharing.MultipleRequests.NO_GAIN);

  private static NodePool t4(PoolSharing sharing, LabelScheme scheme) {
    return NodePool.named("t4-shared")
        .model(GpuCatalogue.T4)
        .gpusPerNode(2)
        .nodeCount(3)
        .labelScheme(scheme)
        .purpose(PoolPurpose.INFERENCE)
        .sharing(sharing)
        .build();
  }

  @Test
  void toNodeGroup_advertisesGpusTimesReplicasUnderTheSharedName() {
    NodePool pool = t4(SHARED_4, LabelScheme.gfd());

    assertThat(pool.advertisedPerNode()).containsExactly(Map.entry("nvidia.com/gpu.shared", 8));
    assertThat(pool.toNodeGroup().allocatable())
        .containsExactly(Map.entry("nvidia.com/gpu.shared", BigDecimal.valueOf(8)));
    assertThat(Fleet.of(pool).groups().get(0).allocatable()).doesNotContainKey("nvidia.com/gpu");
  }

  @Test
  void withoutSharing_aPoolAdvertisesItsGpus() {
    assertThat(Fixtures.A100_TRAIN.advertisedPerNode())
        .containsExactly(Map.entry("nvidia.com/gpu", 8));
    assertThat(Fixtures.A100_TRAIN.advertisedPerNode("nvidia.com/gpu.shared")).isZero();
  }

  @Test
  void gfdPool_carriesTheDiscoveredAndConfigLabels_andPinsTheSharedProduct() {
    NodePool pool = t4(SHARED_4, LabelScheme.gfd());

    assertThat(pool.nodeLabels())
        .containsEntry("nvidia.com/gpu.product", "Tesla-T4-SHARED")
        .containsEntry("nvidia.com/gpu.replicas", "4")
        .containsEntry("nvidia.com/device-plugin.config", "t4-x4");
    assertThat(pool.selectorLabels())
        .containsEntry("nvidia.com/gpu.product", "Tesla-T4-SHARED")
        .containsEntry("nvidia.com/device-plugin.config", "t4-x4")
        .doesNotContainKey("nvidia.com/gpu.replicas");
  }

  @Test
  void customSchemePool_pinsTheConfigLabelButKeepsItsModelLabel() {
    NodePool pool = t4(SHARED_4, LabelScheme.gpuType());

    assertThat(pool.selectorLabels())
        .containsEntry("gpu-type", "t4")
        .containsEntry("nvidia.com/device-plugin.config", "t4-x4");
    assertThat(pool.nodeLabels()).doesNotContainKey("nvidia.com/gpu.replicas");
  }

  @Test
  void build_validatesTheSharingAgainstThePool() {
    PoolSharing one =
        new Replicated("t4-x1", "nvidia.com/gpu", 1, PoolSharing.MultipleRequests.NO_GAIN);

    assertThatThrownBy(() -> t4(one, LabelScheme.gfd()))
        .isInstanceOf(InvalidSpecException.class)
        .hasMessage("sharing t4-x1: 1 replicas; use at least 2");
  }

  @Test
  void build_extraLabelOwnedByTheSharing_fails() {
    assertThatThrownBy(
            () ->
                NodePool.named("t4")
                    .model(GpuCatalogue.T4)
                    .gpusPerNode(1)
                    .sharing(SHARED_4)
                    .putExtraLabel("nvidia.com/device-plugin.config", "other")
                    .build())
        .isInstanceOf(InvalidSpecException.class)
        .hasMessageContaining("\"nvidia.com/device-plugin.config\" is set by the pool's sharing");
  }

  @Test
  void workloadOnTheSharedPool_requestsThePoolsResource_andPinsItsLabels() {
    NodePool pool = t4(SHARED_4, LabelScheme.gfd());
    Deployment deployment =
        InferenceDeployment.named("chat")
            .image("nvcr.io/nvidia/tritonserver:24.08-py3")
            .onPool(pool)
            .build()
            .toDeployment();

    Container main = deployment.getSpec().getTemplate().getSpec().getContainers().get(0);
    assertThat(main.getResources().getLimits())
        .containsEntry("nvidia.com/gpu.shared", new Quantity("1"))
        .doesNotContainKey("nvidia.com/gpu");
    assertThat(main.getResources().getRequests()).isEqualTo(main.getResources().getLimits());
    List<NodeSelectorRequirement> required =
        deployment
            .getSpec()
            .getTemplate()
            .getSpec()
            .getAffinity()
            .getNodeAffinity()
            .getRequiredDuringSchedulingIgnoredDuringExecution()
            .getNodeSelectorTerms()
            .get(0)
            .getMatchExpressions();
    assertThat(required)
        .extracting(NodeSelectorRequirement::getKey, r -> r.getValues().get(0))
        .contains(
            org.assertj.core.groups.Tuple.tuple("nvidia.com/gpu.product", "Tesla-T4-SHARED"),
            org.assertj.core.groups.Tuple.tuple("nvidia.com/device-plugin.config", "t4-x4"));
  }

  @Test
  void twoReplicasPerContainer_failWhereThePluginRejectsThem() {
    NodePool strict =
        t4(
            new Replicated("t4-strict", "nvidia.com/gpu", 4, PoolSharing.MultipleRequests.REJECTED),
            LabelScheme.gfd());

    assertThatThrownBy(() -> TrainingJob.named("two").image("img:1").gpus(2).onPool(strict).build())
        .isInstanceOf(InvalidSpecException.class)
        .hasMessageStartingWith(
            "job \"two\" gpus: 2 nvidia.com/gpu per container, but on pool \"t4-shared\" it is a"
                + " replica of a shared GPU and the device plugin fails requests for more than one");
  }

  @Test
  void twoReplicasPerContainer_buildWhereThePluginAdmitsThem() {
    TrainingJob job =
        TrainingJob.named("two")
            .image("img:1")
            .gpus(2)
            .onPool(t4(SHARED_4, LabelScheme.gfd()))
            .build();

    assertThat(
            job.toJob()
                .getSpec()
                .getTemplate()
                .getSpec()
                .getContainers()
                .get(0)
                .getResources()
                .getLimits())
        .containsEntry("nvidia.com/gpu.shared", new Quantity("2"));
  }

  @Test
  void aResourceThePoolDoesNotAdvertise_failsAtBuild() {
    assertThatThrownBy(
            () ->
                InferenceDeployment.named("mig")
                    .image("img:1")
                    .gpuResource("nvidia.com/mig-1g.10gb")
                    .onPool(t4(SHARED_4, LabelScheme.gfd()))
                    .build())
        .isInstanceOf(InvalidSpecException.class)
        .hasMessage(
            "deployment \"mig\" gpuResource: pool \"t4-shared\" advertises no"
                + " nvidia.com/mig-1g.10gb (it advertises {nvidia.com/gpu.shared=8}); request one"
                + " of the resources the pool advertises, or use another pool");
  }

  @Test
  void moreThanANodeAdvertises_failsNamingTheResource() {
    assertThatThrownBy(
            () ->
                InferenceDeployment.named("big")
                    .image("img:1")
                    .gpus(9)
                    .onPool(t4(SHARED_4, LabelScheme.gfd()))
                    .build())
        .isInstanceOf(InvalidSpecException.class)
        .hasMessage(
            "Deployment/default/big spec.template.spec.containers: the pod requests 9 GPUs per pod"
                + " but the nodes of the pools it selects have at most 8; it can never schedule;"
                + " request at most 8 GPUs per pod, or select a pool with larger nodes");
  }

  @Test
  void parallelism_beyondWhatThePoolAdvertises_queues() {
    NodePool pool = t4(SHARED_4, LabelScheme.gfd()); // 3 nodes x 8 replicas

    // a Job's pods need not run at once: the 25th waits for a replica, as the scheduler does
    TrainingJob wide =
        TrainingJob.named("wide").image("img:1").parallelism(25).onPool(pool).build();
    assertThat(wide.parallelism()).isEqualTo(25);
  }
}
