package io.gpuspec.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The checks {@code build()} runs so that nonsense never becomes a manifest: each one fires with a
 * message naming the object and the field, and stays quiet on a sensible value.
 */
class BuildChecksTest {

  private static final String IMAGE = "nvcr.io/nvidia/pytorch:24.08-py3";

  private static TrainingJob.Builder job() {
    return TrainingJob.named("resnet")
        .namespace("ml")
        .image(IMAGE)
        .gpus(8)
        .onPool(Fixtures.A100_TRAIN);
  }

  private static InferenceDeployment.Builder llm() {
    return InferenceDeployment.named("llm")
        .namespace("serving")
        .image(IMAGE)
        .onPool(Fixtures.L40S_INFERENCE)
        .port("http", 8000);
  }

  private static void fires(Supplier<?> build, String messageStart) {
    assertThatThrownBy(build::get)
        .isInstanceOf(InvalidSpecException.class)
        .hasMessageStartingWith(messageStart);
  }

  private static final String LIMITS =
      "Job/ml/resnet spec.template.spec.containers[0].resources.limits";

  @Nested
  class Quantities {

    @ParameterizedTest
    @ValueSource(strings = {"1e400", "9Ei", "10000000000000000000"})
    void memory_beyondTwoToThe63_fires(String memory) {
      fires(
          () -> job().memory(memory).build(),
          LIMITS
              + "[memory]: \""
              + memory
              + "\" is larger than a Kubernetes quantity can be (2^63-1); it is capped");
    }

    @ParameterizedTest
    @ValueSource(strings = {"abc", " 1Gi", "1 Gi", "0x10", "+-1", "١", "1e"})
    void memory_notAQuantity_fires(String memory) {
      fires(
          () -> job().memory(memory).build(),
          LIMITS + "[memory]: \"" + memory + "\" is not a quantity");
    }

    @Test
    void memory_negativeZeroOrEmpty_fires() {
      fires(
          () -> job().memory("-1Gi").build(), LIMITS + "[memory]: \"-1Gi\" is a negative quantity");
      fires(
          () -> job().memory("0").build(),
          LIMITS + "[memory]: \"0\" is 0: a limit of 0 is no limit to the kubelet");
      fires(
          () -> job().memory("Gi").build(),
          "job \"resnet\" memory: \"Gi\" cannot be written as a quantity;");
      fires(
          () -> job().memory("").build(),
          "job \"resnet\" memory: \"\" cannot be written as a quantity;");
    }

    @Test
    void cpu_belowOneMillicore_fires() {
      fires(
          () -> job().cpu("1e-400").build(),
          LIMITS + "[cpu]: \"1e-400\" is less than 1m, the finest CPU amount Kubernetes keeps;");
      fires(() -> job().cpu("0.0001").build(), LIMITS + "[cpu]: \"0.0001\" is less than 1m");
    }

    @Test
    void memory_belowOneByte_fires() {
      fires(
          () -> job().memory("500m").build(),
          LIMITS + "[memory]: \"500m\" is less than 1 byte Kubernetes keeps;");
    }

    @Test
    void sizesOfSharedMemoryAndVolumes_fire() {
      fires(
          () -> job().sharedMemory("1e400").build(),
          "Job/ml/resnet spec.template.spec.volumes[0].emptyDir.sizeLimit: \"1e400\" is larger");
      fires(
          () -> job().addVolume(WorkloadVolume.scratch("/scratch", "-5Gi")).build(),
          "Job/ml/resnet spec.template.spec.volumes[0].emptyDir.sizeLimit: \"-5Gi\" is a negative"
              + " quantity");
    }

    @ParameterizedTest
    @ValueSource(strings = {"1", "500m", "0.5", "1e3", "1.", ".5", "2k"})
    void cpu_sensible_isQuiet(String cpu) {
      assertThat(job().cpu(cpu).build().cpu()).isEqualTo(cpu);
    }

    @ParameterizedTest
    @ValueSource(strings = {"16Gi", "1.5Gi", "1e9", "512M", "7Ei", "1"})
    void memory_sensible_isQuiet(String memory) {
      assertThat(job().memory(memory).build().memory()).isEqualTo(memory);
    }
  }

