package io.gpuspec.core.manifest;

import io.gpuspec.core.report.Severity;

/** What a reader finding says: its id and severity, what is wrong and how to fix it. */
record Wording(ReadProblem problem, Severity severity, String message, String fix) {

  /** A finding with the problem's own severity. */
  static Wording of(ReadProblem problem, String message, String fix) {
    return new Wording(problem, problem.severity(), message, fix);
  }
}
