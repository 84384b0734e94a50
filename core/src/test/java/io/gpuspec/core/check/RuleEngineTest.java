package io.gpuspec.core.check;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.gpuspec.core.TestGpuspec;
import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.manifest.ReadResult;
import io.gpuspec.core.report.Report;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.report.Violation;
import io.gpuspec.core.spi.BaseRule;
import io.gpuspec.core.spi.CheckContext;
import io.gpuspec.core.spi.Rule;
import io.gpuspec.core.spi.RuleInfo;
import org.junit.jupiter.api.Test;

class RuleEngineTest {

  /** Flags every ConfigMap, at warning. */
  static class FlagsConfigMaps extends BaseRule {
    FlagsConfigMaps(String id) {
      super(
          RuleInfo.builder()
              .id(id)
              .severity(Severity.WARNING)
              .title("flags config maps")
              .why("a test rule")
              .fix("none needed")
              .addKinds("ConfigMap")
              .documentation("https://kubernetes.io/docs/concepts/configuration/configmap/")
              .build());
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
        TestGpuspec.engine(new FlagsConfigMaps("T001"))
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
        TestGpuspec.engine(new FlagsConfigMaps("T001"))
            .check(ManifestSet.of(configMap("a")), CheckOptions.builder().strict(true).build());
    assertThat(report.errors()).hasSize(1);
  }

  @Test
  void check_suppressionAnnotationSilencesOnlyThatRule() {
    HasMetadata ignored = configMap("a", "gpuspec.io/ignore-check.T001");
    Report report =
        TestGpuspec.engine(new FlagsConfigMaps("T001"), new FlagsConfigMaps("T002"))
            .check(ManifestSet.of(ignored));
    assertThat(report.violations()).extracting(Violation::ruleId).containsExactly("T002");
  }

  @Test
  void check_disabledRulesDoNotRun() {
    Report report =
        TestGpuspec.engine(new FlagsConfigMaps("T001"))
            .check(
                ManifestSet.of(configMap("a")),
                CheckOptions.builder().addDisabledRule("T001").build());
    assertThat(report.violations()).isEmpty();
    assertThat(report.rulesChecked()).isZero();
  }

  @Test
  void load_twoRulesWithOneId_failsNamingBoth() {
    assertThatThrownBy(() -> TestGpuspec.engine(new FlagsConfigMaps("T001"), new Throws("T001")))
        .isInstanceOf(ModuleLoadException.class)
        .hasMessageContaining("rule id T001 is used by both")
        .hasMessageContaining(FlagsConfigMaps.class.getName())
        .hasMessageContaining(Throws.class.getName());
  }

  /** Throws on every ConfigMap named "bad", and flags the others. */
  static class Throws extends FlagsConfigMaps {
    Throws(String id) {
      super(id);
    }

    @Override
    public void check(ManifestSet manifests, CheckContext context) {
      for (HasMetadata object : manifests) {
        if (object.getMetadata().getName().equals("bad")) {
          throw new IllegalStateException("boom");
        }
      }
      super.check(manifests, context);
    }
  }

  @Test
  void check_ruleThatThrows_reportsEngine001OnTheObjectAndKeepsTheRest() {
    Report report =
        TestGpuspec.engine(new Throws("T001"), new FlagsConfigMaps("T002"))
            .check(ManifestSet.of(configMap("bad"), configMap("good")));
    assertThat(report.byRule(RuleEngine.ENGINE_FAILURE))
        .singleElement()
        .satisfies(
            v -> {
              assertThat(v.object().toString()).isEqualTo("ConfigMap/bad");
              assertThat(v.severity()).isEqualTo(Severity.ERROR);
              assertThat(v.message())
                  .contains("rule T001")
                  .contains(Throws.class.getName())
                  .contains("IllegalStateException: boom");
              assertThat(v.fix()).contains("gpuspec.io/ignore-check.T001");
            });
    assertThat(report.byRule("T001"))
        .extracting(v -> v.object().toString())
        .containsExactly("ConfigMap/good");
    assertThat(report.byRule("T002")).hasSize(2);
  }

  @Test
  void check_ruleThatThrowsOnlyOnTheWholeSet_reportsEngine001OnTheSet() {
    Rule setLevel =
        new FlagsConfigMaps("T003") {
          @Override
          public void check(ManifestSet manifests, CheckContext context) {
            if (manifests.size() > 1) {
              throw new IllegalStateException("pairs");
            }
          }
        };
    Report report =
        TestGpuspec.engine(setLevel).check(ManifestSet.of(configMap("a"), configMap("b")));
    assertThat(report.violations())
        .singleElement()
        .satisfies(
            v -> {
              assertThat(v.ruleId()).isEqualTo("ENGINE001");
              assertThat(v.object().toString()).isEqualTo("(set)");
            });
  }

  @Test
  void lint_reportsReaderProblemsAndRuleViolationsTogether() {
    ReadResult read =
        TestGpuspec.read(
            "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\n  bogus: 1\n", "a.yaml");
    Report report =
        TestGpuspec.engine(new FlagsConfigMaps("T001")).lint(read, CheckOptions.defaults());
    assertThat(report.violations())
        .extracting(Violation::ruleId)
        .containsExactlyInAnyOrder("YAML003", "T001");
    assertThat(report.byRule("YAML003").get(0).source().orElseThrow().line()).isEqualTo(5);
  }
}
