package io.gpuspec.testing;

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
 * A module's rule test files as JUnit tests: one dynamic test per file, run through a {@link
 * RuleTester}, and a check that every rule of the module has files.
 *
 * <p>Layout, per module: {@code src/test/resources/rules/<RULE-ID>/*.yaml} checked with no fleet,
 * and further roots (e.g. {@code rules-with-fleet/<RULE-ID>/}) checked with other options.
 */
public final class RuleFileTests {

  private RuleFileTests() {}

  /**
   * One test per YAML file under {@code root}, named by its path below it: the file opens with a
   * comment saying what it shows, and its findings are exactly its {@code # expect:} lines.
   */
  public static Stream<DynamicTest> of(Path root, RuleTester tester) {
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

  /**
   * Asserts that every rule has a folder {@code <rules>/<ID>} and, in its folders under the roots,
   * at least one file where it fires and one file with no finding at all.
   *
   * @param ruleIds the module's rule ids
   * @param rules the root every rule has a folder in
   * @param roots every root of the module's rule files, {@code rules} included
   * @throws AssertionError naming each rule without its files
   */
  public static void assertEveryRuleHasFiles(
      Collection<String> ruleIds, Path rules, Path... roots) {
    if (ruleIds.isEmpty()) {
      throw new AssertionError("rule ids: none given; pass the module's rule ids");
    }
    List<String> problems = new ArrayList<>();
    for (String id : ruleIds) {
      if (!Files.isDirectory(rules.resolve(id))) {
        problems.add(id + ": no folder " + rules.resolve(id));
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
    if (!problems.isEmpty()) {
      throw new AssertionError("rules without test files:\n  " + String.join("\n  ", problems));
    }
  }

  /** The file's first line is a comment (not an expectation) saying what the file shows. */
  static void assertDescribed(Path file) {
    List<String> lines;
    try {
      lines = Files.readAllLines(file, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read rule test file " + file, e);
    }
    String first = lines.stream().findFirst().orElse("");
    if (!first.startsWith("# ") || first.contains("expect:")) {
      throw new AssertionError(
          file
              + ": the first line is not a comment saying what the file shows; start the file"
              + " with '# <what it shows>'");
    }
  }
}
