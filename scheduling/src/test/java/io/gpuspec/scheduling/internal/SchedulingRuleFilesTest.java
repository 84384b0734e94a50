package io.gpuspec.scheduling.internal;

import io.gpuspec.core.Fleet;
import io.gpuspec.core.TestGpuspec;
import io.gpuspec.core.check.CheckOptions;
import io.gpuspec.core.check.RuleFiles;
import io.gpuspec.core.spi.Rule;
import io.gpuspec.testing.RuleFileTests;
import io.gpuspec.testing.RuleTester;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * The scheduling module's rule test files: every file under {@code src/test/resources/rules} (no
 * fleet) {@code rules-with-fleet} (the pools of core's test fleet known) and {@code
 * rules-with-topology} (a fleet of racks and blocks) produces exactly the findings its {@code #
 * expect:} lines state, and every rule has a file where it fires and one where it stays quiet.
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

  /** Rule test files checked with {@link #TOPOLOGY_FLEET}, a fleet of racks and blocks. */
  static final Path RULES_WITH_TOPOLOGY = Path.of("src/test/resources/rules-with-topology");

  /** Two blocks of two racks of four 8-GPU nodes, and CPU nodes. */
  static final Path TOPOLOGY_FLEET = Path.of("src/test/resources/fleets/racks.yaml");

  @TestFactory
  Stream<DynamicTest> ruleFilesWithTopologyFleet() {
    Fleet fleet = TestGpuspec.GPUSPEC.readFleet(List.of(TOPOLOGY_FLEET)).fleet().orElseThrow();
    return RuleFileTests.of(
        RULES_WITH_TOPOLOGY,
        RuleTester.of(TestGpuspec.GPUSPEC)
            .withOptions(CheckOptions.builder().fleet(fleet).build()));
  }

  @Test
  void everySchedulingRule_hasAFileWhereItFiresAndOneWhereItStaysQuiet() {
    RuleFileTests.assertEveryRuleHasFiles(
        new SchedulingModule().rules().stream().map(Rule::id).toList(),
        RuleFiles.RULES,
        RuleFiles.RULES,
        RuleFiles.RULES_WITH_FLEET,
        RULES_WITH_TOPOLOGY);
  }
}
