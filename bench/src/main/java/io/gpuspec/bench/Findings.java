package io.gpuspec.bench;

import io.gpuspec.core.check.CheckOptions;
import io.gpuspec.core.check.Gpuspec;
import io.gpuspec.core.report.Report;
import io.gpuspec.core.report.format.ReportFormat;
import io.gpuspec.core.spi.Rule;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The findings of linting each path named on standard input (one a line), each path on its own, as
 * JSON, into one file: for a differential run of two builds over the same inputs (every test YAML,
 * each of their directories, a corpus), whose outputs must be byte-identical when a change is meant
 * to keep the findings. One JVM lints every path, so thousands of paths take seconds.
 *
 * <pre>
 * find . -path '*src/test*' -name '*.yaml' | java -cp OLD/benchmarks.jar io.gpuspec.bench.Findings old.json
 * find . -path '*src/test*' -name '*.yaml' | java -cp NEW/benchmarks.jar io.gpuspec.bench.Findings new.json
 * cmp old.json new.json
 * </pre>
 */
public final class Findings {

  private Findings() {}

  /** Lints each path of standard input and writes the findings to the file {@code args[0]}. */
  public static void main(String[] args) throws IOException {
    if (args.length != 1) {
      System.err.println("usage: Findings OUTPUT < paths");
      System.exit(2);
    }
    Gpuspec gpuspec = Gpuspec.load();
    List<io.gpuspec.core.spi.RuleInfo> rules =
        gpuspec.engine().rules().stream().map(Rule::info).toList();
    StringBuilder out = new StringBuilder();
    BufferedReader in =
        new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
    for (String line = in.readLine(); line != null; line = in.readLine()) {
      if (line.isBlank()) {
        continue;
      }
      out.append("== ").append(line).append('\n');
      try {
        Report report = gpuspec.lint(List.of(Path.of(line)), CheckOptions.defaults());
        out.append(ReportFormat.JSON.render(report, rules)).append('\n');
      } catch (RuntimeException e) {
        out.append("throws ").append(e).append('\n');
      }
    }
    Files.writeString(Path.of(args[0]), out, StandardCharsets.UTF_8);
  }
}
