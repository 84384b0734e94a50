package io.gpuspec.sharing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fabric8.kubernetes.api.model.Quantity;
import io.gpuspec.core.GpuCatalogue;
import io.gpuspec.core.GpuModel;
import io.gpuspec.core.InferenceDeployment;
import io.gpuspec.core.InvalidSpecException;
import io.gpuspec.core.LabelScheme;
import io.gpuspec.core.NodePool;
import io.gpuspec.core.PoolSharing.MultipleRequests;
import io.gpuspec.core.TrainingJob;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Node pools shared with {@link GpuSharing}: what they advertise, label and ask of workloads. */
class GpuSharingTest {

  private static NodePool pool(String name, GpuModel model, int gpus, GpuSharing sharing) {
    return NodePool.named(name)
        .model(model)
        .gpusPerNode(gpus)
        .nodeCount(2)
        .sharing(sharing)
        .build();
  }

  private static final GpuSharing T4_X4 = GpuSharing.timeSlicing("t4-x4", 4);

  private static final GpuSharing A100_MIXED =
      GpuSharing.mig(
          "a100-mixed", MigStrategy.MIXED, "all-1g.10gb", MigLayout.uniform("1g.10gb", 7));

  @Test
  void timeSlicing_advertisesGpusTimesReplicas_andGfdLabelsTheSharedProduct() {
    NodePool t4 = pool("t4", GpuCatalogue.T4, 2, T4_X4);

    assertThat(t4.toNodeGroup().allocatable())
        .containsExactly(Map.entry("nvidia.com/gpu", BigDecimal.valueOf(8)));
    assertThat(t4.nodeLabels())
        .containsEntry("nvidia.com/gpu.product", "Tesla-T4-SHARED")
        .containsEntry("nvidia.com/gpu.replicas", "4")
        .containsEntry("nvidia.com/gpu.sharing-strategy", "time-slicing")
        .containsEntry("nvidia.com/device-plugin.config", "t4-x4");
    assertThat(t4.selectorLabels())
        .containsExactlyInAnyOrderEntriesOf(
            Map.of(
                "nvidia.com/gpu.product", "Tesla-T4-SHARED",
                "nvidia.com/device-plugin.config", "t4-x4"));
  }

  @Test
  void renamedSharing_advertisesTheSharedName_andKeepsTheProductLabel() {
    GpuSharing renamed =
        GpuSharing.of(
            "l4-shared",
            DevicePluginConfig.builder()
                .sharing(
                    SharingConfig.builder()
                        .strategy(SharingStrategy.TIME_SLICING)
                        .renameByDefault(true)
                        .addResources(SharedResource.of("nvidia.com/gpu", 3))
                        .build())
                .build());
    NodePool l4 = pool("l4", GpuCatalogue.L4, 1, renamed);

    assertThat(l4.advertisedPerNode()).containsExactly(Map.entry("nvidia.com/gpu.shared", 3));
    assertThat(l4.nodeLabels()).containsEntry("nvidia.com/gpu.product", "NVIDIA-L4");
    assertThat(
            InferenceDeployment.named("chat")
                .image("img:1")
                .onPool(l4)
                .build()
                .toDeployment()
                .getSpec()
                .getTemplate()
                .getSpec()
                .getContainers()
                .get(0)
                .getResources()
                .getLimits())
        .containsEntry("nvidia.com/gpu.shared", new Quantity("1"));
  }

  @Test
  void migMixed_advertisesOneResourcePerProfile_andWorkloadsRequestIt() {
    NodePool a100 = pool("a100", GpuCatalogue.A100_80GB, 8, A100_MIXED);

    assertThat(a100.advertisedPerNode()).containsExactly(Map.entry("nvidia.com/mig-1g.10gb", 56));
    assertThat(a100.nodeLabels())
        .containsEntry("nvidia.com/gpu.product", "NVIDIA-A100-SXM4-80GB")
        .containsEntry("nvidia.com/mig.strategy", "mixed")
        .containsEntry("nvidia.com/mig.config", "all-1g.10gb");
    TrainingJob job =
        TrainingJob.named("slices").image("img:1").parallelism(112).onPool(a100).build();
    assertThat(
            job.toJob()
                .getSpec()
                .getTemplate()
                .getSpec()
                .getContainers()
                .get(0)
                .getResources()
                .getLimits())
        .containsEntry("nvidia.com/mig-1g.10gb", new Quantity("1"));
    // a Job's pods need not run at once: the 113th waits for one of the 112 instances
    assertThat(
            TrainingJob.named("slices")
                .image("img:1")
                .parallelism(113)
                .onPool(a100)
                .build()
                .parallelism())
        .isEqualTo(113);
  }

