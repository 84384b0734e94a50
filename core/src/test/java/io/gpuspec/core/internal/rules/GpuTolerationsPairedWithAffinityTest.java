package io.gpuspec.core.internal.rules;

import static io.gpuspec.core.internal.rules.RuleFixtures.A100_PRODUCT;
import static io.gpuspec.core.internal.rules.RuleFixtures.GFD_PRODUCT;
import static io.gpuspec.core.internal.rules.RuleFixtures.cpuContainer;
import static io.gpuspec.core.internal.rules.RuleFixtures.deployment;
import static io.gpuspec.core.internal.rules.RuleFixtures.fleet;
import static io.gpuspec.core.internal.rules.RuleFixtures.gpuSpec;
import static io.gpuspec.core.internal.rules.RuleFixtures.gpuToleration;
import static io.gpuspec.core.internal.rules.RuleFixtures.requireIn;
import static io.gpuspec.core.internal.rules.RuleFixtures.run;
import static io.gpuspec.core.internal.rules.RuleFixtures.single;
import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.AffinityBuilder;
import io.fabric8.kubernetes.api.model.NodeSelectorRequirementBuilder;
import io.fabric8.kubernetes.api.model.PodSpecBuilder;
import io.fabric8.kubernetes.api.model.TolerationBuilder;
import io.gpuspec.core.Fleet;
import io.gpuspec.core.GpuCatalogue;
import io.gpuspec.core.NodePool;
import io.gpuspec.core.NodeTaint;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.report.Violation;
import org.junit.jupiter.api.Test;

class GpuTolerationsPairedWithAffinityTest {

  private final GpuTolerationsPairedWithAffinity rule = new GpuTolerationsPairedWithAffinity();

  @Test
  void check_gpuTolerationWithoutPinAndNoFleet_warnsOnTheToleration() {
    var spec = gpuSpec().addToTolerations(gpuToleration()).build();

    Violation v = single(run(rule, deployment("llm", spec)));

    assertThat(v.ruleId()).isEqualTo("GPU003");
    assertThat(v.severity()).isEqualTo(Severity.WARNING);
    assertThat(v.path()).isEqualTo("spec.template.spec.tolerations[0]");
    assertThat(v.message())
        .contains("deployment \"llm\"", "tolerates nvidia.com/gpu:NoSchedule", "any node");
    assertThat(v.fix()).contains("requiredDuringSchedulingIgnoredDuringExecution", GFD_PRODUCT);
  }

  @Test
  void check_gpuTolerationWithoutPinAndFleet_errorsWithThePoolLabels() {
    var spec = gpuSpec().addToTolerations(gpuToleration()).build();

    Violation v = single(run(rule, fleet(), deployment("llm", spec)));

    assertThat(v.severity()).isEqualTo(Severity.ERROR);
    assertThat(v.fix()).contains("pool \"a100\"", "key: " + GFD_PRODUCT, A100_PRODUCT);
  }

  @Test
  void check_tolerationWithModelAffinity_isQuiet() {
    var spec =
        gpuSpec()
            .addToTolerations(gpuToleration())
            .withAffinity(requireIn(GFD_PRODUCT, A100_PRODUCT))
            .build();

    assertThat(run(rule, deployment("llm", spec))).isEmpty();
    assertThat(run(rule, fleet(), deployment("llm", spec))).isEmpty();
  }

  @Test
  void check_tolerationWithNodeSelectorOnSchemeOrNvidiaLabel_isQuiet() {
    var byScheme =
        gpuSpec().addToTolerations(gpuToleration()).addToNodeSelector("gpu-type", "a100").build();
    var byGfd =
        gpuSpec()
            .addToTolerations(gpuToleration())
            .addToNodeSelector("nvidia.com/gpu.present", "true")
            .build();

    assertThat(run(rule, deployment("a", byScheme), deployment("b", byGfd))).isEmpty();
  }

