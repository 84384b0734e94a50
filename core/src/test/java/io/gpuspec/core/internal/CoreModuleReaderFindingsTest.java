package io.gpuspec.core.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.gpuspec.core.TestGpuspec;
import io.gpuspec.core.manifest.ReadProblem;
import io.gpuspec.core.spi.Rule;
import io.gpuspec.core.spi.RuleInfo;
import org.junit.jupiter.api.Test;

/** The reader's ids are listed as rule metadata, once each, apart from every rule's id. */
class CoreModuleReaderFindingsTest {

  @Test
  void readerFindings_mapEveryReadProblemOnce() {
    assertThat(CoreModule.readerFindings())
        .extracting(RuleInfo::id)
        .containsExactlyElementsOf(ReadProblem.ids());
    for (RuleInfo info : CoreModule.readerFindings()) {
      ReadProblem problem = ReadProblem.valueOf(info.id());
      assertThat(info.severity()).isEqualTo(problem.severity());
      assertThat(info.title()).isEqualTo(problem.title());
      assertThat(info.why()).isEqualTo(problem.why());
      assertThat(info.fix()).isEqualTo(problem.fix());
      assertThat(info.documentation()).hasToString(problem.documentation());
    }
  }

  @Test
  void readerFindings_shareNoIdWithARule() {
    assertThat(TestGpuspec.GPUSPEC.rules())
        .extracting(Rule::id)
        .doesNotContainAnyElementsOf(ReadProblem.ids());
  }
}