  @Test
  void migSingle_advertisesInstancesAsGpus_andGfdNamesTheProfileInTheProduct() {
    GpuSharing single =
        GpuSharing.mig(
            "h100-single", MigStrategy.SINGLE, "all-3g.40gb", MigLayout.uniform("3g.40gb", 2));
    NodePool h100 = pool("h100", GpuCatalogue.H100_80GB_SXM, 4, single);

    assertThat(h100.advertisedPerNode()).containsExactly(Map.entry("nvidia.com/gpu", 8));
    assertThat(h100.selectorLabels())
        .containsEntry("nvidia.com/gpu.product", "NVIDIA-H100-80GB-HBM3-MIG-3g.40gb");
  }

  @Test
  void mediaExtensionProfile_isSanitisedInTheProductLabel() {
    GpuSharing me =
        GpuSharing.mig(
            "a100-me", MigStrategy.SINGLE, "all-1g.10gb-me", MigLayout.uniform("1g.10gb+me", 1));

    assertThat(pool("a100", GpuCatalogue.A100_80GB, 1, me).nodeLabels())
        .containsEntry("nvidia.com/gpu.product", "NVIDIA-A100-SXM4-80GB-MIG-1g.10gbme");
  }

  @Test
  void migOnAGpuWithoutMig_failsAtBuild() {
    assertThatThrownBy(() -> pool("t4", GpuCatalogue.T4, 1, A100_MIXED))
        .isInstanceOf(InvalidSpecException.class)
        .hasMessage(
            "node pool \"t4\" sharing: T4 cannot be partitioned with MIG; share it with time-slicing"
                + " or MPS, or use a MIG GPU (A30, A100, H100, H200, B200)");
  }

  @Test
  void aLayoutTheGpuCannotHold_failsAtBuild() {
    GpuSharing four =
        GpuSharing.mig("four-2g", MigStrategy.MIXED, "four-2g", MigLayout.uniform("2g.10gb", 4));

    assertThatThrownBy(() -> pool("a100", GpuCatalogue.A100_40GB, 8, four))
        .isInstanceOf(InvalidSpecException.class)
        .hasMessageContaining("2g.10gb x4 but at most 3 fit on one A100-40GB");
  }

  @Test
  void mpsAboveTheModelsLimit_failsTheConfigMapOfThePools() {
    NodePool v100 = pool("v100", GpuCatalogue.V100_16GB, 4, GpuSharing.mps("v100-mps", 20));
    assertThat(v100.advertisedPerNode()).containsEntry("nvidia.com/gpu", 80);
    assertThatThrownBy(() -> DevicePluginConfigMap.ofPools("plugin", List.of(v100)).build())
        .isInstanceOfSatisfying(
            InvalidSpecException.class, refused -> assertThat(refused.ruleId()).contains("SHR003"))
        .hasMessageContaining("serves at most 16");
  }

  @Test
  void multipleRequests_followTheStrategyAndFailRequestsGreaterThanOne() {
    GpuSharing strict =
        GpuSharing.of(
            "strict",
            DevicePluginConfig.builder()
                .sharing(
                    SharingConfig.builder()
                        .strategy(SharingStrategy.TIME_SLICING)
                        .failRequestsGreaterThanOne(true)
                        .addResources(SharedResource.of("nvidia.com/gpu", 2))
                        .build())
                .build());

    assertThat(T4_X4.multipleRequests("nvidia.com/gpu")).isEqualTo(MultipleRequests.NO_GAIN);
    assertThat(strict.multipleRequests("nvidia.com/gpu")).isEqualTo(MultipleRequests.REJECTED);
    assertThat(GpuSharing.mps("m", 4).multipleRequests("nvidia.com/gpu"))
        .isEqualTo(MultipleRequests.REJECTED);
    assertThat(A100_MIXED.multipleRequests("nvidia.com/mig-1g.10gb"))
        .isEqualTo(MultipleRequests.ALLOWED);
  }

