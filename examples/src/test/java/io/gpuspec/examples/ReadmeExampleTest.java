package io.gpuspec.examples;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.gpuspec.core.GpuCatalogue;
import io.gpuspec.core.InferenceDeployment;
import io.gpuspec.core.Interconnect;
import io.gpuspec.core.InvalidSpecException;
import io.gpuspec.core.NodePool;
import io.gpuspec.core.Platform;
import io.gpuspec.core.PoolPurpose;
import io.gpuspec.core.TestGpuspec;
import io.gpuspec.core.TrainingJob;
import io.gpuspec.core.WorkloadVolume;
import io.gpuspec.core.check.CheckOptions;
import io.gpuspec.core.manifest.ManifestWriter;
import io.gpuspec.core.manifest.ReadResult;
import io.gpuspec.core.report.Report;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The README's code, kept compiling and true. */
class ReadmeExampleTest {

  @TempDir Path out;

  @Test
  void tasteOfTheDsl() {
    NodePool a100 =
        NodePool.named("a100-train")
            .model(GpuCatalogue.A100_80GB)
            .gpusPerNode(8)
            .nodeCount(6)
            .purpose(PoolPurpose.TRAINING)
            .interconnect(Interconnect.NVLINK)
            .dedicated(true)
            .build();
    TrainingJob resnet =
        TrainingJob.named("resnet50")
            .namespace("ml")
            .image("nvcr.io/nvidia/pytorch:24.08-py3")
            .gpus(8)
            .cpu("32")
            .memory("256Gi")
            .onPool(a100)
            .backoffLimit(2)
            .activeDeadlineSeconds(86_400L)
            .addVolume(WorkloadVolume.scratch("/scratch", "1Ti", "local-nvme"))
            .build();
    Platform platform = Platform.builder().addPools(a100).add(resnet).build();

    Report report = TestGpuspec.GPUSPEC.check(platform);
    ManifestWriter.write(platform.manifests(), out);

    assertThat(report.violations()).isEmpty();
    ReadResult read = TestGpuspec.read(out);
    assertThat(TestGpuspec.GPUSPEC.engine().lint(read, CheckOptions.defaults()).violations())
        .isEmpty();
  }

  @Test
  void impossibleSpecFailsAtBuildWithTheFix() {
    assertThatThrownBy(
            () ->
                InferenceDeployment.named("llm")
                    .image("nvcr.io/nvidia/tritonserver:24.08-py3")
                    .gpus(5)
                    .onPool(ReferencePlatform.L40S_INFERENCE)
                    .build())
        .isInstanceOf(InvalidSpecException.class)
        .hasMessage(
            "deployment \"llm\" gpus: 5 GPUs per pod but nodes of pool \"l40s-inference\" have 4;"
                + " request at most 4 or use a pool with larger nodes");
  }
}
