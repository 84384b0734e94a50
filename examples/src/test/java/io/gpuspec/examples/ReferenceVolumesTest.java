package io.gpuspec.examples;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.PersistentVolumeClaim;
import io.gpuspec.core.Platform;
import io.gpuspec.core.TestGpuspec;
import io.gpuspec.core.check.CheckOptions;
import io.gpuspec.core.report.Report;
import io.gpuspec.testing.RuleTester;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The reference platform's checkpoint claims: its multi-node jobs once mounted a ReadWriteOnce Ceph
 * RBD claim from pods on several nodes (K8S013); they now mount a ReadWriteMany CephFS claim.
 */
class ReferenceVolumesTest {

  private static final Path RULES = Path.of("src/test/resources/rules");

  @Test
  void oldOutput_sharedReadWriteOnceCheckpointsCaught() {
    Platform platform = ReferencePlatform.build();
    RuleTester tester =
        RuleTester.of(TestGpuspec.GPUSPEC)
            .withOptions(
                CheckOptions.builder()
                    .fleet(platform.fleet())
                    // the old output's L4 pool and A100 quotas no longer match today's pools
                    .addDisabledRules("GPU005", "SCH016")
                    .build());

    int verified = 0;
    for (Path file : RuleTester.cases(RULES.resolve("K8S013"))) {
      verified += tester.verify(file);
    }

    assertThat(verified).isEqualTo(2);
  }

  @Test
  void build_multiNodeJobsMountReadWriteManyCheckpoints_noK8s013() {
    Platform platform = ReferencePlatform.build();
    Report report = TestGpuspec.GPUSPEC.check(platform);

    assertThat(report.byRule("K8S013")).isEmpty();
    assertThat(platform.manifests().ofType(PersistentVolumeClaim.class))
        .filteredOn(c -> c.getMetadata().getName().startsWith("checkpoints-"))
        .extracting(c -> c.getMetadata().getName() + " " + c.getSpec().getAccessModes())
        .containsExactlyInAnyOrder(
            "checkpoints-distill-l40s [ReadWriteMany]",
            "checkpoints-llama-finetune-h100 [ReadWriteMany]",
            "checkpoints-resnet50-a100 [ReadWriteOnce]");
  }
}
