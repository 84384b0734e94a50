package io.gpuspec.gradle;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.nio.file.Path;
import org.gradle.api.Project;
import org.gradle.api.Task;
import org.gradle.testfixtures.ProjectBuilder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The plugin's wiring, with Gradle's ProjectBuilder from the class path (no distribution). */
class GpuspecPluginTest {

  @TempDir Path temp;

  private Project project() {
    Project project = ProjectBuilder.builder().withProjectDir(temp.toFile()).build();
    project.getPluginManager().apply("java");
    project.getPluginManager().apply("io.gpuspec");
    return project;
  }

  @Test
  void withJava_registersBothTasksWithTheExtensionsDefaults() {
    Project project = project();

    GpuspecGenerate generate = (GpuspecGenerate) project.getTasks().getByName("gpuspecGenerate");
    assertThat(generate.getOutputDirectory().get().getAsFile())
        .isEqualTo(new File(project.getLayout().getBuildDirectory().get().getAsFile(), "gpuspec"));
    assertThat(generate.getFailOnViolation().get()).isTrue();
    assertThat(generate.getSeverity().get()).isEqualTo("error");
    assertThat(generate.getSpecClasses().get()).isEmpty();
    assertThat(generate.getTaskDependencies().getDependencies(generate))
        .extracting(Task::getName)
        .contains("classes");

    GpuspecLint lint = (GpuspecLint) project.getTasks().getByName("gpuspecLint");
    assertThat(lint.getDirectories().getFiles())
        .containsExactly(temp.resolve("src/main/k8s").toFile());
    assertThat(lint.getIncludes().get()).containsExactly("**/*.yaml", "**/*.yml", "**/*.json");
  }

  @Test
  void extensionSettings_reachTheTasks() {
    Project project = project();
    GpuspecExtension gpuspec = project.getExtensions().getByType(GpuspecExtension.class);
    gpuspec.getSpecClasses().add("com.example.TeamPlatform");
    gpuspec.getSeverity().set("warning");
    gpuspec.getFailOnViolation().set(false);
    gpuspec.getFleet().set(temp.resolve("fleet.yaml").toFile());
    gpuspec.getKueueConfig().set(temp.resolve("kueue.yaml").toFile());

    GpuspecGenerate generate = (GpuspecGenerate) project.getTasks().getByName("gpuspecGenerate");
    assertThat(generate.getSpecClasses().get()).containsExactly("com.example.TeamPlatform");
    assertThat(generate.getSeverity().get()).isEqualTo("warning");
    assertThat(generate.getFailOnViolation().get()).isFalse();
    GpuspecLint lint = (GpuspecLint) project.getTasks().getByName("gpuspecLint");
    assertThat(lint.getFleet().get().getAsFile()).isEqualTo(temp.resolve("fleet.yaml").toFile());
    assertThat(lint.getKueueConfig().get().getAsFile())
        .isEqualTo(temp.resolve("kueue.yaml").toFile());
  }

  @Test
  void assembleRunsGenerate_checkRunsLint() {
    Project project = project();

    Task assemble = project.getTasks().getByName("assemble");
    Task check = project.getTasks().getByName("check");
    assertThat(assemble.getTaskDependencies().getDependencies(assemble))
        .extracting(Task::getName)
        .contains("gpuspecGenerate");
    assertThat(check.getTaskDependencies().getDependencies(check))
        .extracting(Task::getName)
        .contains("gpuspecLint");
  }
}
