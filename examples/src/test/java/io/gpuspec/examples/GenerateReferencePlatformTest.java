package io.gpuspec.examples;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.gpuspec.core.Platform;
import io.gpuspec.core.TestGpuspec;
import io.gpuspec.core.k8s.GpuResources;
import io.gpuspec.core.manifest.ReadResult;
import io.gpuspec.tfjob.model.TFJob;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
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

    assertThat(wrote).isTrue();
    assertThat(console.toString(StandardCharsets.UTF_8))
        .contains("wrote 46 objects")
        .contains("0 errors, 0 warnings");
    ReadResult read = TestGpuspec.read(out);
    assertThat(read.problems()).isEmpty();
    assertThat(read.manifests())
        .isEqualTo(TestGpuspec.GPUSPEC.manifests(ReferencePlatform.build())); // in write order
  }

  @Test
  void build_hasAnInferenceDeploymentAndATrainingJobPerPoolAndTfJobsOnA100AndH100() {
    List<HasMetadata> objects = ReferencePlatform.build().manifests().objects();
    assertThat(objects).filteredOn(o -> o instanceof Deployment).hasSize(3);
    assertThat(objects)
        .filteredOn(o -> o instanceof io.fabric8.kubernetes.api.model.batch.v1.Job)
        .hasSize(3);
    assertThat(objects)
        .filteredOn(o -> o instanceof TFJob)
        .extracting(o -> o.getMetadata().getName())
        .containsExactly("bert-h100", "mnist-a100");
    assertThat(ReferencePlatform.A100_TRAIN.labelScheme().name()).isEqualTo("gfd");
    assertThat(ReferencePlatform.H100_TRAIN.labelScheme().name()).isEqualTo("gpu.model");
  }

  @Test
  void run_withAViolation_writesNothingAndKeepsTheOldOutput() throws Exception {
    Path out = temp.resolve("manifests");
    Files.createDirectories(out);
    Files.writeString(out.resolve("keep.yaml"), "old");
    Deployment broken = ReferencePlatform.build().manifests().ofType(Deployment.class).get(0);
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
