package io.gpuspec.cli;

import io.gpuspec.core.Fleet;
import io.gpuspec.core.InvalidSpecException;
import io.gpuspec.core.TargetVersions;
import io.gpuspec.core.check.CheckOptions;
import io.gpuspec.core.check.Gpuspec;
import io.gpuspec.core.manifest.ReadResult;
import io.gpuspec.core.report.Report;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.report.format.ReportFormat;
import io.gpuspec.core.spi.InputFileException;
import io.gpuspec.core.spi.Rule;
import io.gpuspec.core.spi.RuleInfo;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code gpuspec lint}: every rule of every module, and the fleet check with {@code --fleet}. */
@Command(
    name = "lint",
    mixinStandardHelpOptions = true,
    description = {
      "Checks YAML files and directories (recursively; - reads standard input) with every rule.",
      "Exit 0 when nothing reaches --severity, 1 when something does, 2 on bad usage or input."
    })
final class LintCommand implements Callable<Integer> {

  /** The check input the Kueue configuration file is given as (read by gpuspec-scheduling). */
  static final String KUEUE_CONFIG = "kueue-config";

  private final Gpuspec gpuspec;

  @Spec CommandSpec spec;

  @Parameters(arity = "1..*", paramLabel = "PATH", description = "Files, directories or -.")
  List<String> paths;

  @Option(
      names = "--fleet",
      paramLabel = "FILE",
      description = {
        "A fleet file or kubectl get nodes -o yaml output: also check schedulability.",
        "Repeat it to read several (e.g. one node list per pool)."
      })
  List<Path> fleet;

  @Option(
      names = "--crd",
      paramLabel = "FILE|DIR",
      description = {
        "CustomResourceDefinitions of your own kinds: their resources are validated by schema",
        "and x-kubernetes-validations (with gpuspec-cel). Repeat it for several."
      })
  List<Path> crds;

  @Option(
      names = "--kinds",
      paramLabel = "FILE",
      description = {
        "A kinds file: where your own kinds keep their pod templates (docs/workloads.md);",
        "the GPU and pod rules then check them. Repeat it for several."
      })
  List<Path> kinds;

  @Option(
      names = "--kueue-config",
      paramLabel = "FILE",
      description = {
        "The Kueue manager's Configuration (config.kueue.x-k8s.io): its resource transformations",
        "and excluded prefixes decide what ClusterQueue quotas must cover (SCH015)."
      })
  Path kueueConfig;

  @Option(
      names = "--target",
      paramLabel = "COMPONENT=VERSION,...",
      description = {
        "The versions the cluster runs, e.g. kubernetes=1.33,kueue=0.20,training-operator=none",
        "(kubernetes, kueue, trainer, training-operator, jobset, lws): apiVersions they no longer",
        "serve are errors (VER001-VER003). Default: the newest bundled (docs/versions.md)."
      })
  String target;

  @Option(
      names = "--format",
      defaultValue = "text",
      description = "text, json or sarif (default: ${DEFAULT-VALUE}).")
  String format;

  @Option(
      names = "--severity",
      defaultValue = "error",
      description = "Lowest severity that fails: error or warning (default: ${DEFAULT-VALUE}).")
  Severity severity;

  LintCommand(Gpuspec gpuspec) {
    this.gpuspec = gpuspec;
  }

  @Override
  public Integer call() {
    Optional<ReportFormat> output = ReportFormat.named(format);
    if (output.isEmpty()) {
      spec.commandLine()
          .getErr()
          .println("gpuspec: --format " + format + ": use text, json or sarif");
      return Main.USAGE;
    }
    Optional<Gpuspec> declared =
        DeclaredKinds.apply(this.gpuspec, kinds, spec.commandLine().getErr());
    if (declared.isEmpty()) {
      return Main.USAGE;
    }
    Gpuspec gpuspec = declared.get();
    CheckOptions.Builder options = CheckOptions.builder();
    if (target != null) {
      try {
        options.target(TargetVersions.parse(target));
      } catch (InvalidSpecException e) {
        spec.commandLine().getErr().println("gpuspec: --target " + e.getMessage());
        return Main.USAGE;
      }
    }
    if (crds != null) {
      options.addAllCrdFiles(crds);
    }
    if (fleet != null && !fleet.isEmpty()) {
      Optional<Fleet> read = Fleets.read(gpuspec, fleet, spec.commandLine().getErr());
      if (read.isEmpty()) {
        return Main.USAGE;
      }
      options.fleet(read.get());
    }
    Optional<ReadResult> read = Inputs.read(gpuspec, paths, System.in, spec.commandLine().getErr());
    if (read.isEmpty()) {
      return Main.USAGE;
    }
    if (kueueConfig != null) {
      options.putInput(KUEUE_CONFIG, kueueConfig);
    }
    Report report;
    try {
      report = gpuspec.lint(read.get(), options.build());
    } catch (InputFileException e) {
      spec.commandLine().getErr().println("gpuspec: --kueue-config " + e.getMessage());
      return Main.USAGE;
    }
    List<RuleInfo> rules = gpuspec.rules().stream().map(Rule::info).toList();
    spec.commandLine().getOut().print(output.get().render(report, rules));
    spec.commandLine().getOut().flush();
    return report.failsAt(severity) ? Main.FINDINGS : 0;
  }
}
