package io.gpuspec.maven;

import io.gpuspec.build.BuildLog;
import io.gpuspec.build.BuildOutcome;
import io.gpuspec.build.FailurePolicy;
import io.gpuspec.build.Generate;
import java.io.File;
import java.nio.file.Path;
import java.util.List;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.plugins.annotations.ResolutionScope;

/**
 * Renders the project's {@code io.gpuspec.core.PlatformSpec} classes, checks them with every rule
 * of every gpuspec module on the project's class path, and writes each into its own directory under
 * {@code outputDirectory}, atomically, unless a finding fails the build.
 */
@Mojo(
    name = "generate",
    defaultPhase = LifecyclePhase.PROCESS_CLASSES,
    requiresDependencyResolution = ResolutionScope.RUNTIME,
    threadSafe = true)
public class GenerateMojo extends GpuspecMojo {

  /** Where each spec's manifests go, in a directory named after the spec class. */
  @Parameter(
      property = "gpuspec.outputDirectory",
      defaultValue = "${project.build.directory}/gpuspec")
  File outputDirectory;

  /**
   * Spec class names; when empty, those listed in {@code
   * META-INF/services/io.gpuspec.core.PlatformSpec}.
   */
  @Parameter(property = "gpuspec.specClasses")
  List<String> specClasses;

  @Override
  BuildOutcome run(List<Path> classPath, FailurePolicy policy, BuildLog log) {
    return Generate.run(
        new Generate.Request(
            classPath,
            GenerateMojo.class.getClassLoader(),
            specClasses == null ? List.of() : specClasses,
            outputDirectory.toPath(),
            fleet(),
            policy),
        log);
  }
}
