package io.gpuspec.sharing;

import static io.gpuspec.core.GpuCatalogue.A100_40GB;
import static io.gpuspec.core.GpuCatalogue.A100_80GB;
import static io.gpuspec.core.GpuCatalogue.T4;
import static io.gpuspec.core.GpuCatalogue.V100_32GB;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.gpuspec.core.GpuModel;
import io.gpuspec.core.InvalidSpecException;
import io.gpuspec.core.NodePool;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** What a pool advertises: resource names and counts per node. */
class AdvertisedResourcesTest {

  private static final MigCatalogue MIG = MigCatalogue.defaults();

  private static NodePool pool(GpuModel model, int gpus, int nodes) {
    return NodePool.named("pool").model(model).gpusPerNode(gpus).nodeCount(nodes).build();
  }

  private static DevicePluginConfig timeSliced(
      MigStrategy strategy, boolean rename, SharedResource... resources) {
    return DevicePluginConfig.builder()
        .migStrategy(strategy)
        .sharing(
            SharingConfig.builder()
                .strategy(SharingStrategy.TIME_SLICING)
                .renameByDefault(rename)
                .addResources(resources)
                .build())
        .build();
  }

  @Test
  void replicasBeyondACount_areRefused_notWrapped() {
    DevicePluginConfig huge =
        timeSliced(MigStrategy.NONE, false, SharedResource.of("nvidia.com/gpu", 1_000_000_000));
    assertThatThrownBy(() -> AdvertisedResources.of(pool(T4, 8, 1), huge))
        .isInstanceOf(InvalidSpecException.class)
        .hasMessageContaining("8000000000 is more than a Kubernetes count can hold");
    assertThatThrownBy(() -> AdvertisedResources.of(pool(T4, 1, 4), huge))
        .isInstanceOf(InvalidSpecException.class)
        .hasMessageContaining("4000000000 is more than a Kubernetes count can hold");
    assertThat(AdvertisedResources.of(pool(T4, 2, 1), huge).perNode("nvidia.com/gpu"))
        .isEqualTo(2_000_000_000);
  }

  @Test
  void oneT4SharedFourWays_advertisesFourGpus() {
    DevicePluginConfig config = Fixtures.timeSlicingT4().configs().get("tesla-t4");
    AdvertisedResources advertised = AdvertisedResources.of(pool(T4, 1, 3), config);
    assertThat(advertised.perNode()).containsExactly(Map.entry("nvidia.com/gpu", 4));
    assertThat(advertised.perPool()).containsExactly(Map.entry("nvidia.com/gpu", 12));
  }

  @Test
  void noSharing_advertisesThePhysicalGpus() {
    AdvertisedResources advertised =
        AdvertisedResources.of(pool(A100_80GB, 8, 2), DevicePluginConfig.builder().build());
    assertThat(advertised.perNode()).containsExactly(Map.entry("nvidia.com/gpu", 8));
  }

  @Test
  void renameByDefault_advertisesTheSharedName() {
    AdvertisedResources advertised =
        AdvertisedResources.of(
            pool(T4, 4, 1),
            timeSliced(MigStrategy.NONE, true, SharedResource.of("nvidia.com/gpu", 10)));
    assertThat(advertised.perNode()).containsExactly(Map.entry("nvidia.com/gpu.shared", 40));
    assertThat(advertised.perNode("nvidia.com/gpu")).isZero();
  }

  @Test
  void mixedStrategy_advertisesEachProfileAndWholeGpus() {
    AdvertisedResources advertised =
        AdvertisedResources.of(
            pool(A100_80GB, 8, 1),
            DevicePluginConfig.builder().migStrategy(MigStrategy.MIXED).build(),
            Fixtures.mixedMig().config().layout("80gb-mixed").orElseThrow(),
            MIG);
    assertThat(advertised.perNode())
        .containsExactly(
            Map.entry("nvidia.com/gpu", 2),
            Map.entry("nvidia.com/mig-1g.10gb", 4 * 2 + 2 * 7),
            Map.entry("nvidia.com/mig-2g.20gb", 4),
            Map.entry("nvidia.com/mig-3g.40gb", 4));
  }

  @Test
  void mixedStrategy_mediaExtensionProfileGetsAValidResourceName() {
    AdvertisedResources advertised =
        AdvertisedResources.of(
            pool(A100_40GB, 2, 1),
            DevicePluginConfig.builder().migStrategy(MigStrategy.MIXED).build(),
            MigLayout.of(
                MigDeviceGroup.builder().profile("1g.5gb+me", 1).profile("1g.5gb", 6).build()),
            MIG);
    assertThat(advertised.perNode())
        .containsExactly(
            Map.entry("nvidia.com/mig-1g.5gb", 12), Map.entry("nvidia.com/mig-1g.5gb.me", 2));
  }

  @Test
  void singleStrategy_advertisesTheInstancesAsGpus() {
    AdvertisedResources advertised =
        AdvertisedResources.of(
            pool(A100_40GB, 4, 1),
            DevicePluginConfig.builder().migStrategy(MigStrategy.SINGLE).build(),
            MigLayout.uniform("1g.5gb", 7),
            MIG);
    assertThat(advertised.perNode()).containsExactly(Map.entry("nvidia.com/gpu", 28));
  }

