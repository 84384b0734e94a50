package io.gpuspec.maven;

import io.gpuspec.build.BuildException;
import io.gpuspec.build.BuildLog;
import io.gpuspec.build.BuildOutcome;
import io.gpuspec.build.FailurePolicy;
import io.gpuspec.build.VersionCheck;
import java.io.File;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.apache.maven.artifact.Artifact;
import org.apache.maven.artifact.DependencyResolutionRequiredException;
import org.apache.maven.plugin.AbstractMojo;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugin.logging.Log;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.project.MavenProject;

/** What both goals share: the common parameters, and turning core's outcome into Maven's. */
abstract class GpuspecMojo extends AbstractMojo {

  @Parameter(defaultValue = "${project}", readonly = true, required = true)
  MavenProject project;

  @Parameter(defaultValue = "${plugin.version}", readonly = true, required = true)
  String pluginVersion;

  /** Do nothing. */
  @Parameter(property = "gpuspec.skip", defaultValue = "false")
  boolean skip;

  /** Fail the build on findings at or above {@code severity}. */
  @Parameter(property = "gpuspec.failOnViolation", defaultValue = "true")
  boolean failOnViolation;

  /** The lowest severity that fails the build: {@code error} or {@code warning}. */
  @Parameter(property = "gpuspec.severity", defaultValue = "error")
  String severity;

  /** A gpuspec Fleet file or {@code kubectl get nodes -o yaml} output: also check scheduling. */
  @Parameter(property = "gpuspec.fleet")
  File fleet;

  /** Runs the goal with the project's runtime class path (its output directory first). */
  abstract BuildOutcome run(List<Path> classPath, FailurePolicy policy, BuildLog log);

  @Override
  public final void execute() throws MojoExecutionException, MojoFailureException {
    if (skip) {
      getLog().info("gpuspec: skipped (gpuspec.skip)");
      return;
    }
    BuildOutcome outcome;
    try {
      VersionCheck.requireSameVersion("gpuspec-maven-plugin", pluginVersion, gpuspecArtifacts());
      List<Path> classPath = project.getRuntimeClasspathElements().stream().map(Path::of).toList();
      outcome = run(classPath, FailurePolicy.of(failOnViolation, severity), new MavenLog(getLog()));
    } catch (BuildException | DependencyResolutionRequiredException e) {
      throw new MojoExecutionException(e.getMessage(), e);
    }
    if (outcome.failed()) {
      throw new MojoFailureException(outcome.summary());
    }
    getLog().info(outcome.summary());
  }

  Optional<Path> fleet() {
    return Optional.ofNullable(fleet).map(File::toPath);
  }

  private Map<String, String> gpuspecArtifacts() {
    Map<String, String> versions = new TreeMap<>();
    for (Artifact artifact : project.getArtifacts()) {
      if (artifact.getGroupId().equals("io.gpuspec")) {
        versions.put(artifact.getArtifactId(), artifact.getBaseVersion());
      }
    }
    return versions;
  }

  /** Core's messages to Maven's log; errors show in quiet builds ({@code -q}) too. */
  private record MavenLog(Log log) implements BuildLog {
    @Override
    public void info(String line) {
      log.info(line);
    }

    @Override
    public void warn(String line) {
      log.warn(line);
    }

    @Override
    public void error(String line) {
      log.error(line);
    }
  }
}
