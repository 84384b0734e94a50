package io.gpuspec.gradle;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.gpuspec.build.LintFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.gradle.api.GradleException;
import org.gradle.api.Project;
import org.gradle.testfixtures.ProjectBuilder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The work actions, run in this JVM with parameters made by Gradle's object factory (ProjectBuilder
 * from the class path). Gradle's class-loader isolation itself cannot run here: Gradle supports it
 * only when it runs from a distribution.
 */
class WorkActionTest {

  @TempDir Path temp;

  private final Project project = ProjectBuilder.builder().build();

  private static Path testClasses() throws Exception {
    return Path.of(TestPlatform.class.getProtectionDomain().getCodeSource().getLocation().toURI());
  }

  @Test
  void generate_writesTheSpecsManifests() throws Exception {
    GenerateWork.Parameters p = project.getObjects().newInstance(GenerateWork.Parameters.class);
    p.getClassPath().from(testClasses().toFile());
    p.getSpecClasses().add(TestPlatform.class.getName());
    p.getOutputDirectory().set(temp.resolve("gpuspec").toFile());
    p.getFailOnViolation().set(true);
    p.getSeverity().set("error");
    p.getGpuspecVersions().set(Map.of("gpuspec-core", GradleGoal.pluginVersion()));

    new GenerateWork() {
      @Override
      public Parameters getParameters() {
        return p;
      }
    }.execute();

    assertThat(temp.resolve("gpuspec/test-platform/01-deployment-serving-chat.yaml"))
        .content()
        .contains("kind: Deployment", "nvidia.com/gpu: \"1\"");
  }

  @Test
  void lint_failsOnABrokenManifest_andWritesTheReports() throws IOException {
    Path k8s = Files.createDirectories(temp.resolve("src/main/k8s"));
    Files.writeString(
        k8s.resolve("bad.yaml"),
        """
        apiVersion: v1
        kind: Pod
        metadata:
          name: x
        spec:
          containers:
            - name: main
              image: busybox
              imagePullPolcy: Always
        """);
    LintWork.Parameters p = project.getObjects().newInstance(LintWork.Parameters.class);
    p.getProjectDirectory().set(temp.toFile());
    p.getDirectories().from(k8s.toFile());
    p.getIncludes().set(LintFiles.DEFAULT_INCLUDES);
    p.getFailOnViolation().set(true);
    p.getSeverity().set("error");
    p.getGpuspecVersions().set(Map.of());
    p.getReportsDirectory().set(temp.resolve("reports").toFile());
    LintWork work =
        new LintWork() {
          @Override
          public Parameters getParameters() {
            return p;
          }
        };

    assertThatThrownBy(work::execute)
        .isExactlyInstanceOf(GradleException.class)
        .hasMessageContaining("1 finding fails the build, in " + k8s.resolve("bad.yaml") + ";");
    assertThat(temp.resolve("reports/TEST-gpuspec-lint.xml"))
        .content()
        .contains("name=\"src/main/k8s/bad.yaml\"", "YAML003");
  }

  @Test
  void lint_withABadKueueConfiguration_failsNamingTheFileAndField() throws IOException {
    Path k8s = Files.createDirectories(temp.resolve("src/main/k8s"));
    Files.writeString(
        k8s.resolve("flavor.yaml"),
        """
        apiVersion: kueue.x-k8s.io/v1beta2
        kind: ResourceFlavor
        metadata:
          name: hami
        """);
    Path config = temp.resolve("controller_manager_config.yaml");
    Files.writeString(
        config,
        """
        apiVersion: config.kueue.x-k8s.io/v1beta2
        kind: Configuration
        resources:
          excludeResourcePrefixes: example.com/
        """);
    LintWork.Parameters p = project.getObjects().newInstance(LintWork.Parameters.class);
    p.getProjectDirectory().set(temp.toFile());
    p.getDirectories().from(k8s.toFile());
    p.getIncludes().set(LintFiles.DEFAULT_INCLUDES);
    p.getKueueConfig().set(config.toFile());
    p.getFailOnViolation().set(true);
    p.getSeverity().set("error");
    p.getGpuspecVersions().set(Map.of());
    p.getReportsDirectory().set(temp.resolve("reports").toFile());
    LintWork work =
        new LintWork() {
          @Override
          public Parameters getParameters() {
            return p;
          }
        };

    assertThatThrownBy(work::execute)
        .isExactlyInstanceOf(GradleException.class)
        .hasMessageContaining(
            "gpuspec: Kueue configuration "
                + config
                + " resources.excludeResourcePrefixes: is not a list");
  }
}
