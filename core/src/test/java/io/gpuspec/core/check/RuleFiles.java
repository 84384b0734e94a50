package io.gpuspec.core.check;

import static org.assertj.core.api.Assertions.assertThat;

import io.gpuspec.core.Fixtures;
import io.gpuspec.core.report.Violation;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;

/**
 * The rule test files of a module, run through {@link RuleTester}: one dynamic test per file, a
 * check that every rule of the module has files, and the findings of one file for tests that assert
 * message wording (which a file cannot state).
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

  /** The options of {@link #RULES_WITH_FLEET}: a100-train, h100-train and l40s-inference. */
  public static final CheckOptions WITH_FLEET =
      CheckOptions.builder().fleet(Fixtures.FLEET).build();

  /** The options of {@link #RULES_STRICT}. */
  public static final CheckOptions STRICT = CheckOptions.builder().strict(true).build();

  private RuleFiles() {}

  /**
   * One test per YAML file under {@code root}, named by its path below it: the file opens with a
   * comment saying what it shows, and its findings are exactly its {@code # expect:} lines.
   */
  public static Stream<DynamicTest> tests(Path root, RuleTester tester) {
    return RuleTester.cases(root).stream()
        .map(
            file ->
                DynamicTest.dynamicTest(
                    root.relativize(file).toString(),
                    file.toUri(),
                    () -> {
                      assertDescribed(file);
                      tester.verify(file);
                    }));
  }

  /** The file's first line is a comment (not an expectation) saying what the file shows. */
  static void assertDescribed(Path file) {
    String first = lines(file).stream().findFirst().orElse("");
    assertThat(first)
        .as("%s opens with a one-line comment saying what it shows", file)
        .startsWith("# ")
        .doesNotContain("expect:");
  }

  /**
   * Asserts that every rule has a folder {@code rules/<ID>} and, in its folders under the roots, at
   * least one file where it fires and one file with no finding at all.
   */
  public static void assertEveryRuleHasFiles(Collection<String> ruleIds, Path... roots) {
    assertThat(ruleIds).as("rule ids").isNotEmpty();
    List<String> problems = new ArrayList<>();
    for (String id : ruleIds) {
      if (!Files.isDirectory(RULES.resolve(id))) {
        problems.add(id + ": no folder " + RULES.resolve(id));
      }
      boolean fires = false;
      boolean quiet = false;
      for (Path root : roots) {
        Path folder = root.resolve(id);
        if (!Files.isDirectory(folder)) {
          continue;
        }
        for (Path file : RuleTester.cases(folder)) {
          List<RuleTester.Expectation> expected = RuleTester.expectations(file);
          fires |= expected.stream().anyMatch(e -> e.ruleId().equals(id));
          quiet |= expected.isEmpty();
        }
      }
      if (!fires) {
        problems.add(id + ": no file where it fires");
      }
      if (!quiet) {
        problems.add(id + ": no file where it stays quiet (a file without # expect: lines)");
      }
    }
    assertThat(problems).as("rules without test files").isEmpty();
  }

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

  private static List<String> lines(Path file) {
    try {
      return Files.readAllLines(file, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
