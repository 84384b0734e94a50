package io.gpuspec.examples;

import static org.assertj.core.api.Assertions.assertThat;

import io.gpuspec.core.TestGpuspec;
import io.gpuspec.testing.RuleTester;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * Kueue's topology annotations on TrainJob pod templates (the scheduling module's rules on the
 * trainer module's merged templates, so only here where both are on the class path): a level the
 * Topology lacks, written by a TrainJob's runtime patch or by its runtime, is reported at the field
 * that wrote it; a level of the Topology is quiet.
 */
class TrainJobTopologyRulesTest {

  private static final Path RULES = Path.of("src/test/resources/rules/SCH025");

  @Test
  void trainJobTopologyAnnotations_areJudgedWhereTheyWereWritten() {
    RuleTester tester = RuleTester.of(TestGpuspec.GPUSPEC);

    int verified = 0;
    for (Path file : RuleTester.cases(RULES)) {
      verified += tester.verify(file);
    }

    assertThat(verified).isEqualTo(3);
  }
}
