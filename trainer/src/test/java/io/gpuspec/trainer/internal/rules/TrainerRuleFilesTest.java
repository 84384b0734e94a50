package io.gpuspec.trainer.internal.rules;

import io.gpuspec.core.TestGpuspec;
import io.gpuspec.core.check.RuleFiles;
import io.gpuspec.testing.RuleFileTests;
import io.gpuspec.testing.RuleTester;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * The trainer module's rule test files: every file under {@code src/test/resources/rules} produces
 * exactly the findings its {@code # expect:} lines state, checked with every rule on the class path
 * and no fleet. Besides the TRN rules, {@code rules/GPU*} hold core rules' cases on merged TrainJob
 * templates and on runtimes.
 */
class TrainerRuleFilesTest {

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
  void everyTrainerRule_hasAFileWhereItFiresAndOneWhereItStaysQuiet() {
    RuleFileTests.assertEveryRuleHasFiles(
        TestGpuspec.ruleIds("trainer"),
        RuleFiles.RULES,
        RuleFiles.RULES,
        RuleFiles.RULES_WITH_FLEET);
  }
}
