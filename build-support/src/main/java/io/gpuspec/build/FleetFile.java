package io.gpuspec.build;

import io.gpuspec.core.Fleet;
import io.gpuspec.core.check.Gpuspec;
import io.gpuspec.core.fleet.FleetRead;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.report.Violation;
import io.gpuspec.core.report.format.ReportFormat;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Reads the fleet a build checks schedulability against ({@code gpuspec.fleet}, {@code --fleet}).
 */
public final class FleetFile {

  private FleetFile() {}

  /**
   * The fleet of gpuspec Fleet files and {@code kubectl get nodes -o yaml} outputs, together (a
   * large cluster's nodes can be listed pool by pool, each list within the reader's file limit).
   * Errors in the files are logged one line each before the exception.
   *
   * @throws BuildException when a file is missing or they hold no usable fleet
   */
  public static Fleet read(Gpuspec gpuspec, List<Path> files, BuildLog log) {
    for (Path file : files) {
      if (!Files.isRegularFile(file)) {
        throw new BuildException(
            "fleet file " + file,
            "no such file",
            "give a gpuspec Fleet file or the output of kubectl get nodes -o yaml");
      }
    }
    String named = files.size() == 1 ? "fleet file " + files.get(0) : "fleet files " + files;
    FleetRead read = gpuspec.readFleet(files);
    for (Violation problem : read.problems()) {
      if (problem.severity() == Severity.ERROR) {
        log.error(ReportFormat.line(problem));
      }
    }
    return read.fleet()
        .orElseThrow(
            () ->
                new BuildException(
                    named,
                    "not a usable fleet (see the errors above)",
                    "fix the file (a gpuspec.io/v1alpha1 Fleet, or kubectl get nodes -o yaml output)"));
  }
}
