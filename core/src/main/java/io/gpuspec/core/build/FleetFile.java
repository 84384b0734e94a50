package io.gpuspec.core.build;

import io.gpuspec.core.Fleet;
import io.gpuspec.core.check.Gpuspec;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.report.Violation;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Reads the fleet a build checks schedulability against ({@code gpuspec.fleet}, {@code --fleet}).
 */
public final class FleetFile {

  private FleetFile() {}

  /**
   * The fleet of a gpuspec Fleet file or a {@code kubectl get nodes -o yaml} output. Errors in the
   * file are logged one line each before the exception.
   *
   * @throws BuildException when the file is missing or holds no usable fleet
   */
  public static Fleet read(Gpuspec gpuspec, Path file, BuildLog log) {
    if (!Files.isRegularFile(file)) {
      throw new BuildException(
          "fleet file " + file,
          "no such file",
          "give a gpuspec Fleet file or the output of kubectl get nodes -o yaml");
    }
    Gpuspec.FleetRead read = gpuspec.readFleet(List.of(file));
    for (Violation problem : read.problems()) {
      if (problem.severity() == Severity.ERROR) {
        log.error(FindingsLog.line(problem));
      }
    }
    return read.fleet()
        .orElseThrow(
            () ->
                new BuildException(
                    "fleet file " + file,
                    "not a usable fleet (see the errors above)",
                    "fix the file (a gpuspec.io/v1alpha1 Fleet, or kubectl get nodes -o yaml output)"));
  }
}
