package io.gpuspec.cli;

import io.gpuspec.core.check.Gpuspec;
import io.gpuspec.core.spi.RuleInfo;
import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * {@code gpuspec rules}: every rule of every module on the class path, then every other id a
 * finding can carry (the reader's, the engine's, the fleet check's).
 */
@Command(
    name = "rules",
    mixinStandardHelpOptions = true,
    description =
        "Lists every rule and finding id: id, severity, what it requires, and its documentation.")
final class RulesCommand implements Callable<Integer> {

  private final Gpuspec gpuspec;

  @Spec CommandSpec spec;

  RulesCommand(Gpuspec gpuspec) {
    this.gpuspec = gpuspec;
  }

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    List<RuleInfo> rules = gpuspec.ids();
    for (RuleInfo rule : rules) {
      out.printf(
          "%-9s %-8s %s%n          %s%n",
          rule.id(),
          rule.severity().name().toLowerCase(Locale.ROOT),
          rule.title(),
          rule.documentation());
    }
    out.flush();
    return 0;
  }
}
