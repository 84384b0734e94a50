package io.gpuspec.core.check;

import io.gpuspec.core.TestGpuspec;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Core's rule test files: every file under {@code src/test/resources/rules} (no fleet), {@code
 * rules-with-fleet} (the pools of {@link io.gpuspec.core.Fixtures#FLEET} known) and {@code
 * rules-strict} produces exactly the findings its {@code # expect:} lines state.
 */
class CoreRuleFilesTest {

  @TestFactory
  Stream<DynamicTest> ruleFiles() {
    return RuleFiles.tests(RuleFiles.RULES, RuleTester.of(TestGpuspec.GPUSPEC));
  }

  @TestFactory
  Stream<DynamicTest> ruleFilesWithFleet() {
    return RuleFiles.tests(
        RuleFiles.RULES_WITH_FLEET,
        RuleTester.of(TestGpuspec.GPUSPEC).withOptions(RuleFiles.WITH_FLEET));
  }

  @TestFactory
  Stream<DynamicTest> ruleFilesStrict() {
    return RuleFiles.tests(
        RuleFiles.RULES_STRICT, RuleTester.of(TestGpuspec.GPUSPEC).withOptions(RuleFiles.STRICT));
  }

  @Test
  void everyCoreRule_hasAFileWhereItFiresAndOneWhereItStaysQuiet() {
    RuleFiles.assertEveryRuleHasFiles(
        TestGpuspec.ruleIds("core"),
        RuleFiles.RULES,
        RuleFiles.RULES_WITH_FLEET,
        RuleFiles.RULES_STRICT);
  }
}
