package io.gpuspec.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.gpuspec.core.TargetVersions.Component;
import org.junit.jupiter.api.Test;

/** Target versions: defaults, parsing, comparison and the Training Operator under Trainer v2. */
class TargetVersionsTest {

  @Test
  void defaults_areTheNewestBundledReleases() {
    assertThat(TargetVersions.defaults())
        .hasToString(
            "{jobset=0.12, kubernetes=1.35, kueue=0.19, lws=0.10, trainer=2.3,"
                + " training-operator=1.9}");
  }

  @Test
  void parse_setsTheNamedComponents_andKeepsTheOthersDefault() {
    TargetVersions target =
        TargetVersions.parse("kubernetes=1.33, kueue=0.20,training-operator=none");

    assertThat(target.kubernetes()).isEqualTo("1.33");
    assertThat(target.kueue()).isEqualTo("0.20");
    assertThat(target.of(Component.TRAINING_OPERATOR)).isEmpty();
    assertThat(target.lws()).isEqualTo("0.10");
  }

  @Test
  void trainerBeforeV2_isTheTrainingOperator() {
    assertThat(TargetVersions.parse("trainer=1.9").of(Component.TRAINING_OPERATOR)).hasValue("1.9");
  }

  @Test
  void compare_readsMajorAndMinorAsNumbers() {
    assertThat(TargetVersions.compare("0.20", "0.9")).isPositive();
    assertThat(TargetVersions.compare("1.35.2", "1.35")).isZero();
    assertThat(TargetVersions.compare("1.24", "1.25")).isNegative();
  }

  @Test
  void parse_anUnknownComponentOrABadVersion_namesItWithTheFix() {
    assertThatThrownBy(() -> TargetVersions.parse("kubelet=1.33"))
        .isInstanceOf(InvalidSpecException.class)
        .hasMessageContaining("target \"kubelet=1.33\"")
        .hasMessageContaining("one of kubernetes, kueue");
    assertThatThrownBy(() -> TargetVersions.parse("kueue=latest"))
        .isInstanceOf(InvalidSpecException.class)
        .hasMessageContaining("target kueue");
    assertThatThrownBy(() -> TargetVersions.parse("kueue=0.19,kueue=0.20"))
        .isInstanceOf(InvalidSpecException.class)
        .hasMessageContaining("a second time");
  }
}
