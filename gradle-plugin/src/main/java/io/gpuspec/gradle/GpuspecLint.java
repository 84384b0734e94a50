package io.gpuspec.gradle;

import javax.inject.Inject;
import org.gradle.api.DefaultTask;
import org.gradle.api.file.ConfigurableFileCollection;
import org.gradle.api.file.DirectoryProperty;
import org.gradle.api.file.RegularFileProperty;
import org.gradle.api.provider.ListProperty;
import org.gradle.api.provider.MapProperty;
import org.gradle.api.provider.Property;
import org.gradle.api.tasks.Classpath;
import org.gradle.api.tasks.Input;
import org.gradle.api.tasks.InputFile;
import org.gradle.api.tasks.InputFiles;
import org.gradle.api.tasks.Internal;
import org.gradle.api.tasks.Optional;
import org.gradle.api.tasks.OutputDirectory;
import org.gradle.api.tasks.PathSensitive;
import org.gradle.api.tasks.PathSensitivity;
import org.gradle.api.tasks.TaskAction;
import org.gradle.workers.WorkerExecutor;

/**
 * Lints the project's hand-written Kubernetes YAML and JSON with every gpuspec module plus those on
 * the runtime class path, and writes SARIF and JUnit XML reports. Not cacheable: the reports name
 * files by absolute URI.
 */
public abstract class GpuspecLint extends DefaultTask {

  /** The main source set's runtime class path, for the project's own rules. */
  @Classpath
  public abstract ConfigurableFileCollection getClassPath();

  @InputFiles
  @PathSensitive(PathSensitivity.RELATIVE)
  public abstract ConfigurableFileCollection getDirectories();

  @Input
  public abstract ListProperty<String> getIncludes();

  @Input
  public abstract Property<Boolean> getFailOnViolation();

  @Input
  public abstract Property<String> getSeverity();

  @InputFile
  @Optional
  @PathSensitive(PathSensitivity.NONE)
  public abstract RegularFileProperty getFleet();

  /** CustomResourceDefinition files or directories of the project's own kinds. */
  @InputFiles
  @Optional
  @PathSensitive(PathSensitivity.RELATIVE)
  public abstract ConfigurableFileCollection getCrds();

  /** Kinds files: where the project's own kinds keep their pod templates (docs/workloads.md). */
  @InputFiles
  @Optional
  @PathSensitive(PathSensitivity.RELATIVE)
  public abstract ConfigurableFileCollection getKinds();

  /**
   * The Kueue manager's Configuration file ({@code config.kueue.x-k8s.io}): its resource
   * transformations and excluded prefixes decide what ClusterQueue quotas must cover.
   */
  @InputFile
  @Optional
  @PathSensitive(PathSensitivity.NONE)
  public abstract RegularFileProperty getKueueConfig();

  /**
   * The versions the cluster runs, e.g. {@code kubernetes=1.33,kueue=0.20}: apiVersions they no
   * longer serve are errors. The newest bundled versions when absent.
   */
  @Input
  @Optional
  public abstract Property<String> getTarget();

  /** The versions of the {@code io.gpuspec} artifacts on the runtime class path. */
  @Input
  public abstract MapProperty<String, String> getGpuspecVersions();

  /** File names in the JUnit report are relative to it. */
  @Internal
  public abstract DirectoryProperty getProjectDirectory();

  @OutputDirectory
  public abstract DirectoryProperty getReportsDirectory();

  /** The reports to write: {@code sarif}, {@code junit}, {@code html}; empty: the first two. */
  @Input
  public abstract ListProperty<String> getFormats();

  @Inject
  protected abstract WorkerExecutor getWorkerExecutor();

  @TaskAction
  void lint() {
    getWorkerExecutor()
        .classLoaderIsolation()
        .submit(
            LintWork.class,
            p -> {
              p.getClassPath().from(getClassPath());
              p.getProjectDirectory().set(getProjectDirectory());
              p.getDirectories().from(getDirectories());
              p.getIncludes().set(getIncludes());
              p.getFleet().set(getFleet());
              p.getCrds().from(getCrds());
              p.getKinds().from(getKinds());
              p.getKueueConfig().set(getKueueConfig());
              p.getTarget().set(getTarget());
              p.getFailOnViolation().set(getFailOnViolation());
              p.getSeverity().set(getSeverity());
              p.getGpuspecVersions().set(getGpuspecVersions());
              p.getReportsDirectory().set(getReportsDirectory());
              p.getFormats().set(getFormats());
            });
  }
}
