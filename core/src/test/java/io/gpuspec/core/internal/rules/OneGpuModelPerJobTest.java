package io.gpuspec.core.internal.rules;

import static io.gpuspec.core.internal.rules.RuleFixtures.A100_PRODUCT;
import static io.gpuspec.core.internal.rules.RuleFixtures.GFD_PRODUCT;
import static io.gpuspec.core.internal.rules.RuleFixtures.H100_PRODUCT;
import static io.gpuspec.core.internal.rules.RuleFixtures.cpuContainer;
import static io.gpuspec.core.internal.rules.RuleFixtures.deployment;
import static io.gpuspec.core.internal.rules.RuleFixtures.fleet;
import static io.gpuspec.core.internal.rules.RuleFixtures.gpuSpec;
import static io.gpuspec.core.internal.rules.RuleFixtures.gpuToleration;
import static io.gpuspec.core.internal.rules.RuleFixtures.job;
import static io.gpuspec.core.internal.rules.RuleFixtures.requireIn;
import static io.gpuspec.core.internal.rules.RuleFixtures.run;
import static io.gpuspec.core.internal.rules.RuleFixtures.single;
import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.GenericKubernetesResourceBuilder;
import io.fabric8.kubernetes.api.model.ObjectMeta;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.PodSpecBuilder;
import io.gpuspec.core.TestGpuspec;
import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.report.Violation;
import io.gpuspec.core.spi.CheckContext;
import io.gpuspec.core.spi.PodTemplate;
import io.gpuspec.core.spi.Rule;
import io.gpuspec.core.spi.RuleInfo;
import io.gpuspec.core.spi.Workload;
import java.util.List;
import org.junit.jupiter.api.Test;

class OneGpuModelPerJobTest {

  private final OneGpuModelPerJob rule = new OneGpuModelPerJob();

  private static PodSpec pinnedTo(String product) {
    return gpuSpec()
        .addToTolerations(gpuToleration())
        .withAffinity(requireIn(GFD_PRODUCT, product))
        .build();
  }

  /** Feeds GPU004 a multi-role workload, as a CRD adapter would (core has no multi-role kind). */
  private static List<Violation> runOnTfJob(PodTemplate... templates) {
    OneGpuModelPerJob gpu004 = new OneGpuModelPerJob();
    Rule multiRole =
        new Rule() {
          @Override
          public RuleInfo info() {
            return gpu004.info();
          }

          @Override
          public void check(ManifestSet manifests, CheckContext context) {
            manifests.forEach(
                object ->
                    OneGpuModelPerJob.check(
                        new Workload(object, List.of(templates), true), context));
          }
        };
    GenericKubernetesResource tfJob =
        new GenericKubernetesResourceBuilder()
            .withApiVersion("kubeflow.org/v1")
            .withKind("TFJob")
            .withNewMetadata()
            .withName("mnist")
            .endMetadata()
            .build();
    return TestGpuspec.engine(multiRole).check(ManifestSet.of(tfJob)).violations();
  }

  private static PodTemplate role(String role, PodSpec spec) {
    String base = "spec.tfReplicaSpecs." + role + ".template";
    return new PodTemplate(role, new ObjectMeta(), base + ".metadata", spec, base + ".spec", 2);
  }

  @Test
  void check_rolesPinnedToDifferentModels_errorsNamingEachRole() {
    Violation v =
        single(
            runOnTfJob(
                role("Chief", pinnedTo(H100_PRODUCT)), role("Worker", pinnedTo(A100_PRODUCT))));

    assertThat(v.ruleId()).isEqualTo("GPU004");
    assertThat(v.severity()).isEqualTo(Severity.ERROR);
    assertThat(v.path()).isEqualTo("spec.tfReplicaSpecs.Worker.template.spec");
    assertThat(v.message())
        .isEqualTo("tfjob \"mnist\": Chief pinned to H100-80GB-SXM but Worker to A100-80GB");
    assertThat(v.fix()).startsWith("pin every GPU replica to one model");
  }

  @Test
  void check_rolesOnOneModelAndCpuOnlyPs_isQuiet() {
    PodSpec ps = new PodSpecBuilder().addToContainers(cpuContainer()).build();

    assertThat(
            runOnTfJob(
                role("Chief", pinnedTo(A100_PRODUCT)),
                role("Worker", pinnedTo(A100_PRODUCT)),
                role("PS", ps)))
        .isEmpty();
  }

  @Test
  void check_parallelJobAdmittingTwoModels_errorsNamingBoth() {
    var spec = gpuSpec().withAffinity(requireIn(GFD_PRODUCT, A100_PRODUCT, H100_PRODUCT)).build();

    Violation v = single(run(rule, job("train", 4, spec)));

    assertThat(v.severity()).isEqualTo(Severity.ERROR);
    assertThat(v.path()).isEqualTo("spec.template.spec");
    assertThat(v.message()).contains("job \"train\"", "A100-80GB and H100-80GB-SXM");
  }

  @Test
  void check_unpinnedParallelJobWithoutFleet_warns() {
    Violation v = single(run(rule, job("train", 4, gpuSpec().build())));

    assertThat(v.severity()).isEqualTo(Severity.WARNING);
    assertThat(v.message()).contains("pins no GPU model", "can mix models");
  }

  @Test
  void check_unpinnedParallelJobWithFleetOfTwoModels_errors() {
    var spec = gpuSpec().addToTolerations(gpuToleration()).build();

    Violation v = single(run(rule, fleet(), job("train", 4, spec)));

    assertThat(v.severity()).isEqualTo(Severity.ERROR);
    assertThat(v.message()).contains("A100-80GB and H100-80GB-SXM");
    assertThat(v.fix()).contains("pool \"a100\"");
  }

  @Test
  void check_pinnedParallelJob_isQuietWithAndWithoutFleet() {
    var job = job("train", 4, pinnedTo(A100_PRODUCT));

    assertThat(run(rule, job)).isEmpty();
    assertThat(run(rule, fleet(), job)).isEmpty();
  }

  @Test
  void check_nonDistributedWorkloads_areLeftAlone() {
    var twoModels =
        gpuSpec().withAffinity(requireIn(GFD_PRODUCT, A100_PRODUCT, H100_PRODUCT)).build();

    assertThat(run(rule, deployment("llm", twoModels), job("single", 1, twoModels))).isEmpty();
  }
}
