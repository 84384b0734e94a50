package io.gpuspec.core.internal.rules;

import static io.gpuspec.core.internal.rules.RuleFixtures.deployment;
import static io.gpuspec.core.internal.rules.RuleFixtures.gpuSpec;
import static io.gpuspec.core.internal.rules.RuleFixtures.run;
import static io.gpuspec.core.internal.rules.RuleFixtures.single;
import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.ServiceAccountBuilder;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.report.Violation;
import java.util.Map;
import org.junit.jupiter.api.Test;

class AutomountTokenIsAFieldTest {

  private final AutomountTokenIsAField rule = new AutomountTokenIsAField();

  @Test
  void check_annotationOnDeployment_warnsAndPointsAtThePodSpecField() {
    var deployment = deployment("llm", gpuSpec().build());
    deployment.getMetadata().setAnnotations(Map.of("automountServiceAccountToken", "false"));

    Violation v = single(run(rule, deployment));

    assertThat(v.ruleId()).isEqualTo("SEC002");
    assertThat(v.severity()).isEqualTo(Severity.WARNING);
    assertThat(v.path()).isEqualTo("metadata.annotations[automountServiceAccountToken]");
    assertThat(v.message()).contains("deployment \"llm\"", "\"false\"", "does nothing");
    assertThat(v.fix())
        .isEqualTo(
            "remove the annotation and set the field"
                + " spec.template.spec.automountServiceAccountToken: false");
  }

  @Test
  void check_prefixedAnnotationOnTemplate_isReportedAtTheTemplate() {
    var deployment = deployment("llm", gpuSpec().build());
    deployment
        .getSpec()
        .getTemplate()
        .getMetadata()
        .setAnnotations(Map.of("example.com/automountServiceAccountToken", "false"));

    assertThat(single(run(rule, deployment)).path())
        .isEqualTo("spec.template.metadata.annotations[example.com/automountServiceAccountToken]");
  }

  @Test
  void check_annotationOnServiceAccount_pointsAtItsField() {
    var account =
        new ServiceAccountBuilder()
            .withNewMetadata()
            .withName("runner")
            .addToAnnotations("automountServiceAccountToken", "false")
            .endMetadata()
            .build();

    assertThat(single(run(rule, account)).fix())
        .isEqualTo("remove the annotation and set the field automountServiceAccountToken: false");
  }

  @Test
  void check_fieldAndUnrelatedAnnotations_areQuiet() {
    var account =
        new ServiceAccountBuilder()
            .withNewMetadata()
            .withName("runner")
            .addToAnnotations("example.com/owner", "ml-platform")
            .endMetadata()
            .withAutomountServiceAccountToken(false)
            .build();

    assertThat(
            run(
                rule,
                account,
                deployment("llm", gpuSpec().withAutomountServiceAccountToken(false).build())))
        .isEmpty();
  }
}
