package io.gpuspec.gradle;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.gpuspec.build.BuildException;
import io.gpuspec.build.BuildLog;
import io.gpuspec.build.BuildOutcome;
import io.gpuspec.core.report.Report;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.gradle.api.GradleException;
import org.junit.jupiter.api.Test;

/** The work actions' logic, without Gradle: version check, outcome to exception, logging. */
class GradleGoalTest {

  private final List<String> lines = new ArrayList<>();

  private final BuildLog log =
      new BuildLog() {
        @Override
        public void info(String line) {
          lines.add("info " + line);
        }

        @Override
        public void warn(String line) {
          lines.add("warn " + line);
        }

        @Override
        public void error(String line) {
          lines.add("error " + line);
        }
      };

  private static final Report EMPTY = new Report(List.of(), 0, 0);

  private static Map<String, String> same() {
    return Map.of("gpuspec-core", GradleGoal.pluginVersion());
  }

  @Test
  void pluginVersion_isTheVersionItIsBuiltFrom() {
    assertThat(GradleGoal.pluginVersion()).isEqualTo(System.getProperty("project.version"));
  }

  @Test
  void passingGoal_logsItsSummary() {
    GradleGoal.run(same(), log, l -> new BuildOutcome(EMPTY, false, "gpuspec: all good"));

    assertThat(lines).containsExactly("info gpuspec: all good");
  }

  @Test
  void failingGoal_failsTheTaskWithItsSummary() {
    assertThatThrownBy(
            () -> GradleGoal.run(same(), log, l -> new BuildOutcome(EMPTY, true, "gpuspec: bad")))
        .isExactlyInstanceOf(GradleException.class)
        .hasMessage("gpuspec: bad")
        .hasNoCause();
  }

  @Test
  void buildException_failsTheTaskWithItsMessageOnly() {
    assertThatThrownBy(
            () ->
                GradleGoal.run(
                    same(),
                    log,
                    l -> {
                      throw new BuildException("spec class X", "platform() threw", "fix it");
                    }))
        .isExactlyInstanceOf(GradleException.class)
        .hasMessage("spec class X: platform() threw; fix it")
        .hasNoCause();
  }

  @Test
  void otherGpuspecVersionInTheProject_failsBeforeTheGoalRuns() {
    assertThatThrownBy(
            () ->
                GradleGoal.run(
                    Map.of("gpuspec-tfjob", "0.0.1"),
                    log,
                    l -> {
                      throw new AssertionError("the goal must not run");
                    }))
        .isExactlyInstanceOf(GradleException.class)
        .hasMessageStartingWith(
            "gpuspec-gradle-plugin "
                + GradleGoal.pluginVersion()
                + ": the project uses gpuspec-tfjob 0.0.1");
  }
}
