package io.gpuspec.core.internal.rules;

import static io.gpuspec.core.internal.rules.RuleFixtures.A100_PRODUCT;
import static io.gpuspec.core.internal.rules.RuleFixtures.GFD_PRODUCT;
import static io.gpuspec.core.internal.rules.RuleFixtures.a100Pool;
import static io.gpuspec.core.internal.rules.RuleFixtures.cpuContainer;
import static io.gpuspec.core.internal.rules.RuleFixtures.deployment;
import static io.gpuspec.core.internal.rules.RuleFixtures.fleet;
import static io.gpuspec.core.internal.rules.RuleFixtures.gpuSpec;
import static io.gpuspec.core.internal.rules.RuleFixtures.gpuToleration;
import static io.gpuspec.core.internal.rules.RuleFixtures.requireIn;
import static io.gpuspec.core.internal.rules.RuleFixtures.run;
import static io.gpuspec.core.internal.rules.RuleFixtures.single;
import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.PodSpecBuilder;
import io.fabric8.kubernetes.api.model.TolerationBuilder;
import io.gpuspec.core.Fleet;
import io.gpuspec.core.GpuCatalogue;
import io.gpuspec.core.NodePool;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.report.Violation;
import org.junit.jupiter.api.Test;

class GpuPodsTolerateGpuTaintsTest {

  private final GpuPodsTolerateGpuTaints rule = new GpuPodsTolerateGpuTaints();

  @Test
  void check_noFleetAndNoToleration_warnsAndNamesTheAdmissionPlugin() {
    Violation v = single(run(rule, deployment("llm", gpuSpec().build())));

    assertThat(v.ruleId()).isEqualTo("GPU002");
    assertThat(v.severity()).isEqualTo(Severity.WARNING);
    assertThat(v.path()).isEqualTo("spec.template.spec.tolerations");
    assertThat(v.message())
        .contains("deployment \"llm\"", "nvidia.com/gpu", "ExtendedResourceToleration");
    assertThat(v.fix()).contains("{key: nvidia.com/gpu, operator: Exists, effect: NoSchedule}");
  }

  @Test
  void check_noFleetAndConventionalToleration_isQuiet() {
    var exists = gpuSpec().addToTolerations(gpuToleration()).build();
    var equalAnyValue =
        gpuSpec()
            .addToTolerations(
                new TolerationBuilder().withKey("nvidia.com/gpu").withValue("true").build())
            .build();
    var wildcard =
        gpuSpec().addToTolerations(new TolerationBuilder().withOperator("Exists").build()).build();

    assertThat(
            run(
                rule,
                deployment("a", exists),
                deployment("b", equalAnyValue),
                deployment("c", wildcard)))
        .isEmpty();
  }

  @Test
  void check_noFleetAndNoExecuteOnlyToleration_warns() {
    var spec =
        gpuSpec()
            .addToTolerations(
                new TolerationBuilder()
                    .withKey("nvidia.com/gpu")
                    .withOperator("Exists")
                    .withEffect("NoExecute")
                    .build())
            .build();

    assertThat(single(run(rule, deployment("llm", spec))).severity()).isEqualTo(Severity.WARNING);
  }

  @Test
  void check_cpuOnlyPod_isQuiet() {
    assertThat(
            run(
                rule,
                deployment("web", new PodSpecBuilder().addToContainers(cpuContainer()).build())))
        .isEmpty();
  }

  @Test
  void check_fleetAndUntoleratedPoolTaint_errorsWithTheExactToleration() {
    var spec = gpuSpec().withAffinity(requireIn(GFD_PRODUCT, A100_PRODUCT)).build();

    Violation v = single(run(rule, fleet(), deployment("llm", spec)));

    assertThat(v.severity()).isEqualTo(Severity.ERROR);
    assertThat(v.path()).isEqualTo("spec.template.spec.tolerations");
    assertThat(v.message())
        .contains("pool \"a100\"", "nvidia.com/gpu=present:NoSchedule", "never schedule");
    assertThat(v.fix())
        .contains("{key: nvidia.com/gpu, operator: Equal, value: \"present\", effect: NoSchedule}");
  }

  @Test
  void check_fleetWithDedicatedPool_asksOnlyForTheMissingTaint() {
    NodePool dedicated =
        NodePool.named("a100").model(GpuCatalogue.A100_80GB).gpusPerNode(8).dedicated(true).build();
    var spec =
        gpuSpec()
            .withAffinity(requireIn(GFD_PRODUCT, A100_PRODUCT))
            .addToTolerations(gpuToleration())
            .build();

    Violation v = single(run(rule, Fleet.of(dedicated), deployment("llm", spec)));

    assertThat(v.message())
        .contains("dedicated=gpu:NoSchedule")
        .doesNotContain("nvidia.com/gpu=present");
    assertThat(v.fix())
        .isEqualTo(
            "add to spec.template.spec.tolerations: {key: dedicated, operator: Equal, value: \"gpu\","
                + " effect: NoSchedule}");
  }

  @Test
  void check_fleetAndToleratedPool_isQuiet() {
    var spec =
        gpuSpec()
            .withAffinity(requireIn(GFD_PRODUCT, A100_PRODUCT))
            .addToTolerations(a100Pool().taints().get(0).toleration())
            .build();

    assertThat(run(rule, fleet(), deployment("llm", spec))).isEmpty();
  }

  @Test
  void check_fleetAndNoPoolSelected_leavesItToSchedulability() {
    var spec = gpuSpec().withAffinity(requireIn(GFD_PRODUCT, "Tesla-T4")).build();

    assertThat(run(rule, fleet(), deployment("llm", spec))).isEmpty();
  }
}
