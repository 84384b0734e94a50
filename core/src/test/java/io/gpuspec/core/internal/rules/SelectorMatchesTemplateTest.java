package io.gpuspec.core.internal.rules;

import static io.gpuspec.core.internal.rules.RuleFixtures.deployment;
import static io.gpuspec.core.internal.rules.RuleFixtures.gpuSpec;
import static io.gpuspec.core.internal.rules.RuleFixtures.job;
import static io.gpuspec.core.internal.rules.RuleFixtures.run;
import static io.gpuspec.core.internal.rules.RuleFixtures.single;
import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.LabelSelectorBuilder;
import io.fabric8.kubernetes.api.model.LabelSelectorRequirementBuilder;
import io.fabric8.kubernetes.api.model.apps.StatefulSet;
import io.fabric8.kubernetes.api.model.apps.StatefulSetBuilder;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.report.Violation;
import org.junit.jupiter.api.Test;

class SelectorMatchesTemplateTest {

  private final SelectorMatchesTemplate rule = new SelectorMatchesTemplate();

  private static StatefulSet statefulSet(String operator, String... values) {
    return new StatefulSetBuilder()
        .withNewMetadata()
        .withName("vector-db")
        .endMetadata()
        .withNewSpec()
        .withServiceName("vector-db")
        .withSelector(
            new LabelSelectorBuilder()
                .addToMatchExpressions(
                    new LabelSelectorRequirementBuilder()
                        .withKey("app")
                        .withOperator(operator)
                        .withValues(values)
                        .build())
                .build())
        .withNewTemplate()
        .withNewMetadata()
        .addToLabels("app", "vector-db")
        .endMetadata()
        .withSpec(gpuSpec().build())
        .endTemplate()
        .endSpec()
        .build();
  }

  @Test
  void check_deploymentWithoutSelector_errors() {
    var deployment = deployment("llm", gpuSpec().build());
    deployment.getSpec().setSelector(null);

    Violation v = single(run(rule, deployment));

    assertThat(v.ruleId()).isEqualTo("K8S002");
    assertThat(v.severity()).isEqualTo(Severity.ERROR);
    assertThat(v.path()).isEqualTo("spec.selector");
    assertThat(v.message()).contains("deployment \"llm\"", "missing");
    assertThat(v.fix()).contains("{app=llm}");
  }

  @Test
  void check_emptySelector_errors() {
    var deployment = deployment("llm", gpuSpec().build());
    deployment.getSpec().setSelector(new LabelSelectorBuilder().build());

    assertThat(single(run(rule, deployment)).message()).contains("is empty");
  }

  @Test
  void check_matchLabelsNotOnTemplate_namesBothValues() {
    var deployment = deployment("llm", gpuSpec().build());
    deployment.getSpec().getSelector().getMatchLabels().put("app", "other");

    Violation v = single(run(rule, deployment));

    assertThat(v.path()).isEqualTo("spec.selector.matchLabels[app]");
    assertThat(v.message()).contains("app=other", "app=llm");
  }

  @Test
  void check_matchExpressionNotSelectingTemplate_errors() {
    Violation v = single(run(rule, statefulSet("NotIn", "vector-db")));

    assertThat(v.path()).isEqualTo("spec.selector.matchExpressions[0]");
    assertThat(v.message()).contains("app NotIn [vector-db]");
  }

  @Test
  void check_matchExpressionsSelectingTemplate_areQuiet() {
    assertThat(run(rule, statefulSet("In", "vector-db"), deployment("llm", gpuSpec().build())))
        .isEmpty();
    assertThat(run(rule, statefulSet("Exists"))).isEmpty();
    assertThat(run(rule, statefulSet("NotIn", "other"))).isEmpty();
  }

  @Test
  void check_jobSelectorWithoutManualSelector_errors() {
    Job job = job("train", 1, gpuSpec().withRestartPolicy("Never").build());
    job.getSpec().setSelector(new LabelSelectorBuilder().addToMatchLabels("a", "b").build());

    Violation v = single(run(rule, job));

    assertThat(v.path()).isEqualTo("spec.selector");
    assertThat(v.message()).contains("manualSelector");

    job.getSpec().setManualSelector(true);
    assertThat(run(rule, job)).isEmpty();
  }
}