  @Test
  void singleStrategy_rejectsTwoProfilesOnANode() {
    assertThatThrownBy(
            () ->
                AdvertisedResources.of(
                    pool(A100_80GB, 8, 1),
                    DevicePluginConfig.builder().migStrategy(MigStrategy.SINGLE).build(),
                    Fixtures.mixedMig().config().layout("80gb-mixed").orElseThrow(),
                    MIG))
        .isInstanceOf(InvalidSpecException.class)
        .hasMessageContaining(
            "migStrategy single needs every GPU of a node in MIG mode with the same one profile");
  }

  @Test
  void timeSlicedMigProfile_multipliesTheInstances() {
    AdvertisedResources advertised =
        AdvertisedResources.of(
            pool(A100_80GB, 8, 1),
            timeSliced(MigStrategy.MIXED, false, SharedResource.of("nvidia.com/mig-1g.10gb", 2)),
            Fixtures.mixedMig().config().layout("80gb-mixed").orElseThrow(),
            MIG);
    assertThat(advertised.perNode("nvidia.com/mig-1g.10gb")).isEqualTo(22 * 2);
    assertThat(advertised.perNode("nvidia.com/mig-3g.40gb")).isEqualTo(4);
  }

  @Test
  void sharedResourceThePoolDoesNotAdvertise_isAnError() {
    assertThatThrownBy(
            () ->
                AdvertisedResources.of(
                    pool(A100_80GB, 8, 1),
                    timeSliced(
                        MigStrategy.MIXED, false, SharedResource.of("nvidia.com/mig-1g.5gb", 2)),
                    Fixtures.mixedMig().config().layout("80gb-mixed").orElseThrow(),
                    MIG))
        .hasMessageContaining("the pool advertises no such resource");
  }

  @Test
  void mpsOnMigGpus_isAnError() {
    DevicePluginConfig mps =
        DevicePluginConfig.builder()
            .migStrategy(MigStrategy.SINGLE)
            .sharing(SharingConfig.mps(SharedResource.of("nvidia.com/gpu", 4)))
            .build();
    assertThatThrownBy(
            () ->
                AdvertisedResources.of(
                    pool(A100_80GB, 8, 1), mps, MigLayout.uniform("3g.40gb", 2), MIG))
        .hasMessageContaining("MPS sharing on GPUs with MIG enabled");
    assertThat(
            AdvertisedResources.of(pool(A100_80GB, 8, 1), mps, MigLayout.disabled(), MIG).perNode())
        .containsExactly(Map.entry("nvidia.com/gpu", 32));
  }

  @Test
  void mpsAboveTheModelsClientLimit_isAdvertisedAsConfigured() {
    DevicePluginConfig mps =
        DevicePluginConfig.builder()
            .sharing(SharingConfig.mps(SharedResource.of("nvidia.com/gpu", 20)))
            .build();
    // what the plugin advertises; that a V100 serves only 16 clients is SHR003's, on the ConfigMap
    assertThat(AdvertisedResources.of(pool(V100_32GB, 8, 1), mps).perNode("nvidia.com/gpu"))
        .isEqualTo(160);
    assertThat(AdvertisedResources.of(pool(T4, 1, 1), mps).perNode("nvidia.com/gpu")).isEqualTo(20);
  }

  @Test
  void layoutMustCoverEachGpuExactlyOnce() {
    DevicePluginConfig mixed = DevicePluginConfig.builder().migStrategy(MigStrategy.MIXED).build();
    MigLayout partial =
        MigLayout.of(
            MigDeviceGroup.builder()
                .devices(DeviceSelection.indices(0))
                .profile("7g.80gb", 1)
                .build());
    assertThatThrownBy(() -> AdvertisedResources.of(pool(A100_80GB, 2, 1), mixed, partial, MIG))
        .hasMessageStartingWith(
            "node pool \"pool\" GPU 1: no group of the MIG layout applies to it");
    MigLayout twice =
        MigLayout.of(
            MigDeviceGroup.uniform("7g.80gb", 1),
            MigDeviceGroup.disabled(DeviceSelection.indices(1)));
    assertThatThrownBy(() -> AdvertisedResources.of(pool(A100_80GB, 2, 1), mixed, twice, MIG))
        .hasMessageContaining("MIG layout groups [0, 1] all apply to it");
  }

  @Test
  void layoutThatDoesNotFitThePool_isAnError() {
    DevicePluginConfig mixed = DevicePluginConfig.builder().migStrategy(MigStrategy.MIXED).build();
    assertThatThrownBy(
            () ->
                AdvertisedResources.of(
                    pool(A100_40GB, 8, 1), mixed, MigLayout.uniform("1g.10gb", 7), MIG))
        .hasMessageContaining("1g.10gb x7 but at most 4 fit on one A100-40GB");
    assertThatThrownBy(
            () ->
                AdvertisedResources.of(
                    pool(A100_80GB, 8, 1),
                    DevicePluginConfig.builder().build(),
                    MigLayout.uniform("7g.80gb", 1),
                    MIG))
        .hasMessageContaining("migStrategy none advertises only whole GPUs");
  }
}
