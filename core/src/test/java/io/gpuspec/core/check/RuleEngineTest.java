package io.gpuspec.core.check;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.gpuspec.core.manifest.ManifestReader;
import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.manifest.ReadResult;
import java.net.URI;
import org.junit.jupiter.api.Test;

class RuleEngineTest {

  /** Flags every ConfigMap, at warning. */
  static class FlagsConfigMaps implements Rule {
    private final String id;

    FlagsConfigMaps(String id) {
      this.id = id;
    }

    @Override
    public String id() {
      return id;
    }

    @Override
    public String description() {
      return "flags config maps";
    }

    @Override
    public Severity severity() {
      return Severity.WARNING;
    }

    @Override
    public URI documentation() {
      return URI.create("https://kubernetes.io/docs/concepts/configuration/configmap/");
    }

    @Override
    public void check(ManifestSet manifests, CheckContext context) {
      manifests.forEach(o -> context.report(o, "data", "a config map", "none needed"));
    }
  }

  private static HasMetadata configMap(String name, String... annotations) {
    ConfigMapBuilder builder =
        new ConfigMapBuilder().withNewMetadata().withName(name).endMetadata();
    for (String key : annotations) {
      builder.editMetadata().addToAnnotations(key, "reviewed by platform team").endMetadata();
    }
    return builder.build();
  }

  @Test
  void check_collectsViolationsWithRefsAndCounts() {
    Report report =
        RuleEngine.of(new FlagsConfigMaps("T001"))
            .check(ManifestSet.of(configMap("a"), configMap("b")));
    assertThat(report.violations())
        .extracting(v -> v.object().toString())
        .containsExactly("ConfigMap/a", "ConfigMap/b");
    assertThat(report.warnings()).hasSize(2);
    assertThat(report.hasErrors()).isFalse();
    assertThat(report.summary()).isEqualTo("2 objects, 1 rules: 0 errors, 2 warnings");
  }

  @Test
  void check_strictRaisesWarningsToErrors() {
    Report report =
        RuleEngine.of(new FlagsConfigMaps("T001"))
            .check(ManifestSet.of(configMap("a")), CheckOptions.builder().strict(true).build());
    assertThat(report.errors()).hasSize(1);
  }

  @Test
  void check_suppressionAnnotationSilencesOnlyThatRule() {
    HasMetadata ignored = configMap("a", "gpuspec.io/ignore-check.T001");
    Report report =
        RuleEngine.of(new FlagsConfigMaps("T001"), new FlagsConfigMaps("T002"))
            .check(ManifestSet.of(ignored));
    assertThat(report.violations()).extracting(Violation::ruleId).containsExactly("T002");
  }

  @Test
  void check_disabledRulesDoNotRun() {
    Report report =
        RuleEngine.of(new FlagsConfigMaps("T001"))
            .check(
                ManifestSet.of(configMap("a")),
                CheckOptions.builder().addDisabledRule("T001").build());
    assertThat(report.violations()).isEmpty();
    assertThat(report.rulesChecked()).isZero();
  }

  @Test
  void of_twoRuleClassesWithOneId_fails() {
    Rule other =
        new FlagsConfigMaps("T001") {
          @Override
          public String description() {
            return "another";
          }
        };
    assertThatThrownBy(() -> RuleEngine.of(new FlagsConfigMaps("T001"), other))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("rule id T001 is used by both");
  }

  @Test
  void lint_reportsReaderProblemsAndRuleViolationsTogether() {
    ReadResult read =
        ManifestReader.read(
            "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\n  bogus: 1\n", "a.yaml");
    Report report = RuleEngine.of(new FlagsConfigMaps("T001")).lint(read, CheckOptions.defaults());
    assertThat(report.violations())
        .extracting(Violation::ruleId)
        .containsExactlyInAnyOrder("YAML003", "T001");
    assertThat(report.byRule("YAML003").get(0).source().orElseThrow().line()).isEqualTo(5);
  }
}
