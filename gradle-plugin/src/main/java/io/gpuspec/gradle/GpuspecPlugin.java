package io.gpuspec.gradle;

import io.gpuspec.build.Lint;
import io.gpuspec.build.LintFiles;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.gradle.api.Plugin;
import org.gradle.api.Project;
import org.gradle.api.artifacts.component.ModuleComponentIdentifier;
import org.gradle.api.artifacts.result.ResolvedArtifactResult;
import org.gradle.api.plugins.JavaPlugin;
import org.gradle.api.provider.Provider;
import org.gradle.api.tasks.SourceSet;
import org.gradle.api.tasks.SourceSetContainer;
import org.gradle.api.tasks.TaskProvider;
import org.gradle.language.base.plugins.LifecycleBasePlugin;

/**
 * Plugin {@code io.gpuspec}: the {@code gpuspec} extension, and with the {@code java} plugin the
 * tasks {@code gpuspecGenerate} (run by {@code assemble}) and {@code gpuspecLint} (run by {@code
 * check}), both over the main source set's runtime class path.
 */
public abstract class GpuspecPlugin implements Plugin<Project> {

  @Override
  public void apply(Project project) {
    GpuspecExtension gpuspec = project.getExtensions().create("gpuspec", GpuspecExtension.class);
    gpuspec.getSpecClasses().convention(List.of());
    gpuspec.getOutputDirectory().convention(project.getLayout().getBuildDirectory().dir("gpuspec"));
    gpuspec.getFailOnViolation().convention(true);
    gpuspec.getSeverity().convention("error");
    gpuspec
        .getDirectories()
        .convention(project.getLayout().getProjectDirectory().dir("src/main/k8s"));
    gpuspec.getIncludes().convention(LintFiles.DEFAULT_INCLUDES);
    gpuspec.getFormats().convention(Lint.DEFAULT_FORMATS);
    gpuspec
        .getReportsDirectory()
        .convention(project.getLayout().getBuildDirectory().dir("gpuspec-reports"));
    project.getPlugins().withType(JavaPlugin.class, java -> registerTasks(project, gpuspec));
  }

  private static void registerTasks(Project project, GpuspecExtension gpuspec) {
    SourceSet main =
        project
            .getExtensions()
            .getByType(SourceSetContainer.class)
            .getByName(SourceSet.MAIN_SOURCE_SET_NAME);
    Provider<Map<String, String>> versions =
        project
            .getConfigurations()
            .named(main.getRuntimeClasspathConfigurationName())
            .flatMap(c -> c.getIncoming().getArtifacts().getResolvedArtifacts())
            .map(GpuspecPlugin::gpuspecVersions);
    TaskProvider<GpuspecGenerate> generate =
        project
            .getTasks()
            .register(
                "gpuspecGenerate",
                GpuspecGenerate.class,
                task -> {
                  task.setGroup("gpuspec");
                  task.setDescription("Writes checked manifests of the project's PlatformSpecs.");
                  task.dependsOn(main.getClassesTaskName());
                  task.getClassPath().from(main.getRuntimeClasspath());
                  task.getSpecClasses().set(gpuspec.getSpecClasses());
                  task.getOutputDirectory().set(gpuspec.getOutputDirectory());
                  task.getFailOnViolation().set(gpuspec.getFailOnViolation());
                  task.getSeverity().set(gpuspec.getSeverity());
                  task.getFleet().set(gpuspec.getFleet());
                  task.getGpuspecVersions().set(versions);
                });
    TaskProvider<GpuspecLint> lint =
        project
            .getTasks()
            .register(
                "gpuspecLint",
                GpuspecLint.class,
                task -> {
                  task.setGroup("gpuspec");
                  task.setDescription(
                      "Lints the project's Kubernetes YAML with every gpuspec rule.");
                  task.getClassPath().from(main.getRuntimeClasspath());
                  task.getDirectories().from(gpuspec.getDirectories());
                  task.getIncludes().set(gpuspec.getIncludes());
                  task.getFailOnViolation().set(gpuspec.getFailOnViolation());
                  task.getSeverity().set(gpuspec.getSeverity());
                  task.getFleet().set(gpuspec.getFleet());
                  task.getKueueConfig().set(gpuspec.getKueueConfig());
                  task.getGpuspecVersions().set(versions);
                  task.getProjectDirectory().set(project.getLayout().getProjectDirectory());
                  task.getReportsDirectory().set(gpuspec.getReportsDirectory());
                  task.getFormats().set(gpuspec.getFormats());
                });
    project
        .getTasks()
        .register(
            "gpuspecExportAdmissionPolicies",
            GpuspecExportAdmissionPolicies.class,
            task -> {
              task.setGroup("gpuspec");
              task.setDescription(
                  "Writes a ValidatingAdmissionPolicy and binding per gpuspec rule CEL can express.");
              task.getOutputFile()
                  .set(
                      project
                          .getLayout()
                          .getBuildDirectory()
                          .file("gpuspec/admission-policies.yaml"));
            });
    project
        .getTasks()
        .named(LifecycleBasePlugin.ASSEMBLE_TASK_NAME)
        .configure(task -> task.dependsOn(generate));
    project
        .getTasks()
        .named(LifecycleBasePlugin.CHECK_TASK_NAME)
        .configure(task -> task.dependsOn(lint));
  }

  /** Artifact id to version of every {@code io.gpuspec} module among the resolved artifacts. */
  static Map<String, String> gpuspecVersions(Set<ResolvedArtifactResult> artifacts) {
    Map<String, String> versions = new TreeMap<>();
    for (ResolvedArtifactResult artifact : artifacts) {
      if (artifact.getId().getComponentIdentifier() instanceof ModuleComponentIdentifier module
          && module.getGroup().equals("io.gpuspec")) {
        versions.put(module.getModule(), module.getVersion());
      }
    }
    return versions;
  }
}