  @Nested
  class Overflow {

    @Test
    void parallelismTimesGpus_beyondThePool_isAccepted_sinceAJobsPodsQueue() {
      assertThat(job().parallelism(Integer.MAX_VALUE).build().parallelism())
          .isEqualTo(Integer.MAX_VALUE);
    }

    @Test
    void parallelismThatFits_isQuiet() {
      assertThat(job().parallelism(4).completions(4).build().parallelism()).isEqualTo(4);
    }

    @Test
    void poolNodes_beyondAnyCluster_fire() {
      fires(
          () ->
              NodePool.named("huge")
                  .model(GpuCatalogue.T4)
                  .gpusPerNode(64)
                  .nodeCount(Integer.MAX_VALUE)
                  .build(),
          "Fleet/huge spec.nodeGroups[0].count: 2147483647 nodes is outside 1 to 1000000;");
    }

    @Test
    void largePool_isQuiet() {
      NodePool pool =
          NodePool.named("big").model(GpuCatalogue.T4).gpusPerNode(8).nodeCount(5000).build();
      assertThat(pool.totalGpus()).isEqualTo(40_000);
    }
  }

  @Nested
  class Catalogue {

    @Test
    void migOnAGpuWithoutMig_fires() {
      NodePool t4 = NodePool.named("t4").model(GpuCatalogue.T4).gpusPerNode(4).build();
      fires(
          () -> job().onPool(t4).gpus(1).gpuResource("nvidia.com/mig-1g.10gb").build(),
          "Job/ml/resnet spec.template.spec.containers: the pod requests nvidia.com/mig-1g.10gb but"
              + " is pinned to");
    }

    @Test
    void migProfileLargerThanTheGpuOrMalformed_fires() {
      fires(
          () -> job().gpus(1).gpuResource("nvidia.com/mig-1g.100gb").build(),
          "Job/ml/resnet spec.template.spec.containers: the pod requests nvidia.com/mig-1g.100gb"
              + " but is pinned to");
      fires(
          () -> job().gpus(1).gpuResource("nvidia.com/mig-0g.10gb").build(),
          "job \"resnet\" gpuResource: \"nvidia.com/mig-0g.10gb\" is not a GPU resource;");
    }

    @Test
    void migOnAMigCapableGpu_isQuiet() {
      TrainingJob mig = job().gpus(1).gpuResource("nvidia.com/mig-1g.10gb").build();
      assertThat(mig.gpuResource()).isEqualTo("nvidia.com/mig-1g.10gb");
    }

    @Test
    void gpuResourceThatIsNoResourceName_fires() {
      fires(
          () -> job().gpuResource("nvidia.com/gpu%").build(),
          "job \"resnet\" gpuResource: \"nvidia.com/gpu%\" is not a GPU resource");
      fires(
          () -> job().gpuResource("gpu").build(),
          "job \"resnet\" gpuResource: \"gpu\" is not a GPU resource");
    }

    @Test
    void gpuModelWithMigBeforeAmpere_fires() {
      fires(
          () -> GpuModel.from(GpuCatalogue.V100_32GB).migCapable(true).build(),
          "gpu model \"V100-32GB\" migCapable: VOLTA GPUs cannot be partitioned with MIG");
    }

    @Test
    void gpuModelLabelsAndMemory_fire() {
      fires(
          () -> GpuModel.from(GpuCatalogue.L4).productLabels(List.of("NVIDIA L4")).build(),
          "gpu model \"L4\" productLabels: \"NVIDIA L4\" is not a label value");
      fires(
          () -> GpuModel.from(GpuCatalogue.L4).productLabels(List.of("NVIDIA-L4-SHARED")).build(),
          "gpu model \"L4\" productLabels: \"NVIDIA-L4-SHARED\" ends in -SHARED");
      fires(
          () -> GpuModel.from(GpuCatalogue.L4).family("").build(),
          "gpu model \"L4\" family: \"\" is not a label value");
      fires(
          () -> GpuModel.from(GpuCatalogue.L4).memoryGiB(Integer.MAX_VALUE).build(),
          "gpu model \"L4\" memoryGiB: 2147483647 GiB is more than any GPU has");
    }

