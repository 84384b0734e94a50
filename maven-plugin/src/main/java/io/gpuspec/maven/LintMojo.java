package io.gpuspec.maven;

import io.gpuspec.build.BuildLog;
import io.gpuspec.build.BuildOutcome;
import io.gpuspec.build.FailurePolicy;
import io.gpuspec.build.Lint;
import io.gpuspec.build.LintFiles;
import java.io.File;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.plugins.annotations.ResolutionScope;

/**
 * Lints the project's hand-written Kubernetes YAML and JSON with every gpuspec module plus those on
 * the project's class path (a team's own rules), and writes SARIF and JUnit XML reports (and, asked
 * for, the HTML capacity report).
 */
@Mojo(
    name = "lint",
    defaultPhase = LifecyclePhase.VERIFY,
    requiresDependencyResolution = ResolutionScope.RUNTIME,
    threadSafe = true)
public class LintMojo extends GpuspecMojo {

  /** The directories to lint; default {@code src/main/k8s}. */
  @Parameter File[] directories;

  /** Glob patterns of the files to lint, relative to each directory. */
  @Parameter String[] includes;

  /**
   * CustomResourceDefinition files or directories of the project's own kinds: their resources are
   * validated by schema and {@code x-kubernetes-validations}.
   */
  @Parameter File[] crds;

  /**
   * Kinds files: where the project's own kinds keep their pod templates, so that the GPU and pod
   * rules check them (see docs/workloads.md).
   */
  @Parameter File[] kinds;

  /**
   * The Kueue manager's Configuration file ({@code config.kueue.x-k8s.io}): its resource
   * transformations and excluded prefixes decide what ClusterQueue quotas must cover.
   */
  @Parameter(property = "gpuspec.kueueConfig")
  File kueueConfig;

  /**
   * The reports to write: {@code sarif} ({@code gpuspec-lint.sarif}), {@code junit} ({@code
   * TEST-gpuspec-lint.xml}) and {@code html} ({@code gpuspec-lint.html}, the capacity report page,
   * whose pools and gangs need the fleet); default {@code sarif} and {@code junit}.
   */
  @Parameter(property = "gpuspec.formats")
  String[] formats;

  /**
   * The versions the cluster runs, e.g. {@code kubernetes=1.33,kueue=0.20}: apiVersions they no
   * longer serve are errors. The newest bundled versions when absent.
   */
  @Parameter(property = "gpuspec.target")
  String target;

  /** Where the reports go. */
  @Parameter(
      property = "gpuspec.reportsDirectory",
      defaultValue = "${project.build.directory}/gpuspec-reports")
  File reportsDirectory;

  @Override
  BuildOutcome run(List<Path> classPath, FailurePolicy policy, BuildLog log) {
    Path base = project.getBasedir().toPath();
    return Lint.run(
        new Lint.Request(
            classPath,
            LintMojo.class.getClassLoader(),
            base,
            directories == null
                ? List.of(base.resolve("src/main/k8s"))
                : List.of(directories).stream().map(File::toPath).toList(),
            includes == null ? LintFiles.DEFAULT_INCLUDES : List.of(includes),
            fleet(),
            policy,
            reportsDirectory.toPath(),
            crds == null ? List.of() : List.of(crds).stream().map(File::toPath).toList(),
            kinds == null ? List.of() : List.of(kinds).stream().map(File::toPath).toList(),
            Optional.ofNullable(kueueConfig).map(File::toPath),
            Optional.ofNullable(target)),
        formats == null ? List.of() : List.of(formats),
        log);
  }
}
