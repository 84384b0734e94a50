package io.gpuspec.testing;

import io.gpuspec.core.TestGpuspec;
import io.gpuspec.core.check.RuleFiles;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Core's rule test files, run here because core's own tests cannot use this module (it depends on
 * core): every file under core's {@code src/test/resources/rules} (no fleet), {@code
 * rules-with-fleet} (the pools of {@link io.gpuspec.core.Fixtures#FLEET} known) and {@code
 * rules-strict} and {@code rules-with-nodes} (a node list known) produces exactly the findings its
 * {@code # expect:} lines state. The files stay next to core's rules, whose message tests read them
 * too.
 */
class CoreRuleFilesTest {

  private static final Path CORE = Path.of("../core");
  private static final Path RULES = CORE.resolve(RuleFiles.RULES);
  private static final Path RULES_WITH_FLEET = CORE.resolve(RuleFiles.RULES_WITH_FLEET);
  private static final Path RULES_STRICT = CORE.resolve(RuleFiles.RULES_STRICT);
  private static final Path RULES_WITH_KINDS = CORE.resolve(RuleFiles.RULES_WITH_KINDS);
  private static final Path RULES_WITH_NODES = CORE.resolve(RuleFiles.RULES_WITH_NODES);

  @TestFactory
  Stream<DynamicTest> ruleFiles() {
    return RuleFileTests.of(RULES, RuleTester.of(TestGpuspec.GPUSPEC));
  }

  @TestFactory
  Stream<DynamicTest> ruleFilesWithFleet() {
    return RuleFileTests.of(
        RULES_WITH_FLEET,
        RuleTester.of(TestGpuspec.GPUSPEC).withOptions(RuleFiles.WITH_FLEET).withFleetFindings());
  }

  @TestFactory
  Stream<DynamicTest> ruleFilesStrict() {
    return RuleFileTests.of(
        RULES_STRICT, RuleTester.of(TestGpuspec.GPUSPEC).withOptions(RuleFiles.STRICT));
  }

  @TestFactory
  Stream<DynamicTest> ruleFilesWithKinds() {
    return RuleFileTests.of(
        RULES_WITH_KINDS,
        RuleTester.of(TestGpuspec.GPUSPEC).withOptions(RuleFiles.withKinds(CORE)));
  }

  @TestFactory
  Stream<DynamicTest> ruleFilesWithNodes() {
    return RuleFileTests.of(
        RULES_WITH_NODES,
        RuleTester.of(TestGpuspec.GPUSPEC)
            .withOptions(RuleFiles.withNodes(TestGpuspec.GPUSPEC, CORE))
            .withFleetFindings());
  }

  @TestFactory
  Stream<DynamicTest> ruleFilesWithANewerTarget() {
    return RuleFileTests.of(
        CORE.resolve(RuleFiles.RULES_TARGET_NEWER),
        RuleTester.of(TestGpuspec.GPUSPEC).withOptions(RuleFiles.TARGET_NEWER));
  }

  @TestFactory
  Stream<DynamicTest> ruleFilesWithAnOlderTarget() {
    return RuleFileTests.of(
        CORE.resolve(RuleFiles.RULES_TARGET_OLDER),
        RuleTester.of(TestGpuspec.GPUSPEC).withOptions(RuleFiles.TARGET_OLDER));
  }

  @Test
  void everyCoreRule_hasAFileWhereItFiresAndOneWhereItStaysQuiet() {
    RuleFileTests.assertEveryRuleHasFiles(
        TestGpuspec.ruleIds("core"),
        RULES,
        RULES,
        RULES_WITH_FLEET,
        RULES_STRICT,
        RULES_WITH_NODES,
        CORE.resolve(RuleFiles.RULES_TARGET_NEWER),
        CORE.resolve(RuleFiles.RULES_TARGET_OLDER));
  }
}
