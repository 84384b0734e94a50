package io.gpuspec.build;

import io.gpuspec.core.report.Report;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.report.Violation;
import java.util.Locale;

/**
 * When findings fail a build: never when {@code failOnViolation} is false, else when one is at or
 * above {@code threshold} ({@code error}: errors fail, {@code warning}: any finding fails).
 */
public record FailurePolicy(boolean failOnViolation, Severity threshold) {

  /** Errors fail the build: the default of every plugin. */
  public static final FailurePolicy DEFAULT = new FailurePolicy(true, Severity.ERROR);

  /**
   * The policy from build configuration; {@code severity} is {@code error} or {@code warning} (any
   * case).
   *
   * @throws BuildException for another severity
   */
  public static FailurePolicy of(boolean failOnViolation, String severity) {
    String name = severity == null ? "" : severity.strip().toUpperCase(Locale.ROOT);
    for (Severity known : Severity.values()) {
      if (known.name().equals(name)) {
        return new FailurePolicy(failOnViolation, known);
      }
    }
    throw new BuildException(
        "gpuspec.severity", "\"" + severity + "\" is not a severity", "use error or warning");
  }

  /** Whether this finding fails the build (and so is logged as an error). */
  public boolean fails(Violation violation) {
    return failOnViolation && violation.severity().compareTo(threshold) >= 0;
  }

  /** Whether the report fails the build. */
  public boolean fails(Report report) {
    return failOnViolation && report.failsAt(threshold);
  }
}
