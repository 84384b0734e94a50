package io.gpuspec.maven;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.File;
import java.nio.file.Path;
import java.util.Set;
import org.apache.maven.artifact.DefaultArtifact;
import org.apache.maven.artifact.handler.DefaultArtifactHandler;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.project.MavenProject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The mojo's own logic: skipping, the version check, and core's errors as Maven's. */
class GenerateMojoTest {

  @TempDir Path temp;

  private GenerateMojo mojo(String gpuspecVersionOfProject) {
    MavenProject project = new MavenProject();
    project.setFile(temp.resolve("pom.xml").toFile());
    project.getBuild().setOutputDirectory(temp.resolve("classes").toString());
    DefaultArtifact core =
        new DefaultArtifact(
            "io.gpuspec",
            "gpuspec-core",
            gpuspecVersionOfProject,
            "compile",
            "jar",
            null,
            new DefaultArtifactHandler("jar"));
    core.setFile(temp.resolve("gpuspec-core.jar").toFile());
    project.setArtifacts(Set.of(core));
    GenerateMojo mojo = new GenerateMojo();
    mojo.project = project;
    mojo.pluginVersion = "1.0.0";
    mojo.severity = "error";
    mojo.failOnViolation = true;
    mojo.outputDirectory = temp.resolve("gpuspec").toFile();
    return mojo;
  }

  @Test
  void skip_doesNothing() throws Exception {
    GenerateMojo mojo = mojo("0.9.0");
    mojo.skip = true;

    mojo.execute();

    assertThat(temp.resolve("gpuspec")).doesNotExist();
  }

  @Test
  void otherGpuspecVersionInTheProject_isOneClearBuildError() {
    assertThatThrownBy(() -> mojo("0.9.0").execute())
        .isInstanceOf(MojoExecutionException.class)
        .hasMessage(
            "gpuspec-maven-plugin 1.0.0: the project uses gpuspec-core 0.9.0, but specs and rules"
                + " must run with the plugin's version; use gpuspec-maven-plugin 0.9.0, or gpuspec"
                + " 1.0.0 in the project");
  }

  @Test
  void missingFleetFile_isOneClearBuildError() {
    GenerateMojo mojo = mojo("1.0.0");
    mojo.fleet = new File(temp.toFile(), "no-fleet.yaml");

    assertThatThrownBy(mojo::execute)
        .isInstanceOf(MojoExecutionException.class)
        .hasMessageStartingWith("fleet file " + mojo.fleet + ": no such file; ");
  }

  @Test
  void unknownSeverity_isOneClearBuildError() {
    GenerateMojo mojo = mojo("1.0.0");
    mojo.severity = "fatal";

    assertThatThrownBy(mojo::execute)
        .isInstanceOf(MojoExecutionException.class)
        .hasMessage("gpuspec.severity: \"fatal\" is not a severity; use error or warning");
  }
}
