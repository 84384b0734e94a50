package io.gpuspec.cli;

import io.gpuspec.core.Fleet;
import io.gpuspec.core.check.CheckOptions;
import io.gpuspec.core.check.Gpuspec;
import io.gpuspec.core.fleet.FleetReport;
import io.gpuspec.core.manifest.ReadResult;
import io.gpuspec.core.manifest.TextFiles;
import io.gpuspec.core.report.Report;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.report.Violation;
import io.gpuspec.core.report.format.HtmlReport;
import io.gpuspec.core.report.format.ReportFormat;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code gpuspec check --fleet FILE PATH...}: the schedulability table, or with {@code --format
 * html} the capacity report page.
 */
@Command(
    name = "check",
    mixinStandardHelpOptions = true,
    description = {
      "Tells for every workload whether it can ever schedule on the fleet's pools, and why not.",
      "Exit 0 when every workload can, 1 when one never can, 2 on bad usage or input."
    })
final class CheckCommand implements Callable<Integer> {

  private final Gpuspec gpuspec;

  @Spec CommandSpec spec;

  @Option(
      names = "--fleet",
      required = true,
      paramLabel = "FILE",
      description = {
        "A fleet file or kubectl get nodes -o yaml output.",
        "Repeat it to read several (e.g. one node list per pool)."
      })
  List<Path> fleet;

  @Option(
      names = "--kinds",
      paramLabel = "FILE",
      description = "A kinds file: where your own kinds keep their pod templates. Repeatable.")
  List<Path> kinds;

  @Option(
      names = "--format",
      defaultValue = "text",
      description = {
        "text (the schedulability table) or html (the capacity report page: GPUs by pool,",
        "team and tier, gangs in the topology, what never schedules, every rule's findings)",
        "(default: ${DEFAULT-VALUE})."
      })
  String format;

  @Option(
      names = {"-o", "--output"},
      paramLabel = "FILE",
      description = "Write to FILE instead of stdout.")
  Path output;

  @Parameters(arity = "1..*", paramLabel = "PATH", description = "Files, directories or -.")
  List<String> paths;

  CheckCommand(Gpuspec gpuspec) {
    this.gpuspec = gpuspec;
  }

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    if (!format.equals("text") && !format.equals("html")) {
      err.println("gpuspec check: --format " + format + ": unknown; use text or html");
      return Main.USAGE;
    }
    boolean html = format.equals("html");
    Optional<Gpuspec> declared = DeclaredKinds.apply(this.gpuspec, kinds, err);
    if (declared.isEmpty()) {
      return Main.USAGE;
    }
    Gpuspec gpuspec = declared.get();
    Optional<Fleet> pools = Fleets.read(gpuspec, fleet, err);
    if (pools.isEmpty()) {
      return Main.USAGE;
    }
    Optional<ReadResult> read = Inputs.read(gpuspec, paths, System.in, err);
    if (read.isEmpty()) {
      return Main.USAGE;
    }
    read.get().problems().forEach(p -> err.println(ReportFormat.line(p)));
    FleetReport report = gpuspec.checkFleet(pools.get(), read.get().manifests());
    List<Violation> never = report.violations();
    String summary =
        "gpuspec: "
            + report.placements().size()
            + " pod templates, "
            + never.size()
            + " can never run as written";
    String text;
    if (html) {
      Report findings = gpuspec.lint(read.get(), CheckOptions.builder().fleet(pools.get()).build());
      text =
          HtmlReport.render(
              String.join(" ", paths), read.get().manifests(), findings, Optional.of(report));
    } else {
      StringBuilder table = new StringBuilder(report.table());
      never.forEach(v -> table.append(ReportFormat.line(v)).append('\n'));
      text = table.append(summary).append('\n').toString();
    }
    if (output == null) {
      out.print(text);
      out.flush();
    } else {
      try {
        TextFiles.write(output, text);
      } catch (IOException e) {
        err.println(
            "gpuspec check: "
                + output
                + ": cannot write ("
                + e.getMessage()
                + "); check that the directory is writable");
        return Main.USAGE;
      }
    }
    if (html || output != null) {
      err.println(summary + (output == null ? "" : "; wrote " + output));
    }
    return never.stream().anyMatch(v -> v.severity() == Severity.ERROR) ? Main.FINDINGS : 0;
  }
}
