package io.gpuspec.core.build;

import io.gpuspec.core.report.Report;
import io.gpuspec.core.report.SourceLocation;
import io.gpuspec.core.report.Violation;

/**
 * Logs findings one line each, {@code file:line:column: SEVERITY RULE-ID kind/namespace/name
 * field.path: message; fix} (objects built in code print their reference instead of a position):
 * those that fail the build at error level, so quiet builds show them, the others as warnings.
 */
public final class FindingsLog {

  private FindingsLog() {}

  /** Logs every finding of the report. */
  public static void log(Report report, FailurePolicy policy, BuildLog log) {
    for (Violation violation : report.violations()) {
      if (policy.fails(violation)) {
        log.error(line(violation));
      } else {
        log.warn(line(violation));
      }
    }
  }

  /** One finding: position (or object), severity, rule, object, field, message and fix. */
  public static String line(Violation v) {
    String where = v.source().map(SourceLocation::position).orElse(v.object().toString());
    return where
        + ": "
        + v.severity()
        + " "
        + v.ruleId()
        + " "
        + v.object()
        + (v.path().isEmpty() ? "" : " " + v.path())
        + ": "
        + v.message()
        + "; "
        + v.fix();
  }
}