  @Test
  void aPoolAdvertisingSeveralResources_needsTheWorkloadToChoose() {
    MigLayout balanced =
        MigLayout.of(
            MigDeviceGroup.builder()
                .profile("3g.40gb", 1)
                .profile("2g.20gb", 1)
                .profile("1g.10gb", 2)
                .build());
    NodePool a100 =
        pool(
            "a100",
            GpuCatalogue.A100_80GB,
            2,
            GpuSharing.mig("bal", MigStrategy.MIXED, "balanced", balanced));

    assertThatThrownBy(() -> InferenceDeployment.named("x").image("img:1").onPool(a100).build())
        .isInstanceOf(InvalidSpecException.class)
        .hasMessageContaining("advertises several GPU resources")
        .hasMessageContaining("choose one with .gpuResource");
    InferenceDeployment chosen =
        InferenceDeployment.named("x")
            .image("img:1")
            .gpuResource("nvidia.com/mig-3g.40gb")
            .onPool(a100)
            .build();
    assertThat(
            chosen
                .toDeployment()
                .getSpec()
                .getTemplate()
                .getSpec()
                .getContainers()
                .get(0)
                .getResources()
                .getLimits())
        .containsKey("nvidia.com/mig-3g.40gb");
  }

  @Test
  void configMapsOfPools_gatherEachPoolsConfigAndLayoutByName() {
    NodePool t4 = pool("t4", GpuCatalogue.T4, 1, T4_X4);
    NodePool a100 = pool("a100", GpuCatalogue.A100_80GB, 8, A100_MIXED);

    DevicePluginConfigMap plugin =
        DevicePluginConfigMap.ofPools("device-plugin-configs", List.of(t4, a100)).build();
    MigPartedConfigMap mig =
        MigPartedConfigMap.ofPools(
                "custom-mig-parted-config",
                List.of(t4, a100),
                Map.of("all-disabled", MigLayout.disabled()))
            .build();

    assertThat(plugin.configs()).containsOnlyKeys("t4-x4", "a100-mixed");
    assertThat(plugin.configs().get("a100-mixed").effectiveMigStrategy())
        .isEqualTo(MigStrategy.MIXED);
    assertThat(mig.config().migConfigs()).containsOnlyKeys("all-disabled", "all-1g.10gb");
  }

  @Test
  void twoPoolsGivingOneNameToDifferentConfigs_fail() {
    NodePool t4 = pool("t4", GpuCatalogue.T4, 1, T4_X4);
    NodePool l4 = pool("l4", GpuCatalogue.L4, 1, GpuSharing.timeSlicing("t4-x4", 2));

    assertThatThrownBy(() -> DevicePluginConfigMap.ofPools("cm", List.of(t4, l4)))
        .isInstanceOf(InvalidSpecException.class)
        .hasMessageContaining("pools \"t4\" and \"l4\" give this name to different configs");
  }

  @Test
  void build_rejectsANameNoNodeCanSelect_andAHalfGivenLayout() {
    assertThatThrownBy(() -> GpuSharing.timeSlicing("not a label", 2))
        .isInstanceOf(InvalidSpecException.class)
        .hasMessageContaining("not both a ConfigMap key and a label value");
    assertThatThrownBy(
            () ->
                GpuSharing.builder()
                    .configName("x")
                    .config(DevicePluginConfig.builder().build())
                    .migConfigName("all-1g.10gb")
                    .build())
        .isInstanceOf(InvalidSpecException.class)
        .hasMessageContaining("a MIG layout needs its name and a name its layout");
  }

  @Test
  void customLabelScheme_pinsTheConfigLabelsBesideItsOwn() {
    NodePool t4 =
        NodePool.named("t4")
            .model(GpuCatalogue.T4)
            .gpusPerNode(1)
            .labelScheme(LabelScheme.gpuModel())
            .sharing(T4_X4)
            .build();

    assertThat(t4.selectorLabels())
        .containsEntry("gpu.model", "T4")
        .containsEntry("nvidia.com/device-plugin.config", "t4-x4")
        .doesNotContainKey("nvidia.com/gpu.product");
  }
}
