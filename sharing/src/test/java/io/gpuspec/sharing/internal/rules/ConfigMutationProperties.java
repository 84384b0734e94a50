package io.gpuspec.sharing.internal.rules;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.gpuspec.core.TestGpuspec;
import io.gpuspec.core.check.CheckOptions;
import io.gpuspec.core.manifest.YamlRenderer;
import io.gpuspec.core.report.Violation;
import io.gpuspec.sharing.DevicePluginConfig;
import io.gpuspec.sharing.MigStrategy;
import io.gpuspec.sharing.SharedResource;
import io.gpuspec.sharing.SharingConfig;
import io.gpuspec.sharing.SharingStrategy;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Assume;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * Device-plugin configs rendered by the DSL, then broken the way people break them by hand: each
 * break is caught by exactly its rule, and a config gets the same findings whether it sits in a
 * ConfigMap or in a standalone file.
 */
class ConfigMutationProperties {

  /** A way to break a config, and the rule that must catch it (none for {@link #NONE}). */
  enum Mutation {
    NONE(""),
    ONE_REPLICA("SHR002"),
    RENAME_AT_THE_TOP("SHR001"),
    MISSPELT_RESOURCES("SHR001"),
    MPS_ABOVE_48("SHR003"),
    MPS_WITH_MIXED("SHR004");

    final String rule;

    Mutation(String rule) {
      this.rule = rule;
    }
  }

  record Case(
      SharingStrategy strategy, int replicas, boolean renamed, Mutation mutation, int over) {

    String text() {
      String text =
          DevicePluginConfig.builder()
              .migStrategy(MigStrategy.NONE)
              .sharing(
                  SharingConfig.builder()
                      .strategy(strategy)
                      .renameByDefault(renamed)
                      .addResources(SharedResource.of("nvidia.com/gpu", replicas))
                      .build())
              .build()
              .render();
      return switch (mutation) {
        case NONE -> text;
        case ONE_REPLICA -> text.replace("replicas: " + replicas, "replicas: 1");
        case RENAME_AT_THE_TOP ->
            "renameByDefault: true\n" + text.replaceAll(" *renameByDefault: (true|false)\n", "");
        case MISSPELT_RESOURCES -> text.replace("resources:", "resource:");
        case MPS_ABOVE_48 -> text.replace("replicas: " + replicas, "replicas: " + over);
        case MPS_WITH_MIXED -> text.replace("migStrategy: none", "migStrategy: mixed");
      };
    }
  }

  @Provide
  Arbitrary<Case> cases() {
    return Combinators.combine(
            Arbitraries.of(SharingStrategy.class),
            Arbitraries.integers().between(2, 48),
            Arbitraries.of(true, false),
            Arbitraries.of(Mutation.class),
            Arbitraries.integers().between(49, 200))
        .as(Case::new)
        .filter(
            c ->
                c.strategy() == SharingStrategy.MPS
                    || (c.mutation() != Mutation.MPS_ABOVE_48
                        && c.mutation() != Mutation.MPS_WITH_MIXED));
  }

  private static List<Violation> lintInConfigMap(String text) {
    String yaml =
        YamlRenderer.render(
            new ConfigMapBuilder()
                .withNewMetadata()
                .withName("device-plugin-config")
                .withNamespace("gpu-operator")
                .endMetadata()
                .addToData("cfg", text)
                .build());
    return lint(yaml, "configmap.yaml");
  }

  private static List<Violation> lint(String yaml, String file) {
    return TestGpuspec.GPUSPEC
        .engine()
        .lint(TestGpuspec.read(yaml, file), CheckOptions.defaults())
        .violations();
  }

  /** A break of a DSL-built config is caught by its rule, and by no other. */
  @Property(tries = 300)
  void eachBreakIsCaughtByExactlyItsRule(@ForAll("cases") Case c) {
    List<Violation> found = lintInConfigMap(c.text());

    Set<String> rules = found.stream().map(Violation::ruleId).collect(Collectors.toSet());
    if (c.mutation() == Mutation.NONE) {
      assertThat(found).as(c.text()).isEmpty();
    } else {
      assertThat(rules).as(c.text()).containsExactly(c.mutation().rule);
      assertThat(found).allSatisfy(v -> assertThat(v.path()).isEqualTo("data[cfg]"));
    }
  }

  /** The same config text, embedded or standalone, gets the same findings (rule and message). */
  @Property(tries = 200)
  void embeddedAndStandaloneConfigsGetTheSameFindings(@ForAll("cases") Case c) {
    Assume.that(c.mutation() != Mutation.NONE || c.replicas() % 2 == 0);

    List<String> embedded = describe(lintInConfigMap(c.text()));
    List<String> standalone = describe(lint(c.text(), "plugin.yaml"));

    assertThat(standalone).isEqualTo(embedded);
  }

  private static List<String> describe(List<Violation> violations) {
    return violations.stream()
        .map(v -> v.ruleId() + " " + v.severity() + " " + v.message())
        .sorted()
        .toList();
  }
}
