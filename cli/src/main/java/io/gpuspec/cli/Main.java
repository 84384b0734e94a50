package io.gpuspec.cli;

import io.gpuspec.core.check.Gpuspec;
import java.io.PrintWriter;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * {@code gpuspec}: lints Kubernetes YAML for GPU platforms, lists the rules, and checks whether
 * workloads can ever schedule on a fleet. Exit codes: 0 clean, 1 findings at or above the chosen
 * severity, 2 usage error or unreadable input.
 */
@Command(
    name = "gpuspec",
    mixinStandardHelpOptions = true,
    versionProvider = Main.Version.class,
    description = "Validated Kubernetes manifests for GPU platforms.",
    subcommands = {LintCommand.class, CheckCommand.class, RulesCommand.class, ExportCommand.class})
public final class Main implements Runnable {

  /** Exit code: findings at or above the severity threshold. */
  static final int FINDINGS = 1;

  /** Exit code: bad usage or input that cannot be read. */
  static final int USAGE = 2;

  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Override
  public void run() {
    throw new CommandLine.ParameterException(
        spec.commandLine(), "name a command: lint, check, rules or export");
  }

  /** Runs the command line with the given streams and returns the exit code. */
  static int run(Gpuspec gpuspec, PrintWriter out, PrintWriter err, String... args) {
    CommandLine line =
        new CommandLine(new Main(), new Factory(gpuspec))
            .setOut(out)
            .setErr(err)
            .setCaseInsensitiveEnumValuesAllowed(true)
            .setExecutionExceptionHandler(
                (e, cmd, parsed) -> {
                  cmd.getErr()
                      .println("gpuspec: " + e.getClass().getSimpleName() + ": " + e.getMessage());
                  return USAGE;
                });
    return line.execute(args);
  }

  public static void main(String[] args) {
    java.util.OptionalInt relaunched = ShortRunJvm.relaunch(args);
    if (relaunched.isPresent()) {
      System.exit(relaunched.getAsInt());
    }
    PrintWriter out = new PrintWriter(System.out, true);
    PrintWriter err = new PrintWriter(System.err, true);
    System.exit(run(Gpuspec.load(), out, err, args));
  }

  /** Hands every command the one registry. */
  private record Factory(Gpuspec gpuspec) implements CommandLine.IFactory {
    @Override
    public <K> K create(Class<K> type) throws Exception {
      if (type == LintCommand.class) {
        return type.cast(new LintCommand(gpuspec));
      }
      if (type == CheckCommand.class) {
        return type.cast(new CheckCommand(gpuspec));
      }
      if (type == RulesCommand.class) {
        return type.cast(new RulesCommand(gpuspec));
      }
      return CommandLine.defaultFactory().create(type);
    }
  }

  /** The version from the jar's manifest. */
  static final class Version implements CommandLine.IVersionProvider {
    @Override
    public String[] getVersion() {
      String version = Main.class.getPackage().getImplementationVersion();
      return new String[] {"gpuspec " + (version == null ? "(development build)" : version)};
    }
  }
}
