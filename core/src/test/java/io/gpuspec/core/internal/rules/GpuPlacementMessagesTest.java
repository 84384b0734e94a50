package io.gpuspec.core.internal.rules;

import static org.assertj.core.api.Assertions.assertThat;

import io.gpuspec.core.TestGpuspec;
import io.gpuspec.core.check.CheckOptions;
import io.gpuspec.core.check.RuleFiles;
import io.gpuspec.core.report.Report;
import io.gpuspec.core.report.Violation;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The wording of the GPU placement findings (GPU002–GPU008): the advice follows the vendor the pod
 * requested, names the conflicting fields, and speaks the manifest's own label scheme.
 */
class GpuPlacementMessagesTest {

  private static Report check(Path file, CheckOptions options) {
    return TestGpuspec.GPUSPEC.engine().check(TestGpuspec.read(file).manifests(), options);
  }

  /** The finding of {@code ruleId} on the object named {@code name} in {@code rules/<file>}. */
  private static Violation finding(String file, String ruleId, String name) {
    return check(RuleFiles.RULES.resolve(file), CheckOptions.defaults()).byRule(ruleId).stream()
        .filter(v -> v.object().name().equals(name))
        .findFirst()
        .orElseThrow(() -> new AssertionError("no " + ruleId + " on " + name + " in " + file));
  }

  @Test
  void gpu006_namesTheContradictingValuesAndFields() {
    Violation v = finding("GPU006/contradicting-terms.yaml", "GPU006", "two-models-at-once");
    assertThat(v.message())
        .contains(
            "can never schedule",
            "gpu.model In [A100] and gpu.model In [H100]",
            "spec.template.spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution"
                + ".nodeSelectorTerms[0].matchExpressions[1]");
  }

  @Test
  void gpu006_nodeSelectorAgainstTheTerm_namesTheSelectorField() {
    Violation v = finding("GPU006/contradicting-terms.yaml", "GPU006", "selector-against-term");
    assertThat(v.message())
        .contains(
            "nodeSelector nvidia.com/gpu.product=NVIDIA-A100-SXM4-80GB",
            "nvidia.com/gpu.product In [NVIDIA-H100-80GB-HBM3]",
            "spec.template.spec.nodeSelector.nvidia.com/gpu.product");
  }

  @Test
  void gpu006_everyTermUnsatisfiable_countsTheTerms() {
    Violation v = finding("GPU006/contradicting-terms.yaml", "GPU006", "in-and-notin");
    assertThat(v.message())
        .contains(
            "none of its 2 required node-affinity terms",
            "zone In [a] and zone NotIn [a]",
            "nvidia.com/gpu.present Exists and nvidia.com/gpu.present DoesNotExist");
  }

  @Test
  void amdPods_getAmdAdvice_neverNvidias() {
    Violation toleration = finding("GPU008/unpinned-gpu-daemonsets.yaml", "GPU002", "rocm-infer");
    assertThat(toleration.message()).contains("AMD GPUs", "amd.com/gpu").doesNotContain("nvidia");
    assertThat(toleration.fix())
        .isEqualTo(
            "add to spec.template.spec.tolerations: {key: amd.com/gpu, operator: Exists,"
                + " effect: NoSchedule}, or the toleration of your GPU nodes' taint");
    assertThat(toleration.message())
        .contains("AKS sku=gpu:NoSchedule", "AMD amd.com/gpu:NoSchedule");
    Violation pin = finding("GPU008/unpinned-gpu-daemonsets.yaml", "GPU008", "rocm-infer");
    assertThat(pin.message()).contains("AMD GPUs", "DaemonSet creates a pod on every node");
    assertThat(pin.fix()).contains("amd.com/gpu.family").doesNotContain("nvidia");
  }

  @Test
  void gpu003_amdToleration_suggestsAmdLabels() {
    Violation v = finding("GPU003/amd-toleration-without-pin.yaml", "GPU003", "rocm-infer");
    assertThat(v.message()).contains("tolerates amd.com/gpu:NoSchedule");
    assertThat(v.fix()).contains("amd.com/gpu.family").doesNotContain("nvidia");
  }

  @Test
  void gpu005_migOnAModelWithoutMig_namesTheModelLabelAndWhoOffersIt() {
    Violation v =
        finding("GPU005/mig-profile-the-model-does-not-offer.yaml", "GPU005", "mig-on-l40s");
    assertThat(v.message())
        .contains(
            "nvidia.com/mig-1g.10gb",
            "nvidia.com/gpu.product: NVIDIA-L40S",
            "L40S has no MIG",
            "can never schedule");
    assertThat(v.fix()).contains("NVIDIA-A100-SXM4-80GB", "NVIDIA-H100-80GB-HBM3");
  }

  @Test
  void gpu005_profileOfAnotherMemorySize_suggestsTheModelsOwn() {
    Violation v =
        finding(
            "GPU005/mig-profile-the-model-does-not-offer.yaml",
            "GPU005",
            "a100-40gb-profile-of-80gb");
    assertThat(v.message()).contains("A100-40GB offers 1g.5gb", "3g.20gb");
    assertThat(v.fix()).contains("nvidia.com/mig-3g.20gb");
  }

  @Test
  void gpu005_fixSpeaksTheManifestsLabelScheme() {
    Violation v =
        finding("GPU005/mig-profile-the-model-does-not-offer.yaml", "GPU005", "t4-by-family");
    assertThat(v.message()).contains("gpu-type: t4", "T4 has no MIG");
    assertThat(v.fix()).contains("gpu-type: a100").doesNotContain("nvidia.com/gpu.product");
  }

  @Test
  void gpu007_wildcardToleration_saysHowToNarrowIt() {
    Violation v = finding("GPU007/wildcard-toleration-on-cpu-workload.yaml", "GPU007", "api");
    assertThat(v.message()).contains("requests no GPUs but tolerates every taint");
    assertThat(v.fix()).contains("tolerate only the taints it needs");
  }

  /** Constant-style names such as {@code A100_80GB} or {@code NVIDIA} enum names in findings. */
  private static final Pattern JAVA_NAME = Pattern.compile("\\b[A-Z][A-Z0-9]*_[A-Z0-9_]+\\b");

  @Test
  void noFindingNamesAJavaConstant() throws IOException {
    List<Path> files;
    try (Stream<Path> walk =
        Stream.of(RuleFiles.RULES, RuleFiles.RULES_WITH_FLEET)
            .flatMap(GpuPlacementMessagesTest::walk)) {
      files = walk.filter(p -> p.toString().endsWith(".yaml")).toList();
    }
    for (Path file : files) {
      CheckOptions options =
          file.startsWith(RuleFiles.RULES_WITH_FLEET)
              ? RuleFiles.WITH_FLEET
              : CheckOptions.defaults();
      for (Violation v : check(file, options).violations()) {
        if (v.ruleId().startsWith("GPU")) {
          assertThat(JAVA_NAME.matcher(v.message() + " " + v.fix()).find())
              .as(file + ": " + v)
              .isFalse();
        }
      }
    }
  }

  private static Stream<Path> walk(Path root) {
    try {
      return Files.walk(root).toList().stream();
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }
}
