package io.gpuspec.core.check;

import static org.assertj.core.api.Assertions.assertThat;

import io.gpuspec.core.Fixtures;
import io.gpuspec.core.TargetVersions;
import io.gpuspec.core.report.Violation;
import java.nio.file.Path;
import java.util.List;

/**
 * Where a module's rule test files are and the options each root is checked with (the files run
 * through gpuspec-testing's {@code RuleFileTests}), and the findings of one file for tests that
 * assert message wording (which a file cannot state).
 *
 * <p>Layout, per module: {@code src/test/resources/rules/<RULE-ID>/*.yaml} checked with no fleet,
 * {@code rules-with-fleet/<RULE-ID>/} checked with {@link #WITH_FLEET}, {@code
 * rules-strict/<RULE-ID>/} checked with {@link #STRICT}.
 */
public final class RuleFiles {

  /** Rule test files checked without a fleet, not strict. */
  public static final Path RULES = Path.of("src/test/resources/rules");

  /** Rule test files checked with the pools of {@link Fixtures#FLEET} known. */
  public static final Path RULES_WITH_FLEET = Path.of("src/test/resources/rules-with-fleet");

  /** Rule test files checked in strict mode (warnings become errors), no fleet. */
  public static final Path RULES_STRICT = Path.of("src/test/resources/rules-strict");

  /** Rule test files checked with the kinds of {@link #KINDS_FILE} declared, no fleet. */
  public static final Path RULES_WITH_KINDS = Path.of("src/test/resources/rules-with-kinds");

  /** A kinds file declaring a team's own training kind ({@code training.example.com Trainer}). */
  public static final Path KINDS_FILE =
      Path.of("src/test/resources/registry/kinds/example-kinds.yaml");

  /** The options of {@link #RULES_WITH_FLEET}: a100-train, h100-train and l40s-inference. */
  public static final CheckOptions WITH_FLEET =
      CheckOptions.builder().fleet(Fixtures.FLEET).build();

  /** The options of {@link #RULES_WITH_KINDS}, given the module's directory ({@code ../core}). */
  public static CheckOptions withKinds(Path module) {
    return CheckOptions.builder().addKindsFile(module.resolve(KINDS_FILE)).build();
  }

  /**
   * Rule test files checked against the node list {@link #NODES_FILE} (node names known, so {@code
   * matchFields} are judged), no pools.
   */
  public static final Path RULES_WITH_NODES = Path.of("src/test/resources/rules-with-nodes");

  /** Seven named H100 nodes of 8 GPUs, as {@code kubectl get nodes -o yaml} gives them. */
  public static final Path NODES_FILE = Path.of("src/test/resources/fleet/rule-nodes.yaml");

  /** The options of {@link #RULES_WITH_NODES}, given the module's directory ({@code ../core}). */
  public static CheckOptions withNodes(Gpuspec gpuspec, Path module) {
    return CheckOptions.builder()
        .fleet(gpuspec.readFleet(List.of(module.resolve(NODES_FILE))).fleet().orElseThrow())
        .build();
  }

  /** Rule test files checked against a newer target: Kueue 0.20, Trainer v2 alone. */
  public static final Path RULES_TARGET_NEWER = Path.of("src/test/resources/rules-target-newer");

  /** The options of {@link #RULES_TARGET_NEWER}. */
  public static final CheckOptions TARGET_NEWER =
      CheckOptions.builder()
          .target(TargetVersions.parse("kueue=0.20,training-operator=none"))
          .build();

  /** Rule test files checked against an older target: Kubernetes 1.24, Kueue 0.14, Trainer 1.9. */
  public static final Path RULES_TARGET_OLDER = Path.of("src/test/resources/rules-target-older");

  /** The options of {@link #RULES_TARGET_OLDER}. */
  public static final CheckOptions TARGET_OLDER =
      CheckOptions.builder()
          .target(TargetVersions.parse("kubernetes=1.24,kueue=0.14,trainer=1.9"))
          .build();

  /** The options of {@link #RULES_STRICT}. */
  public static final CheckOptions STRICT = CheckOptions.builder().strict(true).build();

  private RuleFiles() {}

  /** The findings of one file (reader problems and violations), as {@link RuleTester} sees them. */
  public static List<Violation> findings(Gpuspec gpuspec, Path file, CheckOptions options) {
    return gpuspec.lint(List.of(file), options).violations();
  }

  /** The one finding of {@code ruleId} in a file; fails unless there is exactly one. */
  public static Violation finding(Gpuspec gpuspec, Path file, CheckOptions options, String ruleId) {
    List<Violation> matching =
        findings(gpuspec, file, options).stream().filter(v -> v.ruleId().equals(ruleId)).toList();
    assertThat(matching).as("%s findings in %s", ruleId, file).hasSize(1);
    return matching.get(0);
  }
}
