package io.gpuspec.core;

import io.gpuspec.core.manifest.YamlRenderer;
import org.junit.jupiter.api.Test;

/** The rendered YAML of the example Deployment and Job, byte for byte. */
class GoldenRenderingTest {

  @Test
  void inferenceDeployment() {
    InferenceDeployment llm =
        InferenceDeployment.named("llm")
            .namespace("serving")
            .image("nvcr.io/nvidia/tritonserver:24.08-py3")
            .replicas(2)
            .gpus(1)
            .cpu("4")
            .memory("16Gi")
            .onPool(Fixtures.L40S_INFERENCE)
            .port("http", 8000)
            .readinessPath("/v2/health/ready")
            .priorityClassName("inference-critical")
            .putEnv("MODEL", "llama-3-8b")
            .build();
    GoldenFiles.assertMatches("inference-deployment.yaml", YamlRenderer.render(llm.toDeployment()));
  }

  @Test
  void trainingJob() {
    TrainingJob resnet =
        TrainingJob.named("resnet50")
            .namespace("ml")
            .image("nvcr.io/nvidia/pytorch:24.08-py3")
            .addCommand("torchrun")
            .addArgs("--nproc-per-node=8", "train.py")
            .gpus(8)
            .cpu("32")
            .memory("256Gi")
            .backoffLimit(2)
            .activeDeadlineSeconds(86_400L)
            .ttlSecondsAfterFinished(3600)
            .onPool(Fixtures.A100_TRAIN)
            .sharedMemory("16Gi")
            .addVolume(WorkloadVolume.scratch("/scratch", "500Gi", "local-nvme"))
            .addVolume(WorkloadVolume.dataset("imagenet", "/data", "imagenet"))
            .build();
    GoldenFiles.assertMatches("training-job.yaml", YamlRenderer.render(resnet.toJob()));
  }
}
