package io.gpuspec.trainer;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.gpuspec.core.TestGpuspec;
import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.manifest.YamlRenderer;
import io.gpuspec.core.spi.FieldOrigin;
import io.gpuspec.trainer.merge.EffectiveJob;
import io.gpuspec.trainer.merge.EffectiveJobSet;
import io.gpuspec.trainer.merge.TrainJobMerge;
import io.gpuspec.trainer.model.TrainJob;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The effective pod templates of upstream TrainJobs on upstream runtimes, as v2.3 merges them. */
class TrainJobMergeTest {

  private static List<HasMetadata> read(String... files) {
    return TestGpuspec.read(
            java.util.Arrays.stream(files)
                .map(f -> UpstreamExamplesTest.UPSTREAM.resolve(f))
                .toList())
        .manifests()
        .objects();
  }

  private static HasMetadata named(List<HasMetadata> objects, String name) {
    return objects.stream()
        .filter(o -> o.getMetadata().getName().equals(name))
        .findFirst()
        .orElseThrow();
  }

  private static Container node(EffectiveJob job) {
    return job.template().getSpec().getTemplate().getSpec().getContainers().stream()
        .filter(c -> c.getName().equals("node"))
        .findFirst()
        .orElseThrow();
  }

  @Test
  void torch_numNodesRunsThatManyTrainerPods_andTheTrainerSettingsReachTheNodeContainer() {
    List<HasMetadata> objects = read("torch_distributed.yaml", "02-runtime-patches.yaml");
    TrainJob job = (TrainJob) named(objects, "runtime-patches-example");

    EffectiveJobSet merged = TrainJobMerge.merge(job, named(objects, "torch-distributed"));

    EffectiveJob node = merged.trainerJob().orElseThrow();
    assertThat(node.pods()).isEqualTo(2);
    assertThat(node.template().getSpec().getCompletions()).isEqualTo(2);
    assertThat(node(node).getImage()).isEqualTo("pytorch/pytorch:2.13.0-cuda13.0-cudnn9-runtime");
    assertThat(node(node).getCommand()).startsWith("torchrun");
    assertThat(node(node).getEnv()).extracting("name").contains("CUSTOM_VAR", "PYTHONUNBUFFERED");
    assertThat(node(node).getResources().getLimits()).containsKeys("cpu", "memory");
    // the patch's placement and the patch's JobSet labels
    assertThat(node.template().getSpec().getTemplate().getSpec().getNodeSelector())
        .containsEntry("node-type", "training");
    assertThat(node.template().getSpec().getTemplate().getSpec().getTolerations()).hasSize(1);
    assertThat(merged.labels()).containsEntry("team", "ml-platform");
  }

  @Test
  void mergedValues_pointAtTheTrainJobFieldOrTheRuntimeField() {
    List<HasMetadata> objects = read("torch_distributed.yaml", "02-runtime-patches.yaml");
    TrainJob job = (TrainJob) named(objects, "runtime-patches-example");
    HasMetadata runtime = named(objects, "torch-distributed");
    EffectiveJobSet merged = TrainJobMerge.merge(job, runtime);
    String pod = "replicatedJobs[0].template.spec.template.spec";

    assertThat(merged.origin(pod + ".tolerations[0].key"))
        .isEqualTo(
            new FieldOrigin(
                job,
                "spec.runtimePatches[0].trainingRuntimeSpec.template.spec.replicatedJobs[0]"
                    + ".template.spec.template.spec.tolerations[0].key"));
    assertThat(merged.origin(pod + ".containers[0].resources.limits[cpu]"))
        .isEqualTo(new FieldOrigin(job, "spec.trainer.resourcesPerNode.limits[cpu]"));
    assertThat(merged.origin("replicatedJobs[0].template.spec.parallelism"))
        .isEqualTo(new FieldOrigin(job, "spec.trainer.numNodes"));
    assertThat(merged.origin(pod + ".containers[0].image"))
        .isEqualTo(new FieldOrigin(runtime, "spec.template.spec." + pod + ".containers[0].image"));
  }

  @Test
  void mpiWithLauncherAsNode_runsOneNodeFewerAndTheLauncherGetsTheTrainerSettings() {
    List<HasMetadata> objects = read("deepspeed_distributed.yaml");
    TrainJob job =
        (TrainJob)
            TestGpuspec.read(
                    """
                    apiVersion: trainer.kubeflow.org/v1alpha1
                    kind: TrainJob
                    metadata: {name: ds}
                    spec:
                      runtimeRef: {name: deepspeed-distributed}
                      trainer:
                        numNodes: 4
                        image: example.com/ds:1
                        resourcesPerNode:
                          limits: {nvidia.com/gpu: "8"}
                    """,
                    "ds.yaml")
                .manifests()
                .objects()
                .get(0);

    EffectiveJobSet merged = TrainJobMerge.merge(job, objects.get(0));

    EffectiveJob nodes = merged.jobs().get(0);
    EffectiveJob launcher = merged.jobs().get(1);
    assertThat(nodes.name()).isEqualTo("node");
    assertThat(nodes.pods()).isEqualTo(3);
    assertThat(node(nodes).getImage()).isEqualTo("ghcr.io/kubeflow/trainer/deepspeed-runtime");
    assertThat(node(nodes).getResources().getLimits()).containsKey("nvidia.com/gpu");
    assertThat(launcher.trainer()).isTrue();
    assertThat(launcher.pods()).isEqualTo(1);
    assertThat(node(launcher).getImage()).isEqualTo("example.com/ds:1");
    assertThat(node(launcher).getResources().getLimits()).containsKey("nvidia.com/gpu");
  }

  @Test
  void merge_leavesTheTrainJobAndTheRuntimeAsTheyWere() {
    List<HasMetadata> objects = read("torch_distributed.yaml", "02-runtime-patches.yaml");
    String before = YamlRenderer.render(ManifestSet.of(objects));

    TrainJobMerge.merge((TrainJob) named(objects, "runtime-patches-example"), objects.get(0));

    assertThat(YamlRenderer.render(ManifestSet.of(objects))).isEqualTo(before);
  }

  @Test
  void volcanoPodGroupPolicy_annotatesEveryPodWithTheTrainJobsGroup() {
    List<HasMetadata> objects = read("04-volcano-integration.yaml");

    EffectiveJobSet merged =
        TrainJobMerge.merge((TrainJob) named(objects, "volcano-example"), objects.get(0));

    assertThat(merged.jobs().get(0).pods()).isEqualTo(4);
    assertThat(
            merged.jobs().get(0).template().getSpec().getTemplate().getMetadata().getAnnotations())
        .containsEntry(TrainJobMerge.VOLCANO_GROUP_ANNOTATION, "volcano-example");
  }
}
