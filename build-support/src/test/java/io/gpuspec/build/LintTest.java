package io.gpuspec.build;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.gpuspec.core.Fixtures;
import io.gpuspec.core.Fleet;
import io.gpuspec.core.check.Gpuspec;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LintTest {

  /** Requests and limits one GPU, tolerates nothing: a warning (GPU002) when pools are unknown. */
  static final String GOOD =
      """
      apiVersion: apps/v1
      kind: Deployment
      metadata:
        name: good
        namespace: ml
        labels: {team: ml}
      spec:
        selector:
          matchLabels: {app: good}
        template:
          metadata:
            labels: {app: good}
          spec:
            containers:
              - name: main
                image: nvcr.io/nvidia/pytorch:24.08-py3
                resources:
                  requests:
                    nvidia.com/gpu: 1
                  limits:
                    nvidia.com/gpu: 1
      """;

  /** Requests two GPUs but limits one (GPU001, an error), and has no team label. */
  static final String BROKEN =
      GOOD.replace("good", "broken")
          .replace("  labels: {team: ml}\n", "")
          .replaceFirst("gpu: 1", "gpu: 2");

  @TempDir Path project;

  private final RecordingLog log = new RecordingLog();

  @BeforeEach
  void files() throws IOException {
    Path k8s = Files.createDirectories(project.resolve("src/main/k8s/apps"));
    Files.writeString(k8s.resolve("good.yaml"), GOOD);
    Files.writeString(k8s.resolve("broken.yml"), BROKEN);
    Files.writeString(
        project.resolve("src/main/k8s/config.json"),
        "{\"apiVersion\": \"v1\", \"kind\": \"ConfigMap\","
            + " \"metadata\": {\"name\": \"cfg\", \"namespace\": \"ml\"}, \"data\": {\"a\": \"b\"}}");
    Files.writeString(project.resolve("src/main/k8s/README.md"), "not a manifest: {");
  }

  private Lint.Request request(List<Path> classPath, List<String> includes) {
    return new Lint.Request(
        classPath,
        LintTest.class.getClassLoader(),
        project,
        List.of(project.resolve("src/main/k8s"), project.resolve("src/missing")),
        includes,
        Optional.empty(),
        FailurePolicy.DEFAULT,
        project.resolve("target/gpuspec-reports"),
        List.of(),
        List.of(),
        Optional.empty());
  }

  @Test
  void brokenFile_failsWithFileLineAndColumn_andTheOtherFileIsStillReported() throws IOException {
    BuildOutcome outcome = Lint.run(request(List.of(), LintFiles.DEFAULT_INCLUDES), log);

    Path broken = project.resolve("src/main/k8s/apps/broken.yml");
    assertThat(outcome.failed()).isTrue();
    assertThat(outcome.summary()).contains("1 finding fails the build, in " + broken);
    assertThat(log.errors)
        .singleElement(org.assertj.core.api.InstanceOfAssertFactories.STRING)
        .startsWith(broken + ":18:15: ")
        .contains("ERROR GPU001 Deployment/ml/broken spec.template.spec.containers[0]");
    assertThat(log.warnings)
        .anyMatch(line -> line.startsWith(project.resolve("src/main/k8s/apps/good.yaml") + ":"));
    assertThat(log.infos)
        .anyMatch(line -> line.contains("src/missing is not a directory"))
        .anyMatch(line -> line.startsWith("gpuspec: linted 3 files: 3 objects"));

    Path reports = project.resolve("target/gpuspec-reports");
    assertThat(Files.readString(reports.resolve("gpuspec-lint.sarif")))
        .contains("\"version\" : \"2.1.0\"")
        .contains("\"ruleId\" : \"GPU001\"");
    assertThat(Files.readString(reports.resolve("TEST-gpuspec-lint.xml")))
        .contains("tests=\"3\" failures=\"1\"")
        .contains("name=\"src/main/k8s/apps/good.yaml\"")
        .contains("name=\"src/main/k8s/config.json\"");
  }

  @Test
  void fleet_addsTheFleetCheck() throws IOException {
    Path fleet = project.resolve("fleet.yaml");
    Files.writeString(fleet, Gpuspec.renderFleet(Fleet.of(Fixtures.A100_TRAIN), "lab"));
    Lint.Request request =
        new Lint.Request(
            List.of(),
            LintTest.class.getClassLoader(),
            project,
            List.of(project.resolve("src/main/k8s")),
            List.of("**/good.yaml"),
            Optional.of(fleet),
            FailurePolicy.DEFAULT,
            project.resolve("target/gpuspec-reports"),
            List.of(),
            List.of(),
            Optional.empty());

    BuildOutcome outcome = Lint.run(request, log);

    assertThat(outcome.report().byRule("FLEET001")).isNotEmpty();
    assertThat(outcome.failed()).isTrue();
  }

  private Lint.Request withKinds(Path kinds) {
    return new Lint.Request(
        List.of(),
        LintTest.class.getClassLoader(),
        project,
        List.of(project.resolve("src/main/k8s")),
        List.of("**/widget.yaml"),
        Optional.empty(),
        FailurePolicy.DEFAULT,
        project.resolve("target/gpuspec-reports"),
        List.of(),
        List.of(kinds),
        Optional.empty());
  }

  @Test
  void kindsFile_letsTheRulesCheckTheProjectsOwnKind() throws IOException {
    Path kinds =
        Files.writeString(
            project.resolve("kinds.yaml"),
            "apiVersion: gpuspec.io/v1alpha1\nkind: WorkloadKinds\nkinds:\n"
                + "- {group: example.com, kind: Widget, templates: [{path: spec.podTemplate}]}\n");
    Files.writeString(
        project.resolve("src/main/k8s/widget.yaml"),
        "apiVersion: example.com/v1\nkind: Widget\nmetadata: {name: w, namespace: ml}\n"
            + "spec:\n  podTemplate:\n    spec:\n      containers:\n"
            + "      - name: c\n        image: busybox:1.36\n"
            + "        resources: {limits: {nvidia.com/gpu: \"4\"}, requests: {nvidia.com/gpu: \"8\"}}\n");

    BuildOutcome outcome = Lint.run(withKinds(kinds), log);

    assertThat(outcome.report().byRule("YAML004")).isEmpty();
    assertThat(outcome.report().byRule("GPU001"))
        .singleElement()
        .satisfies(v -> assertThat(v.path()).startsWith("spec.podTemplate.spec.containers[0]"));
  }

  @Test
  void badKindsFile_isABuildErrorNamingTheFile() throws IOException {
    Path kinds = Files.writeString(project.resolve("kinds.yaml"), "apiVersion: v1\nkind: Widget\n");

    assertThatThrownBy(() -> Lint.run(withKinds(kinds), log))
        .isInstanceOf(BuildException.class)
        .hasMessageContaining("kinds.yaml: declares apiVersion v1 and kind Widget");
  }

  @Test
  void includes_selectTheFiles() {
    BuildOutcome outcome = Lint.run(request(List.of(), List.of("**/*.yaml")), log);

    assertThat(outcome.failed()).isFalse();
    assertThat(outcome.report().objectsChecked()).isEqualTo(1);
  }

  @Test
  void teamModuleOnTheProjectClassPath_runsItsRuleBesideEveryBundledOne() throws IOException {
    Path classes = project.resolve("target/classes");
    Path services = Files.createDirectories(classes.resolve("META-INF/services"));
    Files.writeString(
        services.resolve("io.gpuspec.core.spi.GpuspecModule"), TeamModule.class.getName() + "\n");

    BuildOutcome outcome = Lint.run(request(List.of(classes), List.of("**/good.yaml")), log);

    assertThat(outcome.failed()).isFalse();
    assertThat(outcome.report().byRule("TEAM001")).isEmpty();
    BuildOutcome broken = Lint.run(request(List.of(classes), List.of("**/*.yml")), log);
    assertThat(broken.report().byRule("TEAM001")).singleElement();
  }
}
