package io.gpuspec.tfjob.internal.rules;

import io.gpuspec.core.TestGpuspec;
import io.gpuspec.core.check.RuleFiles;
import io.gpuspec.testing.RuleFileTests;
import io.gpuspec.testing.RuleTester;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * The tfjob module's rule test files: every file under {@code src/test/resources/rules} produces
 * exactly the findings its {@code # expect:} lines state, checked with every rule on the class path
 * (core's and tfjob's) and no fleet. Besides the TFJ rules, {@code rules/GPU004} and {@code
 * rules/K8S003} hold the cases of core rules that need the TFJob kind.
 */
class TfJobRuleFilesTest {

  @TestFactory
  Stream<DynamicTest> ruleFiles() {
    return RuleFileTests.of(RuleFiles.RULES, RuleTester.of(TestGpuspec.GPUSPEC));
  }

  @Test
  void everyTfJobRule_hasAFileWhereItFiresAndOneWhereItStaysQuiet() {
    RuleFileTests.assertEveryRuleHasFiles(
        TestGpuspec.ruleIds("tfjob"), RuleFiles.RULES, RuleFiles.RULES);
  }
}
