package io.gpuspec.gradle;

import javax.inject.Inject;
import org.gradle.api.DefaultTask;
import org.gradle.api.file.ConfigurableFileCollection;
import org.gradle.api.file.DirectoryProperty;
import org.gradle.api.file.RegularFileProperty;
import org.gradle.api.provider.ListProperty;
import org.gradle.api.provider.MapProperty;
import org.gradle.api.provider.Property;
import org.gradle.api.tasks.CacheableTask;
import org.gradle.api.tasks.Classpath;
import org.gradle.api.tasks.Input;
import org.gradle.api.tasks.InputFile;
import org.gradle.api.tasks.Optional;
import org.gradle.api.tasks.OutputDirectory;
import org.gradle.api.tasks.PathSensitive;
import org.gradle.api.tasks.PathSensitivity;
import org.gradle.api.tasks.TaskAction;
import org.gradle.workers.WorkerExecutor;

/**
 * Renders the project's {@code PlatformSpec} classes, checks them with every rule of every gpuspec
 * module on the runtime class path, and writes each into its own directory, unless a finding fails
 * the build. Runs in a worker with an isolated class loader; reads nothing of the project.
 */
@CacheableTask
public abstract class GpuspecGenerate extends DefaultTask {

  /** The main source set's runtime class path: its classes and runtime dependencies. */
  @Classpath
  public abstract ConfigurableFileCollection getClassPath();

  @Input
  public abstract ListProperty<String> getSpecClasses();

  @Input
  public abstract Property<Boolean> getFailOnViolation();

  @Input
  public abstract Property<String> getSeverity();

  @InputFile
  @Optional
  @PathSensitive(PathSensitivity.NONE)
  public abstract RegularFileProperty getFleet();

  /** The versions of the {@code io.gpuspec} artifacts on the runtime class path. */
  @Input
  public abstract MapProperty<String, String> getGpuspecVersions();

  @OutputDirectory
  public abstract DirectoryProperty getOutputDirectory();

  @Inject
  protected abstract WorkerExecutor getWorkerExecutor();

  @TaskAction
  void generate() {
    getWorkerExecutor()
        .classLoaderIsolation()
        .submit(
            GenerateWork.class,
            p -> {
              p.getClassPath().from(getClassPath());
              p.getSpecClasses().set(getSpecClasses());
              p.getOutputDirectory().set(getOutputDirectory());
              p.getFleet().set(getFleet());
              p.getFailOnViolation().set(getFailOnViolation());
              p.getSeverity().set(getSeverity());
              p.getGpuspecVersions().set(getGpuspecVersions());
            });
  }
}
