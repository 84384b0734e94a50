package io.gpuspec.build;

import io.gpuspec.core.manifest.TextFiles;
import io.gpuspec.core.report.Report;
import io.gpuspec.core.report.format.ReportFormat;
import io.gpuspec.core.spi.RuleInfo;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * Writes a report for tools to collect: {@code NAME.sarif} (SARIF 2.1.0, for code scanning) and
 * {@code TEST-NAME.xml} (JUnit XML, for CI test results), each replaced atomically.
 */
final class ReportFiles {

  private ReportFiles() {}

  /**
   * Writes both files into {@code directory} and returns their paths.
   *
   * @throws BuildException if they cannot be written
   */
  public static List<Path> write(
      Path directory,
      String name,
      Report report,
      List<RuleInfo> rules,
      List<Path> files,
      FailurePolicy policy,
      Path base) {
    Path sarif = directory.resolve(name + ".sarif");
    Path junit = directory.resolve("TEST-" + name + ".xml");
    writeAtomically(sarif, ReportFormat.SARIF.render(report, rules));
    writeAtomically(junit, JUnitReport.render(name, report, files, policy, base));
    return List.of(sarif, junit);
  }

  private static void writeAtomically(Path file, String text) {
    try {
      TextFiles.write(file, text);
    } catch (IOException e) {
      throw new BuildException(
          file.toString(),
          "cannot write the report (" + e + ")",
          "check that the directory is writable",
          e);
    }
  }
}
