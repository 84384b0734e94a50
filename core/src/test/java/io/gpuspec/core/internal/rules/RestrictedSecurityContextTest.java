package io.gpuspec.core.internal.rules;

import static io.gpuspec.core.internal.rules.RuleFixtures.deployment;
import static io.gpuspec.core.internal.rules.RuleFixtures.gpuContainer;
import static io.gpuspec.core.internal.rules.RuleFixtures.gpuSpec;
import static io.gpuspec.core.internal.rules.RuleFixtures.run;
import static io.gpuspec.core.internal.rules.RuleFixtures.single;
import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.ContainerBuilder;
import io.fabric8.kubernetes.api.model.PodSecurityContextBuilder;
import io.fabric8.kubernetes.api.model.PodSpecBuilder;
import io.fabric8.kubernetes.api.model.SecurityContextBuilder;
import io.gpuspec.core.TestGpuspec;
import io.gpuspec.core.check.CheckOptions;
import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.report.Violation;
import org.junit.jupiter.api.Test;

class RestrictedSecurityContextTest {

  private final RestrictedSecurityContext rule = new RestrictedSecurityContext();

  /** A GPU container that meets "restricted" except for what the pod level provides. */
  private static Container hardened() {
    return new ContainerBuilder(gpuContainer("1"))
        .withSecurityContext(
            new SecurityContextBuilder()
                .withAllowPrivilegeEscalation(false)
                .withNewCapabilities()
                .addToDrop("ALL")
                .endCapabilities()
                .build())
        .build();
  }

  private static PodSpecBuilder restrictedPod() {
    return new PodSpecBuilder()
        .withSecurityContext(
            new PodSecurityContextBuilder()
                .withRunAsNonRoot(true)
                .withNewSeccompProfile()
                .withType("RuntimeDefault")
                .endSeccompProfile()
                .build());
  }

  @Test
  void check_bareContainer_warnsOnceListingEverythingMissing() {
    Violation v = single(run(rule, deployment("llm", gpuSpec().build())));

    assertThat(v.ruleId()).isEqualTo("SEC001");
    assertThat(v.severity()).isEqualTo(Severity.WARNING);
    assertThat(v.path()).isEqualTo("spec.template.spec.containers[0].securityContext");
    assertThat(v.message())
        .contains(
            "container \"main\"",
            "allowPrivilegeEscalation",
            "capabilities.drop lacks ALL",
            "runAsNonRoot",
            "seccompProfile.type is unset");
  }

  @Test
  void check_containerHardenedAndPodRestricted_isQuiet() {
    assertThat(run(rule, deployment("llm", restrictedPod().addToContainers(hardened()).build())))
        .isEmpty();
  }

  @Test
  void check_privilegedAndContainerOverridingPodSettings_areReported() {
    Container overriding =
        new ContainerBuilder(hardened())
            .editSecurityContext()
            .withPrivileged(true)
            .withRunAsNonRoot(false)
            .withNewSeccompProfile()
            .withType("Unconfined")
            .endSeccompProfile()
            .endSecurityContext()
            .build();

    Violation v =
        single(run(rule, deployment("llm", restrictedPod().addToContainers(overriding).build())));

    assertThat(v.message())
        .contains("privileged: true", "runAsNonRoot is not true", "\"Unconfined\"")
        .doesNotContain("capabilities");
  }

  @Test
  void check_initContainer_getsItsOwnFinding() {
    var spec =
        restrictedPod()
            .addToContainers(hardened())
            .addToInitContainers(
                new ContainerBuilder().withName("fetch").withImage("busybox").build())
            .build();

    assertThat(single(run(rule, deployment("llm", spec))).path())
        .isEqualTo("spec.template.spec.initContainers[0].securityContext");
  }

  @Test
  void check_strictMode_raisesTheWarningToAnError() {
    var report =
        TestGpuspec.engine(rule)
            .check(
                ManifestSet.of(deployment("llm", gpuSpec().build())),
                CheckOptions.builder().strict(true).build());

    assertThat(single(report.violations()).severity()).isEqualTo(Severity.ERROR);
  }
}
