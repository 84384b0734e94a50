package io.gpuspec.lws.internal;

import io.gpuspec.core.TestGpuspec;
import io.gpuspec.core.check.RuleFiles;
import io.gpuspec.testing.RuleFileTests;
import io.gpuspec.testing.RuleTester;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * The lws module's rule test files: every file under {@code src/test/resources/rules} produces
 * exactly the findings its {@code # expect:} lines state, checked with every rule on the class path
 * and no fleet.
 */
class LwsRuleFilesTest {

  @TestFactory
  Stream<DynamicTest> ruleFiles() {
    return RuleFileTests.of(RuleFiles.RULES, RuleTester.of(TestGpuspec.GPUSPEC));
  }

  @Test
  void everyLwsRule_hasAFileWhereItFiresAndOneWhereItStaysQuiet() {
    RuleFileTests.assertEveryRuleHasFiles(
        TestGpuspec.ruleIds("lws"), RuleFiles.RULES, RuleFiles.RULES);
  }
}
