package io.gpuspec.core.internal.rules;

import static org.assertj.core.api.Assertions.assertThat;

import io.gpuspec.core.Fleet;
import io.gpuspec.core.TestGpuspec;
import io.gpuspec.core.check.CheckOptions;
import io.gpuspec.core.report.Violation;
import java.util.List;
import org.junit.jupiter.api.Test;

/** GPU005 with a fleet that has no pool at all (its fire/quiet cases with pools are rule files). */
class GpuPodsFitAPoolTest {

  private static final String POD =
      """
      apiVersion: v1
      kind: Pod
      metadata: {name: p, namespace: ml}
      spec:
        containers:
        - name: c
          image: trainer:1
          resources: {limits: {%s}}
      """;

  private static List<Violation> check(String limits) {
    return TestGpuspec.GPUSPEC
        .engine()
        .only("GPU005")
        .check(
            TestGpuspec.read(POD.formatted(limits), "p.yaml").manifests(),
            CheckOptions.builder().fleet(Fleet.of(List.of())).build())
        .violations();
  }

  @Test
  void emptyFleet_gpuPodIsAnErrorInsteadOfACrash() {
    assertThat(check("nvidia.com/gpu: \"1\""))
        .singleElement()
        .satisfies(
            v -> {
              assertThat(v.ruleId()).isEqualTo("GPU005");
              assertThat(v.message()).contains("the fleet has no GPU pool");
              assertThat(v.fix()).contains("describe the GPU pools");
            });
  }

  @Test
  void emptyFleet_cpuOnlyPodIsQuiet() {
    assertThat(check("cpu: \"1\"")).isEmpty();
  }
}
