package io.gpuspec.gradle;

import io.gpuspec.build.FailurePolicy;
import io.gpuspec.build.Lint;
import java.io.File;
import java.util.List;
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

/** gpuspecLint's work, run in an isolated class loader: translates and calls core. */
public abstract class LintWork implements WorkAction<LintWork.Parameters> {

  /** The task's inputs and output, as the worker receives them. */
  public interface Parameters extends WorkParameters {
    ConfigurableFileCollection getClassPath();

    DirectoryProperty getProjectDirectory();

    ConfigurableFileCollection getDirectories();

    ListProperty<String> getIncludes();

    RegularFileProperty getFleet();

    ConfigurableFileCollection getCrds();

    ConfigurableFileCollection getKinds();

    RegularFileProperty getKueueConfig();

    Property<String> getTarget();

    Property<Boolean> getFailOnViolation();

    Property<String> getSeverity();

    MapProperty<String, String> getGpuspecVersions();

    DirectoryProperty getReportsDirectory();

    ListProperty<String> getFormats();
  }

  @Override
  public void execute() {
    Parameters p = getParameters();
    GradleGoal.run(
        p.getGpuspecVersions().get(),
        new GradleLog(Logging.getLogger(LintWork.class)),
        log ->
            Lint.run(
                new Lint.Request(
                    p.getClassPath().getFiles().stream().map(File::toPath).toList(),
                    LintWork.class.getClassLoader(),
                    p.getProjectDirectory().get().getAsFile().toPath(),
                    p.getDirectories().getFiles().stream().map(File::toPath).toList(),
                    p.getIncludes().get(),
                    Optional.ofNullable(p.getFleet().getAsFile().getOrNull()).map(File::toPath),
                    FailurePolicy.of(p.getFailOnViolation().get(), p.getSeverity().get()),
                    p.getReportsDirectory().get().getAsFile().toPath(),
                    p.getCrds().getFiles().stream().map(File::toPath).toList(),
                    p.getKinds().getFiles().stream().map(File::toPath).toList(),
                    Optional.ofNullable(p.getKueueConfig().getAsFile().getOrNull())
                        .map(File::toPath),
                    Optional.ofNullable(p.getTarget().getOrNull())),
                p.getFormats().getOrElse(List.of()),
                log));
  }
}
