package io.gpuspec.gradle;

import static org.assertj.core.api.Assertions.assertThat;

import io.gpuspec.build.LintFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.gradle.api.Project;
import org.gradle.testfixtures.ProjectBuilder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** gpuspecLint's report formats: the extension's setting reaches the work, which writes them. */
class LintFormatsTest {

  @TempDir Path temp;

  private Project project() {
    Project project = ProjectBuilder.builder().withProjectDir(temp.toFile()).build();
    project.getPluginManager().apply("java");
    project.getPluginManager().apply("io.gpuspec");
    return project;
  }

  @Test
  void formats_defaultToSarifAndJunit_andTheExtensionsReachTheTask() {
    Project project = project();
    GpuspecLint lint = (GpuspecLint) project.getTasks().getByName("gpuspecLint");
    assertThat(lint.getFormats().get()).containsExactly("sarif", "junit");

    project.getExtensions().getByType(GpuspecExtension.class).getFormats().set(List.of("html"));
    assertThat(lint.getFormats().get()).containsExactly("html");
  }

  @Test
  void html_writesTheReportPageOnly() throws IOException {
    Path k8s = Files.createDirectories(temp.resolve("src/main/k8s"));
    Files.writeString(
        k8s.resolve("cm.yaml"),
        "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: cfg, namespace: ml}\ndata: {a: b}\n");
    LintWork.Parameters p = project().getObjects().newInstance(LintWork.Parameters.class);
    p.getProjectDirectory().set(temp.toFile());
    p.getDirectories().from(k8s.toFile());
    p.getIncludes().set(LintFiles.DEFAULT_INCLUDES);
    p.getFailOnViolation().set(true);
    p.getSeverity().set("error");
    p.getGpuspecVersions().set(Map.of());
    p.getReportsDirectory().set(temp.resolve("reports").toFile());
    p.getFormats().set(List.of("html"));

    new LintWork() {
      @Override
      public Parameters getParameters() {
        return p;
      }
    }.execute();

    assertThat(temp.resolve("reports/gpuspec-lint.html"))
        .content()
        .startsWith("<!DOCTYPE html>")
        .contains("<section id=\"findings\">");
    assertThat(temp.resolve("reports/gpuspec-lint.sarif")).doesNotExist();
  }
}
