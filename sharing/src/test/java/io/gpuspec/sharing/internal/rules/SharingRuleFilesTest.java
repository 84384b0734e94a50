package io.gpuspec.sharing.internal.rules;

import io.gpuspec.core.TestGpuspec;
import io.gpuspec.core.check.RuleFiles;
import io.gpuspec.testing.RuleFileTests;
import io.gpuspec.testing.RuleTester;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * The sharing module's rule test files: every file under {@code src/test/resources/rules} (no
 * fleet) and {@code rules-with-fleet} (the pools of {@link SharingFleet}) produces exactly the
 * findings its {@code # expect:} lines state, with every rule on the class path (core's and
 * sharing's).
 */
class SharingRuleFilesTest {

  @TestFactory
  Stream<DynamicTest> ruleFiles() {
    return RuleFileTests.of(RuleFiles.RULES, RuleTester.of(TestGpuspec.GPUSPEC));
  }

  @TestFactory
  Stream<DynamicTest> ruleFilesWithFleet() {
    return RuleFileTests.of(
        SharingFleet.RULES_WITH_FLEET,
        RuleTester.of(TestGpuspec.GPUSPEC).withOptions(SharingFleet.WITH_FLEET));
  }

  @Test
  void everySharingRule_hasAFileWhereItFiresAndOneWhereItStaysQuiet() {
    RuleFileTests.assertEveryRuleHasFiles(
        TestGpuspec.ruleIds("sharing"),
        RuleFiles.RULES,
        RuleFiles.RULES,
        SharingFleet.RULES_WITH_FLEET);
  }
}
