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
      this(id, false);
    }

    FlagsConfigMaps(String id, boolean apiServerRejects) {
      super(
          RuleInfo.builder()
              .id(id)
              .severity(Severity.WARNING)
              .title("flags config maps")
              .why("a test rule")
              .fix("none needed")
              .addKinds("ConfigMap")
              .documentation("https://kubernetes.io/docs/concepts/configuration/configmap/")
              .apiServerRejects(apiServerRejects)
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

  private static HasMetadata annotated(String key, String reason) {
    HasMetadata object = configMap("a");
    object.getMetadata().setAnnotations(java.util.Collections.singletonMap(key, reason));
    return object;
  }

  @Test
  void check_suppressionWithABlankReason_suppressesNothingAndIsReported() {
    for (String blank : new String[] {"", "  ", null}) {
      Report report =
          TestGpuspec.engine(new FlagsConfigMaps("T001"))
              .check(ManifestSet.of(annotated("gpuspec.io/ignore-check.T001", blank)));
      assertThat(report.violations())
          .extracting(Violation::ruleId)
          .containsExactlyInAnyOrder("T001", RuleEngine.SUPPRESSION_WITHOUT_REASON);
      assertThat(report.byRule(RuleEngine.SUPPRESSION_WITHOUT_REASON))
          .singleElement()
          .satisfies(
              v -> {
                assertThat(v.severity()).isEqualTo(Severity.WARNING);
                assertThat(v.path())
                    .isEqualTo("metadata.annotations[gpuspec.io/ignore-check.T001]");
                assertThat(v.message()).contains("gives no reason").contains("does not suppress");
                assertThat(v.fix()).startsWith("say why T001 does not apply");
              });
    }
  }

  @Test
  void check_suppressionOfARuleTheApiServerEnforces_isIgnoredAndReported() {
    Report report =
        TestGpuspec.engine(new FlagsConfigMaps("T001", true))
            .check(ManifestSet.of(annotated("gpuspec.io/ignore-check.T001", "we know")));
    assertThat(report.violations())
        .extracting(Violation::ruleId)
        .containsExactlyInAnyOrder("T001", RuleEngine.SUPPRESSION_IGNORED);
    assertThat(report.byRule(RuleEngine.SUPPRESSION_IGNORED).get(0).message())
        .contains("the API server rejects");
  }

  @Test
  void check_suppressionOfAnUnknownRule_isReported_suggestingCapitals() {
    Report report =
        TestGpuspec.engine(new FlagsConfigMaps("T001"))
            .only()
            .check(ManifestSet.of(annotated("gpuspec.io/ignore-check.t001", "reviewed")));
    assertThat(report.violations())
        .singleElement()
        .satisfies(
            v -> {
              assertThat(v.ruleId()).isEqualTo(RuleEngine.SUPPRESSION_OF_UNKNOWN_RULE);
              assertThat(v.fix()).contains("gpuspec.io/ignore-check.T001");
            });
  }

  @Test
  void check_suppressionFindings_followStrictAndDisabledRules() {
    ManifestSet set = ManifestSet.of(annotated("gpuspec.io/ignore-check.X999", "reviewed"));
    RuleEngine engine = TestGpuspec.engine(new FlagsConfigMaps("T001")).only();
    assertThat(engine.check(set, CheckOptions.builder().strict(true).build()).errors())
        .extracting(Violation::ruleId)
        .containsExactly(RuleEngine.SUPPRESSION_OF_UNKNOWN_RULE);
    assertThat(
            engine
                .check(
                    set,
                    CheckOptions.builder()
                        .addDisabledRule(RuleEngine.SUPPRESSION_OF_UNKNOWN_RULE)
                        .build())
                .violations())
        .isEmpty();
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

  /** Reports, on each ConfigMap, the value shared under one key (computed by the first rule). */
  static class ReportsShared extends FlagsConfigMaps {
    private final java.util.concurrent.atomic.AtomicInteger computed;

    ReportsShared(String id, java.util.concurrent.atomic.AtomicInteger computed) {
      super(id);
      this.computed = computed;
    }

    @Override
    public void check(ManifestSet manifests, CheckContext context) {
      int value = context.shared("key", computed::incrementAndGet);
      manifests.forEach(o -> context.report(o, "data", "shared " + value, "none needed"));
    }
  }

  @Test
  void shared_isComputedOncePerCheck_andNeverKeptAcrossChecks() {
    java.util.concurrent.atomic.AtomicInteger computed =
        new java.util.concurrent.atomic.AtomicInteger();
    RuleEngine engine =
        TestGpuspec.engine(
            new ReportsShared("T001", computed), new ReportsShared("T002", computed));
    Report first = engine.check(ManifestSet.of(configMap("a")));
    assertThat(first.violations()).extracting(Violation::message).containsOnly("shared 1");
    Report second = engine.check(ManifestSet.of(configMap("a")));
    assertThat(second.violations()).extracting(Violation::message).containsOnly("shared 2");
  }
}
