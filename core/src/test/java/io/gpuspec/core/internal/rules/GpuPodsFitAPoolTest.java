package io.gpuspec.core.internal.rules;

import static io.gpuspec.core.internal.rules.RuleFixtures.A100_PRODUCT;
import static io.gpuspec.core.internal.rules.RuleFixtures.GFD_PRODUCT;
import static io.gpuspec.core.internal.rules.RuleFixtures.deployment;
import static io.gpuspec.core.internal.rules.RuleFixtures.fleet;
import static io.gpuspec.core.internal.rules.RuleFixtures.gpuContainer;
import static io.gpuspec.core.internal.rules.RuleFixtures.gpuSpec;
import static io.gpuspec.core.internal.rules.RuleFixtures.requireIn;
import static io.gpuspec.core.internal.rules.RuleFixtures.run;
import static io.gpuspec.core.internal.rules.RuleFixtures.single;
import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.PodSpecBuilder;
import io.gpuspec.core.Fleet;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.report.Violation;
import java.util.List;
import org.junit.jupiter.api.Test;

class GpuPodsFitAPoolTest {

  private final GpuPodsFitAPool rule = new GpuPodsFitAPool();

  @Test
  void check_affinityMatchingNoPool_isAnErrorListingThePools() {
    var spec = gpuSpec().withAffinity(requireIn(GFD_PRODUCT, "Tesla-T4")).build();

    Violation v = single(run(rule, fleet(), deployment("llm", spec)));

    assertThat(v.ruleId()).isEqualTo("GPU005");
    assertThat(v.severity()).isEqualTo(Severity.ERROR);
    assertThat(v.path()).isEqualTo("spec.template.spec.affinity");
    assertThat(v.message()).contains("deployment \"llm\"", "match no pool", "a100, h100");
    assertThat(v.fix()).contains("nvidia.com/gpu.product=NVIDIA-A100-SXM4-80GB");
  }

  @Test
  void check_moreGpusThanAnySelectedNodeHas_isAnError() {
    var spec =
        new PodSpecBuilder()
            .addToContainers(gpuContainer("16"))
            .withAffinity(requireIn(GFD_PRODUCT, A100_PRODUCT))
            .build();

    Violation v = single(run(rule, fleet(), deployment("big", spec)));

    assertThat(v.message()).contains("requests 16 GPUs per pod", "at most 8");
    assertThat(v.path()).isEqualTo("spec.template.spec.containers");
  }

  @Test
  void check_podThatFitsAPool_isQuiet() {
    var spec = gpuSpec().withAffinity(requireIn(GFD_PRODUCT, A100_PRODUCT)).build();
    assertThat(run(rule, fleet(), deployment("ok", spec))).isEmpty();
  }

  @Test
  void check_emptyFleet_isAnErrorInsteadOfACrash() {
    var spec = gpuSpec().withAffinity(requireIn(GFD_PRODUCT, A100_PRODUCT)).build();

    Violation v = single(run(rule, Fleet.of(List.of()), deployment("llm", spec)));

    assertThat(v.ruleId()).isEqualTo("GPU005");
    assertThat(v.severity()).isEqualTo(Severity.ERROR);
    assertThat(v.path()).isEqualTo("spec.template.spec.affinity");
    assertThat(v.message()).contains("deployment \"llm\"", "the fleet has no GPU pool");
    assertThat(v.fix()).contains("describe the GPU pools");
  }

  @Test
  void check_emptyFleetAndCpuOnlyPod_isQuiet() {
    var spec = new PodSpecBuilder().addToContainers(RuleFixtures.cpuContainer()).build();
    assertThat(run(rule, Fleet.of(List.of()), deployment("cpu", spec))).isEmpty();
  }

  @Test
  void check_withoutFleet_isQuiet() {
    var spec = gpuSpec().withAffinity(requireIn(GFD_PRODUCT, "Tesla-T4")).build();
    assertThat(run(rule, deployment("llm", spec))).isEmpty();
  }

  @Test
  void check_cpuOnlyPod_isQuiet() {
    var spec =
        new PodSpecBuilder()
            .addToContainers(RuleFixtures.cpuContainer())
            .withAffinity(requireIn(GFD_PRODUCT, "Tesla-T4"))
            .build();
    assertThat(run(rule, fleet(), deployment("cpu", spec))).isEmpty();
  }
}
