package io.gpuspec.build;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.gpuspec.core.Fixtures;
import io.gpuspec.core.Fleet;
import io.gpuspec.core.check.Gpuspec;
import io.gpuspec.core.report.Severity;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class GenerateTest {

  @TempDir Path temp;

  private final RecordingLog log = new RecordingLog();

  private Generate.Request request(List<Path> classPath, FailurePolicy policy, Class<?>... specs) {
    return new Generate.Request(
        classPath,
        GenerateTest.class.getClassLoader(),
        Stream.of(specs).map(Class::getName).toList(),
        temp.resolve("out"),
        Optional.empty(),
        policy);
  }

  private static List<String> files(Path directory) throws IOException {
    try (Stream<Path> files = Files.list(directory)) {
      return files.map(f -> f.getFileName().toString()).sorted().toList();
    }
  }

  @Test
  void cleanSpec_isWrittenIntoItsOwnDirectory() throws IOException {
    BuildOutcome outcome =
        Generate.run(request(List.of(), FailurePolicy.DEFAULT, Specs.ServingPlatform.class), log);

    assertThat(outcome.failed()).isFalse();
    assertThat(files(temp.resolve("out/serving-platform")))
        .containsExactly("01-deployment-serving-chat.yaml");
    assertThat(log.errors).isEmpty();
    assertThat(log.infos)
        .anyMatch(line -> line.startsWith("gpuspec: modules core; ") && line.contains("GPU001"))
        .anyMatch(
            line -> line.contains(Specs.ServingPlatform.class.getName() + ": wrote 1 object to"));
  }

  @Test
  void violatingSpec_failsNamingRuleAndObject_andWritesNothing() {
    BuildOutcome outcome =
        Generate.run(request(List.of(), FailurePolicy.DEFAULT, Specs.TooHighPriority.class), log);

    assertThat(outcome.failed()).isTrue();
    assertThat(outcome.summary())
        .contains("1 finding fails the build (K8S005 PriorityClass/too-high)")
        .contains("nothing was written");
    assertThat(log.errors)
        .singleElement(org.assertj.core.api.InstanceOfAssertFactories.STRING)
        .startsWith("PriorityClass/too-high: ERROR K8S005 PriorityClass/too-high value: ");
    assertThat(temp.resolve("out")).doesNotExist();
  }

  @Test
  void violatingSpec_withoutFailOnViolation_isWrittenWithAWarning() {
    BuildOutcome outcome =
        Generate.run(
            request(
                List.of(), new FailurePolicy(false, Severity.ERROR), Specs.TooHighPriority.class),
            log);

    assertThat(outcome.failed()).isFalse();
    assertThat(log.errors).isEmpty();
    assertThat(log.warnings).anyMatch(line -> line.contains("K8S005"));
    assertThat(log.warnings).anyMatch(line -> line.contains("written with the findings above"));
    assertThat(temp.resolve("out/too-high-priority")).isDirectory();
  }

  @Test
  void teamModuleOnTheProjectClassPath_runsItsRule() throws IOException {
    Path project = temp.resolve("project");
    Path services = Files.createDirectories(project.resolve("META-INF/services"));
    Files.writeString(
        services.resolve("io.gpuspec.core.spi.GpuspecModule"), TeamModule.class.getName() + "\n");

    BuildOutcome outcome =
        Generate.run(
            request(List.of(project), FailurePolicy.DEFAULT, Specs.ServingPlatform.class), log);

    assertThat(log.infos).anyMatch(line -> line.startsWith("gpuspec: modules core, team; "));
    assertThat(outcome.failed()).isTrue();
    assertThat(outcome.summary()).contains("TEAM001 Deployment/serving/chat");
  }

  @Test
  void specClassThatThrows_isABuildException() {
    assertThatThrownBy(
            () -> Generate.run(request(List.of(), FailurePolicy.DEFAULT, Specs.Throws.class), log))
        .isInstanceOf(BuildException.class)
        .hasMessageStartingWith("spec class " + Specs.Throws.class.getName() + ": ");
  }

  @Test
  void missingFleetFile_isABuildException() {
    Generate.Request request =
        new Generate.Request(
            List.of(),
            GenerateTest.class.getClassLoader(),
            List.of(Specs.ServingPlatform.class.getName()),
            temp.resolve("out"),
            Optional.of(temp.resolve("fleet.yaml")),
            FailurePolicy.DEFAULT);

    assertThatThrownBy(() -> Generate.run(request, log))
        .isInstanceOf(BuildException.class)
        .hasMessageStartingWith("fleet file " + temp.resolve("fleet.yaml") + ": no such file; ");
  }

  @Test
  void fleetWithoutTheSpecsPool_failsWithTheFleetCheck() throws IOException {
    Path fleet = temp.resolve("fleet.yaml");
    Files.writeString(fleet, Gpuspec.renderFleet(Fleet.of(Fixtures.A100_TRAIN), "elsewhere"));
    Generate.Request request =
        new Generate.Request(
            List.of(),
            GenerateTest.class.getClassLoader(),
            List.of(Specs.ServingPlatform.class.getName()),
            temp.resolve("out"),
            Optional.of(fleet),
            FailurePolicy.DEFAULT);

    BuildOutcome outcome = Generate.run(request, log);

    assertThat(outcome.failed()).isTrue();
    assertThat(outcome.summary()).contains("FLEET001 Deployment/serving/chat");
  }

  @Test
  void contextClassLoader_isRestored() {
    ClassLoader before = Thread.currentThread().getContextClassLoader();
    Generate.run(request(List.of(), FailurePolicy.DEFAULT, Specs.ServingPlatform.class), log);
    assertThat(Thread.currentThread().getContextClassLoader()).isSameAs(before);
  }
}
