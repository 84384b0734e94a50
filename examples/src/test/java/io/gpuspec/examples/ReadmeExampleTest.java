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
import io.gpuspec.core.check.CheckOptions;
import io.gpuspec.core.check.Gpuspec;
import io.gpuspec.core.manifest.ManifestWriter;
import io.gpuspec.core.manifest.ReadResult;
import io.gpuspec.core.manifest.YamlRenderer;
import io.gpuspec.core.report.Report;
import io.gpuspec.examples.docs.DocSnippets;
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
            .build();
    Platform platform = Platform.builder().add(resnet).build();

    Report report = Gpuspec.load().check(platform);
    ManifestWriter.write(platform.manifests(), out);

    assertThat(platform.fleet().pools()).containsExactly(a100);
    assertThat(report.violations()).isEmpty();
    assertThat(YamlRenderer.render(platform.manifests()))
        .as("the README's YAML under the DSL example")
        .isEqualTo(readmeOutput());
    ReadResult read = TestGpuspec.read(out);
    assertThat(TestGpuspec.GPUSPEC.engine().lint(read, CheckOptions.defaults()).violations())
        .isEmpty();
  }

  /** The README's first block marked as the output of the Java block before it. */
  private static String readmeOutput() {
    DocSnippets readme = DocSnippets.of(DocSnippets.root());
    return readme.snippets().stream()
        .filter(s -> s.file().getFileName().toString().equals("README.md"))
        .filter(DocSnippets.Snippet::output)
        .findFirst()
        .orElseThrow()
        .text();
  }

  @Test
  void variantsStartFromABuiltSpec() {
    NodePool a100 =
        NodePool.named("a100-train").model(GpuCatalogue.A100_80GB).gpusPerNode(8).build();
    TrainingJob resnet =
        TrainingJob.named("resnet50")
            .namespace("ml")
            .image("nvcr.io/nvidia/pytorch:24.08-py3")
            .gpus(8)
            .onPool(a100)
            .build();

    TrainingJob bert = TrainingJob.from(resnet).name("bert-large").gpus(4).build();
    NodePool a100b = NodePool.from(a100).name("a100-b").nodeCount(2).build();

    assertThat(bert.gpus()).isEqualTo(4);
    assertThat(bert.image()).isEqualTo(resnet.image());
    assertThat(a100b.totalGpus()).isEqualTo(16);
  }

  @Test
  void misuseFailsAtBuildWithTheFix() {
    assertThatThrownBy(() -> NodePool.named("a100-train").gpusPerNode(8).build())
        .isInstanceOf(InvalidSpecException.class)
        .hasMessage("node pool builder: required attribute \"model\" is not set; call .model(...)");
    assertThatThrownBy(
            () ->
                TrainingJob.named("resnet50")
                    .namespace("ml")
                    .image("nvcr.io/nvidia/pytorch:24.08-py3")
                    .gpus(0)
                    .memory("1e400")
                    .build())
        .isInstanceOf(InvalidSpecException.class)
        .hasMessage(
            "Job/ml/resnet50 spec.template.spec.containers[0].resources.limits[memory]: \"1e400\""
                + " is larger than a Kubernetes quantity can be (2^63-1); it is capped; write an"
                + " amount the node has, e.g. \"16Gi\"");
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
            "Deployment/default/llm spec.template.spec.containers: the pod requests 5 GPUs per pod"
                + " but the nodes of the pools it selects have at most 4; it can never schedule;"
                + " request at most 4 GPUs per pod, or select a pool with larger nodes");
  }
}
