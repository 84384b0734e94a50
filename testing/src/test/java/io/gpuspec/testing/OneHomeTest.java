package io.gpuspec.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.gpuspec.core.Fleet;
import io.gpuspec.core.InvalidSpecException;
import io.gpuspec.core.TestGpuspec;
import io.gpuspec.core.check.CheckOptions;
import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.report.Finding;
import io.gpuspec.core.report.Violation;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** OneHome passes exactly when build() and the rules agree, and names both sides otherwise. */
class OneHomeTest {

  private static final List<HasMetadata> VALID = List.of(pod("serve"));
  private static final List<HasMetadata> INVALID = List.of(pod("Serve_1"));

  private static HasMetadata pod(String name) {
    return new PodBuilder()
        .withNewMetadata()
        .withName(name)
        .withNamespace("serving")
        .endMetadata()
        .withNewSpec()
        .addNewContainer()
        .withName("main")
        .withImage("registry.example.com/serve:1.0")
        .endContainer()
        .endSpec()
        .build();
  }

  /** The first error the rules report on {@code objects}, thrown as a build() would throw it. */
  private static InvalidSpecException asThrown(List<HasMetadata> objects) {
    Violation v =
        TestGpuspec.GPUSPEC
            .engine()
            .check(ManifestSet.of(objects), CheckOptions.defaults())
            .errors()
            .get(0);
    return new InvalidSpecException(
        v.ruleId(), v.object(), new Finding(v.path(), v.message(), v.fix()));
  }

  private static void assertAgrees(Optional<InvalidSpecException> refusal, List<HasMetadata> of) {
    OneHome.assertAgrees(TestGpuspec.GPUSPEC, refusal, of, Fleet.of());
  }

  @Test
  void refusal_isWhatBuildThrew_orEmpty() {
    InvalidSpecException thrown = new InvalidSpecException("pod \"p\"", "bad", "fix it");
    assertThat(OneHome.refusal(() -> {})).isEmpty();
    assertThat(
            OneHome.refusal(
                () -> {
                  throw thrown;
                }))
        .containsSame(thrown);
    assertThatThrownBy(
            () ->
                OneHome.refusal(
                    () -> {
                      throw new IllegalStateException("a bug, not a refusal");
                    }))
        .isInstanceOf(IllegalStateException.class);
  }

  @Test
  void agrees_whenBothAcceptOrBothRefuseWithTheRulesFinding() {
    assertThatCode(() -> assertAgrees(Optional.empty(), VALID)).doesNotThrowAnyException();
    assertThatCode(() -> assertAgrees(Optional.of(asThrown(INVALID)), INVALID))
        .doesNotThrowAnyException();
  }

  @Test
  void fails_whenBuildAcceptsWhatTheRulesCallAnError() {
    assertThatThrownBy(() -> assertAgrees(Optional.empty(), INVALID))
        .isInstanceOf(AssertionError.class)
        .hasMessageStartingWith("build() accepted what the rules call an error: ");
  }

  @Test
  void fails_whenBuildRefusesWhatNoRuleCallsAnError() {
    assertThatThrownBy(() -> assertAgrees(Optional.of(asThrown(INVALID)), VALID))
        .isInstanceOf(AssertionError.class)
        .hasMessageStartingWith("build() refused what no rule calls an error: ");
  }

  @Test
  void fails_whenBuildThrowsAShapeCheck() {
    InvalidSpecException shape = new InvalidSpecException("pod \"Serve_1\"", "bad", "fix it");
    assertThatThrownBy(() -> assertAgrees(Optional.of(shape), INVALID))
        .isInstanceOf(AssertionError.class)
        .hasMessageStartingWith("build() threw a shape check, not a fact's finding: ");
  }

  @Test
  void fails_whenTheFindingDiffersFromTheRules() {
    InvalidSpecException real = asThrown(INVALID);
    Finding finding = real.finding().orElseThrow();
    Violation v =
        TestGpuspec.GPUSPEC
            .engine()
            .check(ManifestSet.of(INVALID), CheckOptions.defaults())
            .errors()
            .get(0);
    InvalidSpecException otherWords =
        new InvalidSpecException(
            real.ruleId().orElseThrow(),
            v.object(),
            new Finding(finding.path(), "other words", finding.fix()));
    assertThatThrownBy(() -> assertAgrees(Optional.of(otherWords), INVALID))
        .isInstanceOf(AssertionError.class)
        .hasMessageStartingWith("the rules do not report what build() threw");
    InvalidSpecException otherRule = new InvalidSpecException("GPU999", v.object(), finding);
    assertThatThrownBy(() -> assertAgrees(Optional.of(otherRule), INVALID))
        .isInstanceOf(AssertionError.class)
        .hasMessageStartingWith("the rules do not report what build() threw");
  }

  @Test
  void fails_whenTheFindingIsOnNoRenderedObject() {
    InvalidSpecException onAnother = asThrown(List.of(pod("Other_2")));
    assertThatThrownBy(() -> assertAgrees(Optional.of(onAnother), INVALID))
        .isInstanceOf(AssertionError.class)
        .hasMessageStartingWith("build() threw a finding on no rendered object: ");
  }
}
