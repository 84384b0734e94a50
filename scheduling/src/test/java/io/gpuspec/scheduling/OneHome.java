package io.gpuspec.scheduling;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.gpuspec.core.Fleet;
import io.gpuspec.core.InvalidSpecException;
import io.gpuspec.core.TestGpuspec;
import io.gpuspec.core.check.CheckOptions;
import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.report.Finding;
import io.gpuspec.core.report.ObjectRef;
import io.gpuspec.core.report.Violation;
import java.util.List;
import java.util.Optional;
import net.jqwik.api.statistics.Statistics;

/**
 * The proof that a validity fact has one home: {@code build()} refuses a spec if and only if the
 * rules, run on the spec rendered without the facts (its pools as the fleet), report an error, and
 * the finding {@code build()} throws is one the rule reports (same id, object, path, words).
 */
final class OneHome {

  private OneHome() {}

  /** The outcome of one {@code build()}: the exception it threw, if any. */
  static Optional<InvalidSpecException> refusal(Runnable build) {
    try {
      build.run();
      return Optional.empty();
    } catch (InvalidSpecException e) {
      return Optional.of(e);
    }
  }

  /**
   * Counts refused and accepted specs, with the rule that refused, and fails the property unless
   * both outcomes are common (so neither side of the "if and only if" is vacuous).
   */
  static void coverBothOutcomes(Optional<InvalidSpecException> refusal) {
    Statistics.label("outcome")
        .collect(
            refusal
                .flatMap(InvalidSpecException::ruleId)
                .orElse(refusal.isPresent() ? "shape" : "accepted"));
    Statistics.label("refused").collect(refusal.isPresent());
    Statistics.label("refused")
        .coverage(
            coverage -> {
              coverage.check(true).percentage(p -> p >= 10);
              coverage.check(false).percentage(p -> p >= 10);
            });
  }

  /**
   * Asserts that {@code refusal} (what {@code build()} did) agrees with the rules' errors on {@code
   * unchecked}, checked with {@code fleet} known.
   */
  static void assertAgrees(
      Optional<InvalidSpecException> refusal, List<HasMetadata> unchecked, Fleet fleet) {
    assertAgrees(refusal, unchecked, CheckOptions.builder().fleet(fleet).build());
  }

  /**
   * The same, checked with {@code options}: strict for a spec that renders both ends of its
   * references, since it is then the whole set those references can name.
   */
  static void assertAgrees(
      Optional<InvalidSpecException> refusal, List<HasMetadata> unchecked, CheckOptions options) {
    List<Violation> errors =
        TestGpuspec.GPUSPEC.engine().check(ManifestSet.of(unchecked), options).errors();
    if (errors.isEmpty()) {
      assertThat(refusal).as("build() refused what no rule calls an error").isEmpty();
      return;
    }
    assertThat(refusal).as("build() accepted what the rules call an error: " + errors).isPresent();
    InvalidSpecException thrown = refusal.get();
    assertThat(thrown.ruleId()).as("a fact's finding, not a shape check: " + thrown).isPresent();
    Finding finding = thrown.finding().orElseThrow();
    ObjectRef object =
        unchecked.stream()
            .map(ObjectRef::of)
            .filter(ref -> thrown.getMessage().startsWith(ref + " "))
            .findFirst()
            .orElseThrow();
    assertThat(errors)
        .as("the rules report what build() threw: " + thrown.getMessage())
        .anySatisfy(
            v -> {
              assertThat(v.ruleId()).isEqualTo(thrown.ruleId().get());
              assertThat(v.object()).isEqualTo(object);
              assertThat(v.path()).isEqualTo(finding.path());
              assertThat(v.message()).isEqualTo(finding.message());
              assertThat(v.fix()).isEqualTo(finding.fix());
            });
  }
}
