package io.gpuspec.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.gpuspec.core.check.Gpuspec;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ExportCommandTest {

  private static final Gpuspec GPUSPEC = Gpuspec.load();

  private record Run(int exit, String out, String err) {}

  private static Run run(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int exit = Main.run(GPUSPEC, new PrintWriter(out, true), new PrintWriter(err, true), args);
    return new Run(exit, out.toString(), err.toString());
  }

  @Test
  void exportAdmissionPolicies_writesPoliciesThatLintClean(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("policies.yaml");
    Run export = run("export", "admission-policies", "-o", file.toString());
    assertThat(export.exit()).isZero();
    assertThat(export.err()).contains("GPU001").contains("K8S006");
    assertThat(Files.readString(file)).contains("kind: ValidatingAdmissionPolicyBinding");
    Run lint = run("lint", file.toString());
    assertThat(lint.exit()).as(lint.out()).isZero();
  }

  @Test
  void exportSomethingElse_isAUsageError() {
    assertThat(run("export", "nothing").exit()).isEqualTo(Main.USAGE);
  }

  @Test
  void lintWithCrd_validatesResourcesOfThatKind(@TempDir Path dir) throws Exception {
    Path crd = dir.resolve("crd.yaml");
    Files.writeString(
        crd,
        """
        apiVersion: apiextensions.k8s.io/v1
        kind: CustomResourceDefinition
        metadata: {name: widgets.example.com}
        spec:
          group: example.com
          scope: Namespaced
          names: {kind: Widget, plural: widgets}
          versions:
            - name: v1
              served: true
              storage: true
              schema:
                openAPIV3Schema:
                  type: object
                  properties:
                    spec:
                      type: object
                      properties:
                        gpus: {type: integer, maximum: 8}
        """);
    Path widget = dir.resolve("widget.yaml");
    Files.writeString(
        widget,
        "apiVersion: example.com/v1\nkind: Widget\nmetadata: {name: w, namespace: ml}\nspec: {gpus: 9}\n");
    Run lint = run("lint", "--crd", crd.toString(), widget.toString());
    assertThat(lint.exit()).isEqualTo(Main.FINDINGS);
    assertThat(lint.out()).contains("CRD001").contains("less than or equal to 8");
  }
}
