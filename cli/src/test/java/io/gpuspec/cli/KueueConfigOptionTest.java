package io.gpuspec.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.gpuspec.core.check.Gpuspec;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code gpuspec lint --kueue-config FILE}: ClusterQueue quotas judged as Kueue counts requests.
 */
class KueueConfigOptionTest {

  private static final Gpuspec GPUSPEC = Gpuspec.load();

  @TempDir Path dir;
  private Path manifests;

  record Run(int exit, String out, String err) {}

  private static Run run(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int exit = Main.run(GPUSPEC, new PrintWriter(out, true), new PrintWriter(err, true), args);
    return new Run(exit, out.toString(), err.toString());
  }

  /** Kueue's HAMi setup: the queue covers totals that a transformation makes from per-vGPU asks. */
  @BeforeEach
  void hami() throws IOException {
    manifests =
        Files.writeString(
            dir.resolve("hami.yaml"),
            """
            apiVersion: kueue.x-k8s.io/v1beta2
            kind: ResourceFlavor
            metadata: {name: hami}
            ---
            apiVersion: kueue.x-k8s.io/v1beta2
            kind: ClusterQueue
            metadata: {name: vgpu}
            spec:
              namespaceSelector: {}
              resourceGroups:
              - coveredResources: [nvidia.com/gpu, nvidia.com/total-gpucores]
                flavors:
                - name: hami
                  resources:
                  - {name: nvidia.com/gpu, nominalQuota: 20}
                  - {name: nvidia.com/total-gpucores, nominalQuota: 50}
            ---
            apiVersion: kueue.x-k8s.io/v1beta2
            kind: LocalQueue
            metadata: {name: vgpu, namespace: ml}
            spec: {clusterQueue: vgpu}
            ---
            apiVersion: v1
            kind: Pod
            metadata:
              name: burn
              namespace: ml
              labels: {kueue.x-k8s.io/queue-name: vgpu}
            spec:
              containers:
              - name: burn
                image: registry.example.com/gpu-burn:1.0
                resources:
                  limits: {nvidia.com/gpu: "2", nvidia.com/gpucores: "30"}
            """);
  }

  private Path config(String strategy) throws IOException {
    return Files.writeString(
        dir.resolve("controller_manager_config.yaml"),
        """
        apiVersion: config.kueue.x-k8s.io/v1beta2
        kind: Configuration
        resources:
          transformations:
          - input: nvidia.com/gpucores
            strategy: %s
            multiplyBy: nvidia.com/gpu
            outputs:
              nvidia.com/total-gpucores: "1"
        """
            .formatted(strategy));
  }

  @Test
  void withoutTheConfiguration_theUncoveredPerVgpuResourceIsAWarning() {
    Run run = run("lint", manifests.toString());

    assertThat(run.out())
        .containsPattern("WARNING SCH015 Pod/ml/burn \\S+: its pods request nvidia.com/gpucores")
        .doesNotContain("ERROR SCH015");
  }

  @Test
  void withTheConfiguration_theTransformedTotalIsJudgedExactly() throws IOException {
    Run run = run("lint", "--kueue-config", config("Replace").toString(), manifests.toString());

    assertThat(run.exit()).isEqualTo(1);
    assertThat(run.out())
        .containsPattern(
            "ERROR SCH015 Pod/ml/burn spec: a pod needs .*60 nvidia.com/total-gpucores")
        .doesNotContain("WARNING SCH015");
  }

  @Test
  void aBadConfiguration_exitsTwoNamingTheFileAndField() throws IOException {
    Path config = config("Swap");

    Run run = run("lint", "--kueue-config", config.toString(), manifests.toString());

    assertThat(run.exit()).isEqualTo(2);
    assertThat(run.err())
        .contains(
            "gpuspec: --kueue-config "
                + config
                + " resources.transformations[0].strategy: \"Swap\" is not a transformation"
                + " strategy; use Retain or Replace");
  }
}
