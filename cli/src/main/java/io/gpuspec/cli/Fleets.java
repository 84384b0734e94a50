package io.gpuspec.cli;

import io.gpuspec.build.BuildException;
import io.gpuspec.build.BuildLog;
import io.gpuspec.build.FleetFile;
import io.gpuspec.core.Fleet;
import io.gpuspec.core.check.Gpuspec;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/** The {@code --fleet FILE} options of lint and check, read as the build plugins read them. */
final class Fleets {

  private Fleets() {}

  /** The fleet of all the files, or empty after printing why it cannot be used (exit 2). */
  static Optional<Fleet> read(Gpuspec gpuspec, List<Path> files, PrintWriter err) {
    try {
      return Optional.of(FleetFile.read(gpuspec, files, new ErrLog(err)));
    } catch (BuildException e) {
      err.println("gpuspec: --fleet " + e.getMessage());
      return Optional.empty();
    }
  }

  /** Everything to standard error. */
  private record ErrLog(PrintWriter err) implements BuildLog {
    @Override
    public void info(String line) {
      err.println(line);
    }

    @Override
    public void warn(String line) {
      err.println(line);
    }

    @Override
    public void error(String line) {
      err.println(line);
    }
  }
}
