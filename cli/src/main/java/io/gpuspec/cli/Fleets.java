package io.gpuspec.cli;

import io.gpuspec.core.Fleet;
import io.gpuspec.core.check.Gpuspec;
import io.gpuspec.core.check.ReportFormat;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.report.Violation;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/** The {@code --fleet FILE} option of lint and check. */
final class Fleets {

  private Fleets() {}

  /** The fleet, or empty after printing why it cannot be used (exit 2). */
  static Optional<Fleet> read(Gpuspec gpuspec, Path file, PrintWriter err) {
    if (!Files.isRegularFile(file)) {
      err.println("gpuspec: --fleet " + file + ": no such file");
      return Optional.empty();
    }
    Gpuspec.FleetRead read = gpuspec.readFleet(List.of(file));
    for (Violation problem : read.problems()) {
      if (problem.severity() == Severity.ERROR) {
        err.println(ReportFormat.line(problem));
      }
    }
    if (read.fleet().isEmpty()) {
      err.println("gpuspec: --fleet " + file + ": not a usable fleet (see above)");
    }
    return read.fleet();
  }
}