  @Test
  void check_noGpuToleration_isQuiet() {
    var notReady =
        new PodSpecBuilder()
            .addToContainers(cpuContainer())
            .addToTolerations(
                new TolerationBuilder()
                    .withKey("node.kubernetes.io/not-ready")
                    .withOperator("Exists")
                    .withEffect("NoExecute")
                    .withTolerationSeconds(300L)
                    .build())
            .build();
    var wildcard =
        new PodSpecBuilder()
            .addToContainers(cpuContainer())
            .addToTolerations(new TolerationBuilder().withOperator("Exists").build())
            .build();

    assertThat(run(rule, deployment("a", notReady), deployment("b", wildcard))).isEmpty();
  }

  @Test
  void check_dedicatedTolerationWithOnlyNotInAffinity_fires() {
    var notIn =
        new AffinityBuilder()
            .withNewNodeAffinity()
            .withNewRequiredDuringSchedulingIgnoredDuringExecution()
            .addNewNodeSelectorTerm()
            .addToMatchExpressions(
                new NodeSelectorRequirementBuilder()
                    .withKey(GFD_PRODUCT)
                    .withOperator("NotIn")
                    .withValues("Tesla-T4")
                    .build())
            .endNodeSelectorTerm()
            .endRequiredDuringSchedulingIgnoredDuringExecution()
            .endNodeAffinity()
            .build();
    var spec =
        new PodSpecBuilder()
            .addToContainers(cpuContainer())
            .addToTolerations(NodeTaint.DEDICATED_GPU.toleration())
            .withAffinity(notIn)
            .build();

    Violation v = single(run(rule, deployment("etl", spec)));

    assertThat(v.message()).contains("dedicated=gpu:NoSchedule");
  }

  @Test
  void check_oneOfTwoOredTermsLeavesGpuOpen_fires() {
    var affinity = requireIn(GFD_PRODUCT, A100_PRODUCT);
    affinity
        .getNodeAffinity()
        .getRequiredDuringSchedulingIgnoredDuringExecution()
        .getNodeSelectorTerms()
        .add(
            requireIn("kubernetes.io/arch", "amd64")
                .getNodeAffinity()
                .getRequiredDuringSchedulingIgnoredDuringExecution()
                .getNodeSelectorTerms()
                .get(0));
    var spec = gpuSpec().addToTolerations(gpuToleration()).withAffinity(affinity).build();

    assertThat(run(rule, deployment("llm", spec))).hasSize(1);
  }

  @Test
  void check_customPoolTaint_isGpuRelatedOnlyWhenTheFleetIsKnown() {
    NodeTaint trainTaint = new NodeTaint("example.com/pool", "train", NodeTaint.Effect.NO_SCHEDULE);
    NodePool train =
        NodePool.named("train")
            .model(GpuCatalogue.H100_80GB_SXM)
            .gpusPerNode(8)
            .taints(trainTaint)
            .build();
    var spec = gpuSpec().addToTolerations(trainTaint.toleration()).build();

    assertThat(run(rule, deployment("llm", spec))).isEmpty();
    Violation v = single(run(rule, Fleet.of(train), deployment("llm", spec)));
    assertThat(v.severity()).isEqualTo(Severity.ERROR);
    assertThat(v.message()).contains("example.com/pool=train:NoSchedule");
    assertThat(v.fix()).contains("pool \"train\"", "NVIDIA-H100-80GB-HBM3");
  }

  @Test
  void check_nodeAgentDaemonSetThatToleratesGpuTaints_isQuiet() {
    var agent =
        new io.fabric8.kubernetes.api.model.apps.DaemonSetBuilder()
            .withNewMetadata()
            .withName("nvidia-device-plugin")
            .endMetadata()
            .withNewSpec()
            .withNewSelector()
            .addToMatchLabels("app", "dp")
            .endSelector()
            .withNewTemplate()
            .withNewMetadata()
            .addToLabels("app", "dp")
            .endMetadata()
            .withSpec(
                new PodSpecBuilder()
                    .addToContainers(cpuContainer())
                    .addToTolerations(gpuToleration())
                    .build())
            .endTemplate()
            .endSpec()
            .build();

    assertThat(run(rule, agent)).isEmpty();
    assertThat(run(rule, fleet(), agent)).isEmpty();
  }
}
