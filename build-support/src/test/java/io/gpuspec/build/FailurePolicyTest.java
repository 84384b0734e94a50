package io.gpuspec.build;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.gpuspec.core.report.ObjectRef;
import io.gpuspec.core.report.Report;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.report.Violation;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class FailurePolicyTest {

  private static Report with(Severity severity) {
    return new Report(
        List.of(
            new Violation(
                "SEC001",
                severity,
                new ObjectRef("v1", "Pod", "ml", "p"),
                "spec",
                "runs as root",
                "set runAsNonRoot",
                Optional.empty())),
        1,
        1);
  }

  @Test
  void of_readsErrorAndWarningInAnyCase() {
    assertThat(FailurePolicy.of(true, "Warning"))
        .isEqualTo(new FailurePolicy(true, Severity.WARNING));
    assertThat(FailurePolicy.of(false, " error "))
        .isEqualTo(new FailurePolicy(false, Severity.ERROR));
  }

  @Test
  void of_unknownSeverity_namesTheSettingAndTheValues() {
    assertThatThrownBy(() -> FailurePolicy.of(true, "info"))
        .isInstanceOf(BuildException.class)
        .hasMessage("gpuspec.severity: \"info\" is not a severity; use error or warning");
  }

  @Test
  void fails_atOrAboveTheThreshold_onlyWhenFailingIsOn() {
    assertThat(FailurePolicy.DEFAULT.fails(with(Severity.WARNING))).isFalse();
    assertThat(FailurePolicy.DEFAULT.fails(with(Severity.ERROR))).isTrue();
    assertThat(FailurePolicy.of(true, "warning").fails(with(Severity.WARNING))).isTrue();
    assertThat(FailurePolicy.of(false, "warning").fails(with(Severity.ERROR))).isFalse();
  }
}
