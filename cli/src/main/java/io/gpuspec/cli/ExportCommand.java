package io.gpuspec.cli;

import io.gpuspec.cel.AdmissionPolicyExport;
import io.gpuspec.core.manifest.TextFiles;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code gpuspec export admission-policies}: writes a ValidatingAdmissionPolicy and binding for
 * every rule CEL can express, so that the cluster enforces what the build checks.
 */
@Command(
    name = "export",
    mixinStandardHelpOptions = true,
    description = {
      "Exports gpuspec's rules for the cluster. WHAT is admission-policies: a",
      "ValidatingAdmissionPolicy and binding per rule CEL can express (YAML, to stdout or -o)."
    })
final class ExportCommand implements Callable<Integer> {

  @Spec CommandSpec spec;

  @Parameters(index = "0", paramLabel = "WHAT", description = "admission-policies")
  String what;

  @Option(
      names = {"-o", "--output"},
      paramLabel = "FILE",
      description = "Write to FILE instead of stdout.")
  Path output;

  @Override
  public Integer call() {
    if (!"admission-policies".equals(what)) {
      spec.commandLine()
          .getErr()
          .println("gpuspec export: " + what + ": unknown; use admission-policies");
      return Main.USAGE;
    }
    String yaml = AdmissionPolicyExport.render();
    if (output == null) {
      spec.commandLine().getOut().print(yaml);
      spec.commandLine().getOut().flush();
    } else {
      try {
        TextFiles.write(output, yaml);
      } catch (IOException e) {
        spec.commandLine()
            .getErr()
            .println(
                "gpuspec export: "
                    + output
                    + ": cannot write ("
                    + e.getMessage()
                    + "); check that the directory is writable");
        return Main.USAGE;
      }
    }
    StringBuilder note =
        new StringBuilder(
            "gpuspec export: exported "
                + AdmissionPolicyExport.exportedRules()
                + "; not exported:");
    for (Map.Entry<String, String> e : AdmissionPolicyExport.notExported().entrySet()) {
      note.append("\n  ").append(e.getKey()).append(": ").append(e.getValue());
    }
    spec.commandLine().getErr().println(note);
    return 0;
  }
}
