package io.gpuspec.core.internal.rules;

import static io.gpuspec.core.internal.rules.RuleFixtures.deployment;
import static io.gpuspec.core.internal.rules.RuleFixtures.gpuSpec;
import static io.gpuspec.core.internal.rules.RuleFixtures.job;
import static io.gpuspec.core.internal.rules.RuleFixtures.run;
import static io.gpuspec.core.internal.rules.RuleFixtures.single;
import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.batch.v1.CronJobBuilder;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.report.Violation;
import org.junit.jupiter.api.Test;

class RestartPolicyFitsControllerTest {

  private final RestartPolicyFitsController rule = new RestartPolicyFitsController();

  @Test
  void check_jobWithoutRestartPolicy_errorsBecauseTheDefaultIsAlways() {
    Violation v = single(run(rule, job("train", 1, gpuSpec().build())));

    assertThat(v.ruleId()).isEqualTo("K8S001");
    assertThat(v.severity()).isEqualTo(Severity.ERROR);
    assertThat(v.path()).isEqualTo("spec.template.spec.restartPolicy");
    assertThat(v.message()).contains("job \"train\"", "unset", "defaults to Always");
    assertThat(v.fix()).contains("spec.template.spec.restartPolicy: Never");
  }

  @Test
  void check_jobWithAlways_namesTheValue() {
    Violation v = single(run(rule, job("train", 1, gpuSpec().withRestartPolicy("Always").build())));

    assertThat(v.message()).contains("\"Always\"", "OnFailure or Never");
  }

  @Test
  void check_cronJobWithoutRestartPolicy_pointsIntoTheJobTemplate() {
    var cron =
        new CronJobBuilder()
            .withNewMetadata()
            .withName("nightly")
            .endMetadata()
            .withNewSpec()
            .withSchedule("0 3 * * *")
            .withNewJobTemplate()
            .withNewSpec()
            .withNewTemplate()
            .withSpec(gpuSpec().build())
            .endTemplate()
            .endSpec()
            .endJobTemplate()
            .endSpec()
            .build();

    assertThat(single(run(rule, cron)).path())
        .isEqualTo("spec.jobTemplate.spec.template.spec.restartPolicy");
  }

  @Test
  void check_deploymentWithOnFailure_errors() {
    Violation v =
        single(run(rule, deployment("llm", gpuSpec().withRestartPolicy("OnFailure").build())));

    assertThat(v.message()).contains("deployment \"llm\"", "\"OnFailure\"", "only Always");
    assertThat(v.fix()).isEqualTo("remove spec.template.spec.restartPolicy or set it to Always");
  }

  @Test
  void check_validPolicies_areQuiet() {
    var pod =
        new PodBuilder()
            .withNewMetadata()
            .withName("once")
            .endMetadata()
            .withSpec(gpuSpec().withRestartPolicy("OnFailure").build())
            .build();

    assertThat(
            run(
                rule,
                job("a", 1, gpuSpec().withRestartPolicy("Never").build()),
                job("b", 1, gpuSpec().withRestartPolicy("OnFailure").build()),
                deployment("c", gpuSpec().build()),
                deployment("d", gpuSpec().withRestartPolicy("Always").build()),
                pod))
        .isEmpty();
  }
}
