package io.gpuspec.build;

import io.gpuspec.core.manifest.TextFiles;
import io.gpuspec.core.report.Report;
import io.gpuspec.core.report.format.ReportFormat;
import io.gpuspec.core.spi.RuleInfo;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * Writes a report for tools and people to collect, in the formats asked for: {@code NAME.sarif}
 * (SARIF 2.1.0, for code scanning), {@code TEST-NAME.xml} (JUnit XML, for CI test results) and
 * {@code NAME.html} (the capacity report page), each replaced atomically.
 */
final class ReportFiles {

  /** The report formats a build can ask for. */
  static final List<String> FORMATS = List.of("sarif", "junit", "html");

  /** The formats written when the build names none. */
  static final List<String> DEFAULT_FORMATS = List.of("sarif", "junit");

  private ReportFiles() {}

  /**
   * The formats, checked; the defaults when empty.
   *
   * @throws BuildException naming an unknown format and the known ones
   */
  static List<String> formats(List<String> asked) {
    for (String format : asked) {
      if (!FORMATS.contains(format)) {
        throw new BuildException(
            "report format " + format, "is unknown", "use " + String.join(", ", FORMATS));
      }
    }
    return asked.isEmpty() ? DEFAULT_FORMATS : List.copyOf(asked);
  }

  /**
   * Writes the files of the formats into {@code directory} and returns their paths.
   *
   * @param page renders the HTML page, called only when {@code html} is asked for
   * @throws BuildException if they cannot be written
   */
  public static List<Path> write(
      Path directory,
      String name,
      Report report,
      List<RuleInfo> rules,
      List<Path> files,
      FailurePolicy policy,
      Path base,
      List<String> formats,
      Supplier<String> page) {
    List<Path> written = new ArrayList<>();
    if (formats.contains("sarif")) {
      Path sarif = directory.resolve(name + ".sarif");
      writeAtomically(sarif, ReportFormat.SARIF.render(report, rules));
      written.add(sarif);
    }
    if (formats.contains("junit")) {
      Path junit = directory.resolve("TEST-" + name + ".xml");
      writeAtomically(junit, JUnitReport.render(name, report, files, policy, base));
      written.add(junit);
    }
    if (formats.contains("html")) {
      Path html = directory.resolve(name + ".html");
      writeAtomically(html, page.get());
      written.add(html);
    }
    return written;
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
