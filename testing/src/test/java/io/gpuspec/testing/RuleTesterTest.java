package io.gpuspec.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.gpuspec.core.TestGpuspec;
import io.gpuspec.core.report.Severity;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RuleTesterTest {

  private static final String TWO_DEFAULTS =
      """
      apiVersion: scheduling.k8s.io/v1
      kind: PriorityClass
      metadata: {name: a}
      value: 1
      globalDefault: true
      ---
      apiVersion: scheduling.k8s.io/v1
      kind: PriorityClass
      metadata: {name: b}
      value: 2
      globalDefault: true
      """;

  @TempDir Path dir;

  private final RuleTester tester = RuleTester.of(TestGpuspec.GPUSPEC);

  private Path file(String text) throws IOException {
    return Files.writeString(dir.resolve("case.yaml"), text);
  }

  @Test
  void expectations_belongToTheDocumentTheyStandIn() throws IOException {
    Path file = file("# expect: A001 error x\n---\na: 1\n---\n# expect: B002 warning y.z\nb: 2\n");
    assertThat(RuleTester.expectations(file))
        .containsExactly(
            new RuleTester.Expectation(0, "A001", Severity.ERROR, "x"),
            new RuleTester.Expectation(1, "B002", Severity.WARNING, "y.z"));
  }

  @Test
  void expectations_pathIsTheRestOfTheLine_spacesIncluded() throws IOException {
    Path file =
        file(
            "# expect: K8S003 error metadata.annotations[team owner]  \n#expect: A001 warning x\n");
    assertThat(RuleTester.expectations(file))
        .containsExactly(
            new RuleTester.Expectation(
                0, "K8S003", Severity.ERROR, "metadata.annotations[team owner]"),
            new RuleTester.Expectation(0, "A001", Severity.WARNING, "x"));
  }

  @Test
  void expectations_mayStateLineAndColumn() throws IOException {
    Path file = file("# expect: K8S003 error metadata.annotations[team owner] @7:5\n");
    assertThat(RuleTester.expectations(file))
        .containsExactly(
            new RuleTester.Expectation(
                0, "K8S003", Severity.ERROR, "metadata.annotations[team owner]", 7, 5));
  }

  @Test
  void verify_findingElsewhereThanItsStatedPosition_failsNamingWhereItIs() throws IOException {
    Path file =
        file(
            "---\n"
                + TWO_DEFAULTS.replace(
                    "value: 2", "# expect: K8S006 error globalDefault @10:1\nvalue: 2"));
    assertThatThrownBy(() -> tester.verify(file))
        .isInstanceOf(AssertionError.class)
        .hasMessageContaining("missing:    document 1: K8S006 error globalDefault @10:1")
        .hasMessageContaining("unexpected: # expect: K8S006 error globalDefault @13:1");
    Path right =
        file(
            "---\n"
                + TWO_DEFAULTS.replace(
                    "value: 2", "# expect: K8S006 error globalDefault @13:1\nvalue: 2"));
    assertThat(tester.verify(right)).isEqualTo(1);
  }

  @Test
  void verify_findingAtAPathWithASpace_matchesItsExpectation() throws IOException {
    Path file =
        file(
            """
            # expect: K8S003 error metadata.annotations[team owner]
            apiVersion: v1
            kind: ConfigMap
            metadata:
              name: settings
              annotations:
                team owner: ml-platform
            """);
    assertThat(tester.verify(file)).isEqualTo(1);
  }

  @Test
  void verify_exactFindings_passesAndCountsThem() throws IOException {
    Path file =
        file(
            "---\n"
                + TWO_DEFAULTS.replace(
                    "value: 2", "# expect: K8S006 error globalDefault\nvalue: 2"));
    assertThat(tester.verify(file)).isEqualTo(1);
  }

  @Test
  void verify_unexpectedFinding_failsNamingIt() throws IOException {
    Path file = file(TWO_DEFAULTS);
    assertThatThrownBy(() -> tester.verify(file))
        .isInstanceOf(AssertionError.class)
        .hasMessageContaining("unexpected: # expect: K8S006 error globalDefault");
  }

  @Test
  void verify_missingFinding_failsNamingIt() throws IOException {
    Path file =
        file(
            "# expect: K8S006 error globalDefault\n"
                + TWO_DEFAULTS.replace("globalDefault: true\n---", "---"));
    assertThatThrownBy(() -> tester.verify(file))
        .isInstanceOf(AssertionError.class)
        .hasMessageContaining("missing:    document 0: K8S006 error globalDefault");
  }
}
