package io.gpuspec.core.internal.rules;

import static io.gpuspec.core.internal.rules.RuleFixtures.deployment;
import static io.gpuspec.core.internal.rules.RuleFixtures.gpuSpec;
import static io.gpuspec.core.internal.rules.RuleFixtures.job;
import static io.gpuspec.core.internal.rules.RuleFixtures.run;
import static io.gpuspec.core.internal.rules.RuleFixtures.single;
import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.api.model.batch.v1.CronJob;
import io.fabric8.kubernetes.api.model.batch.v1.CronJobBuilder;
import io.fabric8.kubernetes.api.model.rbac.ClusterRoleBuilder;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.report.Violation;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class NamesAndLabelsValidTest {

  private final NamesAndLabelsValid rule = new NamesAndLabelsValid();

  private static CronJob cronJob(String name) {
    return new CronJobBuilder()
        .withNewMetadata()
        .withName(name)
        .endMetadata()
        .withNewSpec()
        .withSchedule("0 3 * * *")
        .endSpec()
        .build();
  }

  @Test
  void check_missingName_errors() {
    Violation v = single(run(rule, new ConfigMapBuilder().withNewMetadata().endMetadata().build()));

    assertThat(v.ruleId()).isEqualTo("K8S003");
    assertThat(v.severity()).isEqualTo(Severity.ERROR);
    assertThat(v.path()).isEqualTo("metadata.name");
    assertThat(v.message()).contains("missing");
  }

  @Test
  void check_generateNameInsteadOfName_isQuiet() {
    var config =
        new ConfigMapBuilder().withNewMetadata().withGenerateName("cfg-").endMetadata().build();

    assertThat(run(rule, config)).isEmpty();
  }

  @Test
  void check_upperCaseDeploymentName_errorsAndSuggestsAValidName() {
    Violation v = single(run(rule, deployment("LLM_Server", gpuSpec().build())));

    assertThat(v.path()).isEqualTo("metadata.name");
    assertThat(v.message()).contains("\"LLM_Server\"", "DNS-1123 subdomain");
    assertThat(v.fix()).isEqualTo("rename it, e.g. to \"llm-server\"");
  }

  @Test
  void check_dottedName_isFineForDeploymentButNotForNamespace() {
    var namespace =
        new NamespaceBuilder().withNewMetadata().withName("ml.serving").endMetadata().build();

    Violation v = single(run(rule, namespace, deployment("llm.v2", gpuSpec().build())));

    assertThat(v.object().kind()).isEqualTo("Namespace");
    assertThat(v.message()).contains("DNS-1123 label");
    assertThat(v.fix()).contains("\"ml-serving\"");
  }

  @Test
  void check_jobAndCronJobNameLengths_areLimited() {
    var longJob = job("j".repeat(64), 1, gpuSpec().withRestartPolicy("Never").build());

    assertThat(single(run(rule, longJob)).message()).contains("64 characters", "63");
    assertThat(single(run(rule, cronJob("c".repeat(53)))).message()).contains("at most 52");
    assertThat(run(rule, cronJob("c".repeat(52)), job("j".repeat(63), 1, gpuSpec().build())))
        .isEmpty();
  }

  @Test
  void check_rbacNameWithColon_isQuiet() {
    var role =
        new ClusterRoleBuilder()
            .withNewMetadata()
            .withName("ml-platform:gpu-viewer")
            .endMetadata()
            .build();

    assertThat(run(rule, role)).isEmpty();
  }

  @Test
  void check_invalidLabelValueOnTemplate_pointsAtTheTemplateLabel() {
    var deployment = deployment("llm", gpuSpec().build());
    deployment.getSpec().getTemplate().getMetadata().getLabels().put("tier", "gpu serving");

    Violation v = single(run(rule, deployment));

    assertThat(v.path()).isEqualTo("spec.template.metadata.labels[tier]");
    assertThat(v.message()).contains("\"gpu serving\"");
  }

  @Test
  void check_invalidKeysOnObjectAndInSelector_areReported() {
    var deployment = deployment("llm", gpuSpec().build());
    deployment.getMetadata().setLabels(new HashMap<>(Map.of("-bad", "x")));
    deployment.getMetadata().setAnnotations(new HashMap<>(Map.of("a b", "x")));
    deployment.getSpec().getSelector().getMatchLabels().put("app", "x".repeat(64));

    assertThat(run(rule, deployment))
        .extracting(Violation::path)
        .containsExactlyInAnyOrder(
            "metadata.labels[-bad]", "metadata.annotations[a b]", "spec.selector.matchLabels[app]");
  }

  @Test
  void check_invalidNamespace_errors() {
    var deployment = deployment("llm", gpuSpec().build());
    deployment.getMetadata().setNamespace("ML");

    Violation v = single(run(rule, deployment));

    assertThat(v.path()).isEqualTo("metadata.namespace");
    assertThat(v.message()).contains("\"ML\"");
  }
}
