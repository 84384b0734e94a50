package io.gpuspec.tfjob;

import static org.assertj.core.api.Assertions.assertThat;

import io.gpuspec.core.GoldenFiles;
import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.manifest.YamlRenderer;
import org.junit.jupiter.api.Test;

/** The rendered YAML of the A100 and H100 jobs, byte for byte; both pass every rule. */
class GoldenTfJobTest {

  @Test
  void a100Job_chiefAndFourWorkersOfOneGpuOnFailure() {
    TfJob job = TfFixtures.mnist();
    assertThat(TfFixtures.strictCheck(ManifestSet.of(job.toManifests())).violations()).isEmpty();
    GoldenFiles.assertMatches("tfjob-a100.yaml", YamlRenderer.render(job.toTfJob()));
  }

  @Test
  void h100Job_chiefWorkersCpuPsAndGang() {
    TfJob job =
        TfJob.named("resnet")
            .namespace("ml")
            .onPool(TfFixtures.H100_TRAIN)
            .chief(c -> c.image(TfFixtures.IMAGE).gpus(8).cpu("32").memory("256Gi"))
            .workers(
                1,
                w ->
                    w.image(TfFixtures.IMAGE)
                        .gpus(8)
                        .cpu("32")
                        .memory("256Gi")
                        .restartPolicy(RestartPolicy.EXIT_CODE)
                        .putEnv("NCCL_DEBUG", "INFO"))
            .ps(2, p -> p.image("tensorflow/tensorflow:2.15.0").gpus(0).cpu("8").memory("32Gi"))
            .cleanPodPolicy(CleanPodPolicy.RUNNING)
            .ttlSecondsAfterFinished(3600)
            .backoffLimit(2)
            .schedulingPolicy(s -> s.minAvailable(4).queue("research"))
            .build();
    assertThat(TfFixtures.strictCheck(ManifestSet.of(job.toManifests())).violations()).isEmpty();
    GoldenFiles.assertMatches("tfjob-h100.yaml", YamlRenderer.render(job.toTfJob()));
  }
}
