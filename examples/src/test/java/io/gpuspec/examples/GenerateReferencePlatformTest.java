package io.gpuspec.examples;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaimTemplate;
import io.gpuspec.core.NodeGroup;
import io.gpuspec.core.Platform;
import io.gpuspec.core.TestGpuspec;
import io.gpuspec.core.fleet.FleetReport;
import io.gpuspec.core.k8s.GpuResources;
import io.gpuspec.core.manifest.ReadResult;
import io.gpuspec.tfjob.model.TFJob;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class GenerateReferencePlatformTest {

  @TempDir Path temp;

  @Test
  void run_writesEveryObjectAndReadsBackWithoutProblems() {
    ByteArrayOutputStream console = new ByteArrayOutputStream();
    Path out = temp.resolve("manifests");
    boolean wrote =
        GenerateReferencePlatform.run(
            ReferencePlatform.build(), out, new PrintStream(console, true, StandardCharsets.UTF_8));

    assertThat(wrote).as(console.toString(StandardCharsets.UTF_8)).isTrue();
    assertThat(console.toString(StandardCharsets.UTF_8))
        .contains("wrote 76 objects")
        .contains("0 errors, 0 warnings");
    ReadResult read = TestGpuspec.read(out);
    assertThat(read.problems()).isEmpty();
    assertThat(read.manifests())
        .isEqualTo(TestGpuspec.GPUSPEC.manifests(ReferencePlatform.build())); // in write order
  }

  @Test
  void build_hasAnInferenceDeploymentAndATrainingJobPerPoolAndTfJobsOnA100AndH100() {
    List<HasMetadata> objects = ReferencePlatform.build().manifests().objects();
    assertThat(objects)
        .filteredOn(o -> o instanceof Deployment)
        .hasSize(6); // embeddings, MIG, DRA, gateway on the CPU pool, two teams' notebooks
    assertThat(objects)
        .filteredOn(o -> o instanceof io.fabric8.kubernetes.api.model.batch.v1.Job)
        .hasSize(5); // 3 training jobs, a batch inference job, preprocessing on the CPU pool
    assertThat(objects)
        .filteredOn(o -> o instanceof TFJob)
        .extracting(o -> o.getMetadata().getName())
        .containsExactly("bert-h100", "mnist-a100");
    assertThat(ReferencePlatform.A100_TRAIN.labelScheme().name()).isEqualTo("gfd");
    assertThat(ReferencePlatform.H100_TRAIN.labelScheme().name()).isEqualTo("gpu.model");
  }

  @Test
  void build_hasACpuPoolOf35Nodes_andInfiniBandOnTheGpuPoolsOnly() {
    Platform platform = ReferencePlatform.build();
    assertThat(platform.fleet().cpuPools()).containsExactly(ReferencePlatform.CPU);
    assertThat(ReferencePlatform.CPU.nodeCount()).isEqualTo(35);
    assertThat(ReferencePools.GPU_POOLS.stream().mapToInt(p -> p.nodeCount()).sum()).isEqualTo(15);
    assertThat(platform.fleet().pools())
        .containsExactlyInAnyOrderElementsOf(ReferencePools.GPU_POOLS);
    for (NodeGroup group : platform.fleet().groups()) {
      boolean cpu = group.name().equals("cpu");
      boolean infiniband =
          group.labels().values().contains("infiniband")
              && group.allocatable().containsKey("rdma/ib");
      if (cpu) {
        assertThat(group.labels()).as(group.name()).doesNotContainValue("infiniband");
        assertThat(group.allocatable()).as(group.name()).doesNotContainKey("rdma/ib");
      } else if (group.name().startsWith("a100-train") || group.name().startsWith("h100-")) {
        assertThat(infiniband).as(group.name()).isTrue();
        assertThat(group.labels()).as(group.name()).containsKey("topology.example.com/ib-domain");
      }
    }
    assertThat(platform.manifests().objects())
        .filteredOn(o -> o.getMetadata().getName().equals("llama-finetune-h100"))
        .filteredOn(o -> o instanceof io.fabric8.kubernetes.api.model.batch.v1.Job)
        .singleElement()
        .satisfies(
            job ->
                assertThat(
                        ((io.fabric8.kubernetes.api.model.batch.v1.Job) job)
                            .getSpec()
                            .getTemplate()
                            .getMetadata()
                            .getAnnotations())
                    .containsEntry(
                        "kueue.x-k8s.io/podset-required-topology",
                        "topology.example.com/ib-domain"));
  }

  @Test
  void build_trainingGangs_areRequiredWithinOneIbDomain_andFitOne() {
    Platform platform = ReferencePlatform.build();
    FleetReport fleet =
        TestGpuspec.GPUSPEC.checkFleet(platform.fleet(), TestGpuspec.GPUSPEC.manifests(platform));

    assertThat(fleet.domains())
        .filteredOn(a -> !a.workload().kind().equals("ClusterTrainingRuntime"))
        .allSatisfy(
            a -> {
              assertThat(a.level()).isEqualTo("topology.example.com/ib-domain");
              assertThat(a.required()).isTrue();
              assertThat(a.fits()).as(a.workload() + " " + a.role()).isTrue();
            })
        .extracting(a -> a.workload() + " " + a.role() + " " + a.pods())
        .containsExactlyInAnyOrder(
            "Job/ml-research/llama-finetune-h100  2",
            "TFJob/ml-research/bert-h100 Chief 1",
            "TFJob/ml-research/bert-h100 Worker 2",
            "TFJob/vision/mnist-a100 Chief 1",
            "TFJob/vision/mnist-a100 Worker 4",
            "TrainJob/ml-research/llama-sft-h100 node 2",
            "TrainJob/vision/vit-a100 node 2");
  }

  @Test
  void build_trainJobsAndTheLeaderWorkerSet_scheduleOnTheirPools_perRole_andAsGangs() {
    Platform platform = ReferencePlatform.build();
    FleetReport fleet =
        TestGpuspec.GPUSPEC.checkFleet(platform.fleet(), TestGpuspec.GPUSPEC.manifests(platform));

    assertThat(fleet.violations()).isEmpty();
    assertThat(fleet.placements())
        .filteredOn(p -> p.workload().kind().equals("TrainJob"))
        .extracting(p -> p.workload().name() + " " + p.role() + " " + p.pods() + " " + p.fits())
        .containsExactlyInAnyOrder(
            "llama-sft-h100 node 2 [h100-train-ib-h1]",
            "vit-a100 node 2 [a100-train-ib-a1, a100-train-ib-a2]");
    assertThat(fleet.gangs())
        .filteredOn(g -> g.workload().kind().equals("LeaderWorkerSet"))
        .singleElement()
        .satisfies(
            g -> {
              assertThat(g.roles()).containsExactly("Leader 1", "Worker 1");
              assertThat(g.fits()).hasValue(true);
            });
  }

  @Test
  void build_sharedPoolWorkloadsRequestWhatTheirPoolsAdvertise() {
    Map<String, String> resources = new TreeMap<>();
    for (Deployment deployment : ReferencePlatform.build().manifests().ofType(Deployment.class)) {
      deployment
          .getSpec()
          .getTemplate()
          .getSpec()
          .getContainers()
          .get(0)
          .getResources()
          .getLimits()
          .keySet()
          .stream()
          .filter(GpuResources::isGpu)
          .forEach(name -> resources.put(deployment.getMetadata().getName(), name));
    }

    assertThat(resources)
        .containsEntry("notebooks", "nvidia.com/gpu.shared")
        .containsEntry("embeddings", "nvidia.com/gpu")
        .containsEntry("whisper-mig", "nvidia.com/mig-1g.10gb")
        .doesNotContainKey("vision-dra");
    assertThat(ReferencePlatform.T4_NOTEBOOKS.advertisedPerNode())
        .containsExactly(Map.entry("nvidia.com/gpu.shared", 16));
    assertThat(ReferencePlatform.A100_MIG.advertisedPerNode())
        .containsExactly(Map.entry("nvidia.com/mig-1g.10gb", 56));
  }

  @Test
  void build_hasTheSharingConfigMapsAndADraClaimWiredIntoItsWorkload() {
    List<ConfigMap> maps =
        ReferencePlatform.build().manifests().ofType(ConfigMap.class).stream()
            .filter(m -> m.getMetadata().getNamespace().equals("gpu-operator"))
            .toList();
    assertThat(maps)
        .extracting(m -> m.getMetadata().getName())
        .containsExactly("device-plugin-configs", "reference-mig-parted-config");
    assertThat(maps.get(0).getData()).containsOnlyKeys("a100-mig-mixed", "tesla-t4-x4");
    assertThat(maps.get(1).getData().get("config.yaml"))
        .contains("all-1g.10gb")
        .contains("all-disabled");

    Deployment dra =
        ReferencePlatform.build().manifests().ofType(Deployment.class).stream()
            .filter(d -> d.getMetadata().getName().equals("vision-dra"))
            .findFirst()
            .orElseThrow();
    assertThat(dra.getSpec().getTemplate().getSpec().getResourceClaims())
        .singleElement()
        .satisfies(
            c -> assertThat(c.getResourceClaimTemplateName()).isEqualTo("a100-40gb-or-more"));
    assertThat(ReferencePlatform.build().manifests().ofType(ResourceClaimTemplate.class))
        .hasSize(1);
  }

  @Test
  void helmValues_areWrittenBesideTheManifests_notAmongThem() throws Exception {
    Path manifests = temp.resolve("manifests");
    Files.createDirectories(manifests);

    Path values =
        GenerateReferencePlatform.writeHelmValues(
            ReferencePlatform.gpuOperatorValues().renderHelmValues(), manifests);

    assertThat(values).isEqualTo(temp.resolve("gpu-operator-values.yaml").toAbsolutePath());
    assertThat(Files.readString(values))
        .contains("name: device-plugin-configs")
        .contains("name: reference-mig-parted-config");
    try (var files = Files.list(manifests)) {
      assertThat(files).isEmpty();
    }
  }

  @Test
  void run_withAViolation_writesNothingAndKeepsTheOldOutput() throws Exception {
    Path out = temp.resolve("manifests");
    Files.createDirectories(out);
    Files.writeString(out.resolve("keep.yaml"), "old");
    Deployment broken =
        ReferencePlatform.build().manifests().ofType(Deployment.class).stream()
            .filter(d -> d.getMetadata().getName().equals("embeddings"))
            .findFirst()
            .orElseThrow();
    broken
        .getSpec()
        .getTemplate()
        .getSpec()
        .getContainers()
        .get(0)
        .getResources()
        .getRequests()
        .remove(GpuResources.NVIDIA_GPU);
    broken.getSpec().getTemplate().getSpec().setTolerations(List.of());
    Platform platform =
        Platform.builder()
            .addPools(ReferencePlatform.L40S_INFERENCE)
            .add(() -> List.of(broken))
            .build();
    ByteArrayOutputStream console = new ByteArrayOutputStream();

    boolean wrote =
        GenerateReferencePlatform.run(
            platform, out, new PrintStream(console, true, StandardCharsets.UTF_8));

    assertThat(wrote).isFalse();
    assertThat(console.toString(StandardCharsets.UTF_8))
        .contains("GPU002")
        .contains("nothing written");
    assertThat(Files.readString(out.resolve("keep.yaml"))).isEqualTo("old");
  }
}
