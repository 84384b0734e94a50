package io.gpuspec.scheduling.internal;

import io.gpuspec.core.TestGpuspec;
import io.gpuspec.core.check.RuleFiles;
import io.gpuspec.core.spi.Rule;
import io.gpuspec.testing.RuleFileTests;
import io.gpuspec.testing.RuleTester;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * The scheduling module's rule test files: every file under {@code src/test/resources/rules} (no
 * fleet) and {@code rules-with-fleet} (the pools of core's test fleet known) produces exactly the
 * findings its {@code # expect:} lines state, and every rule has a file where it fires and one
 * where it stays quiet.
 */
class SchedulingRuleFilesTest {

  @TestFactory
  Stream<DynamicTest> ruleFiles() {
    return RuleFileTests.of(RuleFiles.RULES, RuleTester.of(TestGpuspec.GPUSPEC));
  }

  @TestFactory
  Stream<DynamicTest> ruleFilesWithFleet() {
    return RuleFileTests.of(
        RuleFiles.RULES_WITH_FLEET,
        RuleTester.of(TestGpuspec.GPUSPEC).withOptions(RuleFiles.WITH_FLEET));
  }

  @Test
  void everySchedulingRule_hasAFileWhereItFiresAndOneWhereItStaysQuiet() {
    RuleFileTests.assertEveryRuleHasFiles(
        new SchedulingModule().rules().stream().map(Rule::id).toList(),
        RuleFiles.RULES,
        RuleFiles.RULES,
        RuleFiles.RULES_WITH_FLEET);
  }
}
