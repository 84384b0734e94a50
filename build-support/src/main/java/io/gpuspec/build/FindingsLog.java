package io.gpuspec.build;

import io.gpuspec.core.report.Report;
import io.gpuspec.core.report.Violation;
import io.gpuspec.core.report.format.ReportFormat;

/**
 * Logs findings one line each ({@link ReportFormat#line}, the CLI's line): those that fail the
 * build at error level, so quiet builds show them, the others as warnings.
 */
final class FindingsLog {

  private FindingsLog() {}

  /** Logs every finding of the report. */
  public static void log(Report report, FailurePolicy policy, BuildLog log) {
    for (Violation violation : report.violations()) {
      if (policy.fails(violation)) {
        log.error(ReportFormat.line(violation));
      } else {
        log.warn(ReportFormat.line(violation));
      }
    }
  }
}