    @Test
    void theCatalogueItself_isQuiet() {
      for (GpuModel model : GpuCatalogue.defaults().models()) {
        assertThat(GpuModel.from(model).build()).isEqualTo(model);
      }
    }
  }

  @Nested
  class PoolsAndSchemes {

    @Test
    void twoTaintsWithOneKeyAndEffect_fire() {
      fires(
          () ->
              NodePool.named("a")
                  .model(GpuCatalogue.L4)
                  .gpusPerNode(1)
                  .taints(
                      new NodeTaint("team", "a", NodeTaint.Effect.NO_SCHEDULE),
                      new NodeTaint("team", "b", NodeTaint.Effect.NO_SCHEDULE))
                  .build(),
          "Fleet/a spec.nodeGroups[0].taints[1]: key \"team\" and effect NoSchedule are also"
              + " those of spec.nodeGroups[0].taints[0];");
    }

    @Test
    void oneKeyWithTwoEffects_isQuiet() {
      NodePool pool =
          NodePool.named("a")
              .model(GpuCatalogue.L4)
              .gpusPerNode(1)
              .taints(
                  new NodeTaint("team", "a", NodeTaint.Effect.NO_SCHEDULE),
                  new NodeTaint("team", "a", NodeTaint.Effect.NO_EXECUTE))
              .build();
      assertThat(pool.taints()).hasSize(2);
    }

    @Test
    void extraLabelOnAKeyTheSchemeSets_fires() {
      fires(
          () ->
              NodePool.named("a")
                  .model(GpuCatalogue.L4)
                  .gpusPerNode(1)
                  .putExtraLabel("nvidia.com/gpu.memory", "1")
                  .build(),
          "node pool \"a\" extraLabels: \"nvidia.com/gpu.memory\" is set by the label scheme \"gfd\"");
    }

    @Test
    void schemeUsingOneKeyTwice_fires() {
      fires(
          () -> LabelScheme.builder().name("acme").modelKey("gpu").memoryKey("gpu").build(),
          "label scheme \"acme\": \"gpu\" is used for two labels;");
      fires(
          () -> LabelScheme.from(LabelScheme.gpuType()).putConstantLabel("gpu-type", "x").build(),
          "label scheme \"gpu-type\": \"gpu-type\" is used for two labels;");
      fires(
          () -> LabelScheme.from(LabelScheme.gpuType()).name(" ").build(),
          "label scheme: the name is empty;");
    }

    @Test
    void builtInSchemes_areQuiet() {
      for (LabelScheme scheme : LabelScheme.builtIns()) {
        assertThat(LabelScheme.from(scheme).build()).isEqualTo(scheme);
      }
    }
  }

  @Nested
  class Pods {

    @Test
    void labelsGpuspecSets_fire() {
      fires(
          () -> llm().putLabel("app.kubernetes.io/name", "other").build(),
          "deployment \"llm\" labels: \"app.kubernetes.io/name\" is set by gpuspec");
      fires(
          () -> job().putLabel("app.kubernetes.io/managed-by", "helm").build(),
          "job \"resnet\" labels: \"app.kubernetes.io/managed-by\" is set by gpuspec");
    }

    @Test
    void ownLabels_areQuiet() {
      assertThat(llm().putLabel("team", "search").build().labels()).containsEntry("team", "search");
    }

    @Test
    void annotationsBeyond256KiB_fire() {
      fires(
          () -> job().putAnnotation("example.com/blob", "x".repeat(262_144)).build(),
          "Job/ml/resnet metadata.annotations: the annotations take 262160 bytes, more than the API"
              + " server's 262144;");
      assertThat(job().putAnnotation("example.com/owner", "x".repeat(1000)).build().annotations())
          .hasSize(1);
    }

