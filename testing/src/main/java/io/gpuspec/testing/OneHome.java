package io.gpuspec.testing;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.gpuspec.core.Fleet;
import io.gpuspec.core.InvalidSpecException;
import io.gpuspec.core.check.CheckOptions;
import io.gpuspec.core.check.Gpuspec;
import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.report.Finding;
import io.gpuspec.core.report.ObjectRef;
import io.gpuspec.core.report.Violation;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;
import net.jqwik.api.Assume;
import net.jqwik.api.statistics.Statistics;

/**
 * The proof that a validity fact has one home, for jqwik properties: {@code build()} refuses a spec
 * if and only if the rules, run on the spec rendered without the facts ({@code buildUnchecked()}),
 * report an error, and what {@code build()} throws is a finding a rule reports (same rule id,
 * object, path, message and fix). A property typically reads:
 *
 * <pre>
 * Optional&lt;InvalidSpecException&gt; refusal = OneHome.refusal(builder::build);
 * OneHome.assertAgrees(gpuspec, refusal, builder.buildUnchecked().toManifests(), fleet);
 * OneHome.coverBothOutcomes(refusal);
 * </pre>
 *
 * <p>Failures are {@link AssertionError}s that name both sides: the rules' errors and the message
 * {@code build()} threw.
 */
public final class OneHome {

  private OneHome() {}

  /** The outcome of one {@code build()}: the exception it threw, if any. */
  public static Optional<InvalidSpecException> refusal(Runnable build) {
    try {
      build.run();
      return Optional.empty();
    } catch (InvalidSpecException e) {
      return Optional.of(e);
    }
  }

  /**
   * The value {@code buildUnchecked} returns; when it throws, the DSL refused the spec for its own
   * shape (before any fact), so the try is discarded with {@link Assume}.
   */
  public static <T> T unchecked(Supplier<T> buildUnchecked) {
    try {
      return buildUnchecked.get();
    } catch (InvalidSpecException shape) {
      Assume.that(false);
      throw shape; // not reached: Assume aborts the try
    }
  }

  /**
   * Collects jqwik statistics of the outcome, without thresholds: label {@code "outcome"} (the
   * refusing rule id, {@code "shape"} or {@code "accepted"}) and label {@code "refused"} ({@code
   * true} or {@code false}).
   */
  public static void collectOutcome(Optional<InvalidSpecException> refusal) {
    Statistics.label("outcome")
        .collect(
            refusal
                .flatMap(InvalidSpecException::ruleId)
                .orElse(refusal.isPresent() ? "shape" : "accepted"));
    Statistics.label("refused").collect(refusal.isPresent());
  }

  /**
   * Collects the outcome (see {@link #collectOutcome}) and fails the property unless both outcomes
   * are common, each at least 10% of the tries, so neither side of the "if and only if" is vacuous.
   */
  public static void coverBothOutcomes(Optional<InvalidSpecException> refusal) {
    collectOutcome(refusal);
    Statistics.label("refused")
        .coverage(
            coverage -> {
              coverage.check(true).percentage(p -> p >= 10);
              coverage.check(false).percentage(p -> p >= 10);
            });
  }

  /**
   * Asserts that {@code refusal} (what {@code build()} did) agrees with the errors {@code
   * gpuspec}'s rules report on {@code unchecked} with {@code fleet} known (not strict).
   */
  public static void assertAgrees(
      Gpuspec gpuspec,
      Optional<InvalidSpecException> refusal,
      List<? extends HasMetadata> unchecked,
      Fleet fleet) {
    assertAgrees(gpuspec, refusal, unchecked, CheckOptions.builder().fleet(fleet).build());
  }

  /**
   * Asserts that {@code refusal} agrees with the errors {@code gpuspec}'s rules report on {@code
   * unchecked} checked with {@code options} (e.g. strict, for a spec that renders every object its
   * references can name): no error and no refusal, or a refusal by a rule's fact whose finding one
   * of the errors reports on the object the message names.
   */
  public static void assertAgrees(
      Gpuspec gpuspec,
      Optional<InvalidSpecException> refusal,
      List<? extends HasMetadata> unchecked,
      CheckOptions options) {
    List<Violation> errors = gpuspec.engine().check(ManifestSet.of(unchecked), options).errors();
    if (!errors.isEmpty() && refusal.flatMap(InvalidSpecException::ruleId).isPresent()) {
      InvalidSpecException thrown = refusal.get();
      boolean onRendered =
          unchecked.stream()
              .map(ObjectRef::of)
              .anyMatch(ref -> thrown.getMessage().startsWith(ref + " "));
      if (!onRendered) {
        throw new AssertionError(
            "build() threw a finding on no rendered object: " + thrown.getMessage(), thrown);
      }
    }
    assertAgrees(refusal, errors);
  }

  /**
   * Asserts that {@code refusal} agrees with {@code errors} that were reported on the spec rendered
   * unchecked (by the rules, by the fleet file reader, or both): no error and no refusal, or a
   * refusal by a fact whose finding one of the errors reports, on the object the message names.
   */
  public static void assertAgrees(Optional<InvalidSpecException> refusal, List<Violation> errors) {
    if (errors.isEmpty()) {
      if (refusal.isPresent()) {
        throw new AssertionError(
            "build() refused what no rule calls an error: " + refusal.get().getMessage(),
            refusal.get());
      }
      return;
    }
    InvalidSpecException thrown =
        refusal.orElseThrow(
            () -> new AssertionError("build() accepted what the rules call an error: " + errors));
    String ruleId =
        thrown
            .ruleId()
            .orElseThrow(
                () ->
                    new AssertionError(
                        "build() threw a shape check, not a fact's finding: "
                            + thrown.getMessage()
                            + "; the rules report "
                            + errors,
                        thrown));
    Finding finding = thrown.finding().orElseThrow();
    boolean reported =
        errors.stream()
            .anyMatch(
                v ->
                    v.ruleId().equals(ruleId)
                        && thrown.getMessage().startsWith(v.object() + " " + finding.path() + ": ")
                        && v.path().equals(finding.path())
                        && v.message().equals(finding.message())
                        && v.fix().equals(finding.fix()));
    if (!reported) {
      throw new AssertionError(
          "the rules do not report what build() threw ("
              + ruleId
              + " "
              + thrown.getMessage()
              + "); they report "
              + errors,
          thrown);
    }
  }
}
