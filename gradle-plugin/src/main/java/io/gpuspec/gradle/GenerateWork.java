package io.gpuspec.gradle;

import io.gpuspec.build.FailurePolicy;
import io.gpuspec.build.Generate;
import java.io.File;
import java.util.Optional;
import org.gradle.api.file.ConfigurableFileCollection;
import org.gradle.api.file.DirectoryProperty;
import org.gradle.api.file.RegularFileProperty;
import org.gradle.api.logging.Logging;
import org.gradle.api.provider.ListProperty;
import org.gradle.api.provider.MapProperty;
import org.gradle.api.provider.Property;
import org.gradle.workers.WorkAction;
import org.gradle.workers.WorkParameters;

/** gpuspecGenerate's work, run in an isolated class loader: translates and calls core. */
public abstract class GenerateWork implements WorkAction<GenerateWork.Parameters> {

  /** The task's inputs and output, as the worker receives them. */
  public interface Parameters extends WorkParameters {
    ConfigurableFileCollection getClassPath();

    ListProperty<String> getSpecClasses();

    DirectoryProperty getOutputDirectory();

    RegularFileProperty getFleet();

    Property<Boolean> getFailOnViolation();

    Property<String> getSeverity();

    MapProperty<String, String> getGpuspecVersions();
  }

  @Override
  public void execute() {
    Parameters p = getParameters();
    GradleGoal.run(
        p.getGpuspecVersions().get(),
        new GradleLog(Logging.getLogger(GenerateWork.class)),
        log ->
            Generate.run(
                new Generate.Request(
                    p.getClassPath().getFiles().stream().map(File::toPath).toList(),
                    GenerateWork.class.getClassLoader(),
                    p.getSpecClasses().get(),
                    p.getOutputDirectory().get().getAsFile().toPath(),
                    Optional.ofNullable(p.getFleet().getAsFile().getOrNull()).map(File::toPath),
                    FailurePolicy.of(p.getFailOnViolation().get(), p.getSeverity().get())),
                log));
  }
}