    @Test
    void runAsUserBeyondInt_fires() {
      fires(
          () -> job().runAsUser(1L << 40).build(),
          "Job/ml/resnet spec.template.spec.securityContext.runAsUser: 1099511627776 is outside 0"
              + " to 2147483647");
      assertThat(job().runAsUser(65_534).build().runAsUser()).isEqualTo(65_534);
    }

    @Test
    void volumeClashingWithSharedMemory_fires() {
      fires(
          () ->
              job()
                  .sharedMemory("8Gi")
                  .addVolume(WorkloadVolume.claim("dshm", "/dshm", "c"))
                  .build(),
          "Job/ml/resnet spec.template.spec.volumes[1].name: volume name \"dshm\" is also used by"
              + " spec.template.spec.volumes[0]");
      fires(
          () ->
              job()
                  .sharedMemory("8Gi")
                  .addVolume(WorkloadVolume.scratch("/dev/shm", "1Gi"))
                  .build(),
          "Job/ml/resnet spec.template.spec.containers[0].volumeMounts[1].mountPath: mount path"
              + " \"/dev/shm\" is also used by spec.template.spec.containers[0].volumeMounts[0]");
      assertThat(job().addVolume(WorkloadVolume.claim("dshm", "/dshm", "c")).build().volumes())
          .hasSize(1);
    }

    @Test
    void duplicatePorts_fire() {
      fires(
          () -> llm().port("http", 8001).build(),
          "deployment \"llm\" ports: two ports are named \"http\"");
      fires(
          () -> llm().port("grpc", 8000).build(),
          "deployment \"llm\" ports: port 8000 is given twice");
      assertThat(llm().port("grpc", 8001).build().ports()).hasSize(2);
    }
  }

  @Nested
  class Records {

    @Test
    void nullsInRecords_areInvalidSpecs() {
      fires(
          () -> new NodeTaint(null, "v", NodeTaint.Effect.NO_SCHEDULE),
          "taint key: the value is null;");
      fires(() -> new NodeTaint("k", "v", null), "taint \"k\" effect: the value is null;");
      fires(() -> new NamedPort(null, 80), "port name: the value is null;");
      fires(
          () -> WorkloadVolume.dataset("d", null, "c"),
          "volume \"d\" mountPath: the value is null;");
      fires(
          () -> WorkloadVolume.dataset("d", "/d", null),
          "volume \"d\" claimName: the value is null;");
      fires(
          () -> GpuPlacement.builder().prefer(10, "zone", (String) null),
          "preference zone values: a value is null;");
    }

    @Test
    void nullsInConvenienceMethods_areInvalidSpecs() {
      fires(() -> job().onPool(null), "training job builder onPool: the value is null;");
      fires(() -> llm().onPool(null), "inference deployment builder onPool: the value is null;");
      fires(() -> Fleet.of(Fixtures.A100_TRAIN, null), "fleet pools: a pool is null;");
      fires(
          () -> GpuCatalogue.defaults().with((GpuModel) null),
          "catalogue model: the value is null;");
    }

    @Test
    void volumeNamesAndCombinations_fire() {
      fires(
          () -> WorkloadVolume.scratch("/s", "1Gi", "Local_NVMe"),
          "volume \"scratch\" storageClass: \"Local_NVMe\" is not a valid name;");
      fires(
          () -> WorkloadVolume.dataset("d", "/d", "no such claim"),
          "volume \"d\" claimName: \"no such claim\" is not a valid name;");
      fires(
          () ->
              new WorkloadVolume(
                  "s", "/s", Optional.empty(), Optional.of("nvme"), Optional.empty(), false),
          "volume \"s\" size: scratch from storage class \"nvme\" needs a size;");
      fires(
          () ->
              new WorkloadVolume(
                  "d", "/d", Optional.of("1Gi"), Optional.empty(), Optional.of("c"), true),
          "volume \"d\": a claim volume takes its size and storage class from the claim;");
    }

    @Test
    void sensibleVolumes_areQuiet() {
      assertThat(WorkloadVolume.scratch("/s", "1Ti", "local-nvme").size()).contains("1Ti");
      assertThat(WorkloadVolume.dataset("d", "/d", "datasets-cephfs").readOnly()).isTrue();
    }
  }
}
