package io.gpuspec.core.manifest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.tuple;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.api.model.scheduling.v1.PriorityClass;
import io.gpuspec.core.TestGpuspec;
import io.gpuspec.core.report.ObjectRef;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.report.SourceLocation;
import io.gpuspec.core.report.Violation;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

class ManifestReaderTest {

  private static String yaml(String... lines) {
    return String.join("\n", lines) + "\n";
  }

  private static Violation only(ReadResult result) {
    assertThat(result.problems()).hasSize(1);
    return result.problems().get(0);
  }

  /** Asserts id, severity, path, file, document index and line of a finding. */
  private static void assertFinding(
      Violation v, String id, Severity severity, String path, String file, int doc, int line) {
    assertThat(v.ruleId()).as("rule id of %s", v).isEqualTo(id);
    assertThat(v.severity()).as("severity of %s", v).isEqualTo(severity);
    assertThat(v.path()).as("path of %s", v).isEqualTo(path);
    assertThat(v.source()).as("source of %s", v).isPresent();
    assertThat(v.source().get().file()).isEqualTo(Path.of(file));
    assertThat(v.source().get().document()).as("document of %s", v).isEqualTo(doc);
    assertThat(v.source().get().line()).as("line of %s", v).isEqualTo(line);
    assertThat(v.message()).isNotBlank();
    assertThat(v.fix()).isNotBlank();
  }

  @Nested
  class EachFinding {

    @Test
    void yaml001_syntaxErrorNamesFileAndLine() {
      ReadResult read =
          TestGpuspec.read(
              yaml(
                  "apiVersion: v1", // 1
                  "kind: ConfigMap", // 2
                  "metadata:", // 3
                  "  name: cfg", // 4
                  "   bad: [", // 5
                  "data: {}"), // 6
              "syntax.yaml");
      Violation v = only(read);
      assertFinding(v, "YAML001", Severity.ERROR, "<root>", "syntax.yaml", 0, 5);
      assertThat(v.message()).startsWith("YAML syntax error");
      assertThat(v.fix()).contains("line 5");
      assertThat(read.hasErrors()).isTrue();
    }

    @Test
    void yaml001_syntaxErrorInALaterDocumentNamesThatDocument() {
      ReadResult read =
          TestGpuspec.read(
              yaml(
                  "---", // 1
                  "apiVersion: v1", // 2
                  "kind: ConfigMap", // 3
                  "metadata: {name: a}", // 4
                  "---", // 5
                  "apiVersion: v1", // 6
                  "kind: ConfigMap", // 7
                  "metadata: {name: \"b}", // 8 unclosed quote
                  "data: {}"),
              "later.yaml");
      Violation v = only(read);
      assertThat(v.ruleId()).isEqualTo("YAML001");
      assertThat(v.source().get().document()).isEqualTo(1);
      assertThat(v.source().get().line()).isBetween(8, 10);
    }

    @Test
    void yaml002_duplicateKey() {
      ReadResult read =
          TestGpuspec.read(
              yaml(
                  "apiVersion: v1", // 1
                  "kind: ConfigMap", // 2
                  "metadata:", // 3
                  "  name: first", // 4
                  "  namespace: ml", // 5
                  "  name: second"), // 6
              "dup.yaml");
      Violation v = only(read);
      assertFinding(v, "YAML002", Severity.ERROR, "metadata.name", "dup.yaml", 0, 6);
      assertThat(v.object().kind()).isEqualTo("ConfigMap");
      assertThat(v.object().namespace()).isEqualTo("ml");
    }

    @Test
    void yaml002_duplicateLabelKeyIsBracketed() {
      ReadResult read =
          TestGpuspec.read(
              yaml(
                  "apiVersion: v1", // 1
                  "kind: ConfigMap", // 2
                  "metadata:", // 3
                  "  name: cfg", // 4
                  "  labels:", // 5
                  "    gpu.model: a100", // 6
                  "    gpu.model: h100"), // 7
              "dup.yaml");
      assertFinding(
          only(read), "YAML002", Severity.ERROR, "metadata.labels[gpu.model]", "dup.yaml", 0, 7);
    }

    @Test
    void yaml003_unknownField() {
      ReadResult read =
          TestGpuspec.read(
              yaml(
                  "apiVersion: apps/v1", // 1
                  "kind: Deployment", // 2
                  "metadata:", // 3
                  "  name: llm", // 4
                  "spec:", // 5
                  "  template:", // 6
                  "    spec:", // 7
                  "      containers:", // 8
                  "      - name: main", // 9
                  "        image: triton", // 10
                  "        imagePullPolice: Always"), // 11
              "unknown.yaml");
      Violation v = only(read);
      assertFinding(
          v,
          "YAML003",
          Severity.ERROR,
          "spec.template.spec.containers[0].imagePullPolice",
          "unknown.yaml",
          0,
          11);
      assertThat(v.message()).contains("imagePullPolice");
      assertThat(v.object()).isEqualTo(new ObjectRef("apps/v1", "Deployment", "", "llm"));
    }

    @Test
    void yaml003_misIndentedMetadataFieldAndRootStatusIsAllowed() {
      ReadResult read =
          TestGpuspec.read(
              yaml(
                  "apiVersion: v1", // 1
                  "kind: ConfigMap", // 2
                  "metadata:", // 3
                  "  name: cfg", // 4
                  "  lables:", // 5
                  "    a: b", // 6
                  "status: {}"), // 7
              "typo.yaml");
      assertFinding(only(read), "YAML003", Severity.ERROR, "metadata.lables", "typo.yaml", 0, 5);
    }

    @Test
    void yaml004_unknownKindIsKeptAsGenericWithAWarning() {
      ReadResult read =
          TestGpuspec.read(
              yaml(
                  "# a custom resource", // 1
                  "---", // 2
                  "apiVersion: example.com/v1", // 3
                  "kind: Widget", // 4
                  "metadata:", // 5
                  "  name: w"), // 6
              "crd.yaml");
      Violation v = only(read);
      assertFinding(v, "YAML004", Severity.WARNING, "<root>", "crd.yaml", 0, 3);
      assertThat(read.hasErrors()).isFalse();
      assertThat(read.manifests().objects())
          .singleElement()
          .isInstanceOf(GenericKubernetesResource.class);
    }

    @Test
    void yaml005_tooManyAliases() {
      StringBuilder text =
          new StringBuilder("apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a}\n");
      text.append("x: &x [1]\n"); // line 4
      for (int i = 0; i < 51; i++) {
        text.append("a").append(i).append(": *x\n"); // lines 5..55
      }
      Violation v = only(TestGpuspec.read(text.toString(), "alias.yaml"));
      assertFinding(v, "YAML005", Severity.ERROR, "<root>", "alias.yaml", 0, 55);
      assertThat(v.message()).contains("aliases");
    }

    @Test
    void yaml005_tooDeep() {
      StringBuilder text = new StringBuilder();
      for (int i = 0; i < 150; i++) {
        text.append("  ".repeat(i)).append("a:\n");
      }
      Violation v = only(TestGpuspec.read(text.toString(), "deep.yaml"));
      assertFinding(v, "YAML005", Severity.ERROR, "<root>", "deep.yaml", 0, 101);
      assertThat(v.message()).contains("deeper than 100");
    }

    @Test
    void yaml006_notAnObject() {
      ReadResult read = TestGpuspec.read(yaml("---", "---", "- a", "- b"), "list.yaml");
      assertFinding(only(read), "YAML006", Severity.ERROR, "<root>", "list.yaml", 1, 3);
    }

    @Test
    void yaml006_scalarDocument() {
      ReadResult read = TestGpuspec.read(yaml("just text"), "text.yaml");
      assertFinding(only(read), "YAML006", Severity.ERROR, "<root>", "text.yaml", 0, 1);
    }

    @Test
    void yaml006_missingKind() {
      ReadResult read =
          TestGpuspec.read(
              yaml("apiVersion: v1", "metadata:", "  name: cfg", "data: {}"), "nokind.yaml");
      Violation v = only(read);
      assertFinding(v, "YAML006", Severity.ERROR, "<root>", "nokind.yaml", 0, 1);
      assertThat(v.object().name()).isEqualTo("cfg");
    }

    @Test
    void yaml006_apiVersionNotAString() {
      ReadResult read =
          TestGpuspec.read(
              yaml("apiVersion: 1", "kind: ConfigMap", "metadata: {name: cfg}"), "v.yaml");
      assertFinding(only(read), "YAML006", Severity.ERROR, "<root>", "v.yaml", 0, 1);
    }

    @Test
    void yaml007_integerLabelValue() {
      ReadResult read =
          TestGpuspec.read(
              yaml(
                  "apiVersion: v1", // 1
                  "kind: ConfigMap", // 2
                  "metadata:", // 3
                  "  name: cfg", // 4
                  "  labels:", // 5
                  "    gpu.count: 4"), // 6
              "label.yaml");
      Violation v = only(read);
      assertFinding(v, "YAML007", Severity.ERROR, "metadata.labels[gpu.count]", "label.yaml", 0, 6);
      assertThat(v.fix()).contains("\"4\"");
    }

    @Test
    void yaml007_everyMismatchIsReportedAndTheRestOfTheObjectIsKept() {
      ReadResult read =
          TestGpuspec.read(
              yaml(
                  "apiVersion: v1", // 1
                  "kind: ConfigMap", // 2
                  "metadata:", // 3
                  "  name: cfg", // 4
                  "  labels:", // 5
                  "    gpu.count: 4", // 6
                  "    enabled: yes", // 7
                  "data:", // 8
                  "  ok: \"fine\""), // 9
              "two.yaml");
      assertThat(read.problems())
          .extracting(Violation::ruleId, v -> v.source().orElseThrow().line())
          .containsExactly(tuple("YAML007", 6), tuple("YAML008", 7));
      ConfigMap kept = read.manifests().ofType(ConfigMap.class).get(0);
      assertThat(kept.getData()).containsEntry("ok", "fine");
      assertThat(kept.getMetadata().getLabels()).isEmpty();
    }

    @Test
    void mergeKeysFillUnsetKeysAsKubernetesDoes() {
      ReadResult read =
          TestGpuspec.read(
              yaml(
                  "apiVersion: v1",
                  "kind: ConfigMap",
                  "metadata:",
                  "  name: cfg",
                  "  labels: &common",
                  "    team: vision",
                  "  annotations:",
                  "    <<: *common",
                  "    team: search",
                  "    owner: ml"),
              "merge.yaml");
      assertThat(read.problems()).isEmpty();
      ConfigMap cm = read.manifests().ofType(ConfigMap.class).get(0);
      assertThat(cm.getMetadata().getAnnotations())
          .containsEntry("team", "search")
          .containsEntry("owner", "ml")
          .hasSize(2);
    }

    @Test
    void yaml007_stringReplicas() {
      ReadResult read =
          TestGpuspec.read(
              yaml(
                  "apiVersion: apps/v1", // 1
                  "kind: Deployment", // 2
                  "metadata:", // 3
                  "  name: llm", // 4
                  "spec:", // 5
                  "  replicas: \"3\""), // 6
              "replicas.yaml");
      assertFinding(only(read), "YAML007", Severity.ERROR, "spec.replicas", "replicas.yaml", 0, 6);
    }

    @Test
    void yaml007_floatAnnotationValue() {
      ReadResult read =
          TestGpuspec.read(
              yaml(
                  "apiVersion: v1", // 1
                  "kind: ConfigMap", // 2
                  "metadata:", // 3
                  "  name: cfg", // 4
                  "  annotations:", // 5
                  "    gpuspec.io/version: 1.0"), // 6
              "ann.yaml");
      assertFinding(
          only(read),
          "YAML007",
          Severity.ERROR,
          "metadata.annotations[gpuspec.io/version]",
          "ann.yaml",
          0,
          6);
    }

    @Test
    void yaml008_unquotedYesAsEnvValue() {
      ReadResult read =
          TestGpuspec.read(
              yaml(
                  "apiVersion: apps/v1", // 1
                  "kind: Deployment", // 2
                  "metadata:", // 3
                  "  name: llm", // 4
                  "spec:", // 5
                  "  template:", // 6
                  "    spec:", // 7
                  "      containers:", // 8
                  "      - name: main", // 9
                  "        image: triton", // 10
                  "        env:", // 11
                  "        - name: DEBUG", // 12
                  "          value: yes"), // 13
              "env.yaml");
      Violation v = only(read);
      assertFinding(
          v,
          "YAML008",
          Severity.ERROR,
          "spec.template.spec.containers[0].env[0].value",
          "env.yaml",
          0,
          13);
      assertThat(v.fix()).isEqualTo("quote it: \"yes\"");
    }

    @Test
    void yaml008_unquotedOnAndOctal() {
      ReadResult read =
          TestGpuspec.read(
              yaml(
                  "apiVersion: v1", // 1
                  "kind: ConfigMap", // 2
                  "metadata:", // 3
                  "  name: cfg", // 4
                  "  labels:", // 5
                  "    gpu.slot: 012", // 6
                  "data:", // 7
                  "  flag: On"), // 8
              "mix.yaml");
      // every wrong value is reported, each at its own line
      assertThat(read.problems()).hasSize(2);
      Violation v = read.problems().get(0);
      assertFinding(v, "YAML008", Severity.ERROR, "metadata.labels[gpu.slot]", "mix.yaml", 0, 6);
      assertThat(v.fix()).isEqualTo("quote it: \"012\"");
      assertFinding(
          read.problems().get(1), "YAML008", Severity.ERROR, "data[flag]", "mix.yaml", 0, 8);

      ReadResult on =
          TestGpuspec.read(
              yaml(
                  "apiVersion: v1", "kind: ConfigMap", "metadata: {name: cfg}", "data:", "  a: On"),
              "on.yaml");
      assertFinding(only(on), "YAML008", Severity.ERROR, "data[a]", "on.yaml", 0, 5);
    }

    @Test
    void yaml11WordsOnlyInGoYamlSpellings() {
      // go-yaml v2 (what the API server uses) reads yes/Yes/YES as booleans but "yEs" as text
      ReadResult read =
          TestGpuspec.read(
              yaml(
                  "apiVersion: v1",
                  "kind: ConfigMap",
                  "metadata: {name: cfg}",
                  "data:",
                  "  a: yEs",
                  "  b: nULL",
                  "  c: oN"),
              "case.yaml");
      assertThat(read.problems()).isEmpty();
      assertThat(((ConfigMap) read.manifests().objects().get(0)).getData())
          .containsEntry("a", "yEs")
          .containsEntry("b", "nULL")
          .containsEntry("c", "oN");
      for (String word : List.of("YES", "Yes", "Y", "OFF", "Off", "N")) {
        ReadResult bool =
            TestGpuspec.read(
                yaml(
                    "apiVersion: v1",
                    "kind: ConfigMap",
                    "metadata: {name: cfg}",
                    "data:",
                    "  a: " + word),
                "case.yaml");
        assertThat(bool.problems())
            .as(word)
            .extracting(Violation::ruleId)
            .containsExactly("YAML008");
      }
    }

    @Test
    void listItemsArePrefixed() {
      ReadResult read =
          TestGpuspec.read(
              yaml(
                  "apiVersion: v1", // 1
                  "kind: List", // 2
                  "items:", // 3
                  "- apiVersion: v1", // 4
                  "  kind: ConfigMap", // 5
                  "  metadata:", // 6
                  "    name: a", // 7
                  "- apiVersion: v1", // 8
                  "  kind: ConfigMap", // 9
                  "  metadata:", // 10
                  "    name: b", // 11
                  "    labels:", // 12
                  "      gpu.count: 4", // 13
                  "- apiVersion: v1", // 14
                  "  kind: ConfigMap", // 15
                  "  metadata:", // 16
                  "    name: c", // 17
                  "  bogus: 1"), // 18
              "list.yaml");
      assertThat(read.problems()).hasSize(2);
      assertFinding(
          read.problems().get(0),
          "YAML007",
          Severity.ERROR,
          "items[1].metadata.labels[gpu.count]",
          "list.yaml",
          0,
          13);
      assertThat(read.problems().get(0).object().name()).isEqualTo("b");
      assertFinding(
          read.problems().get(1),
          "YAML003",
          Severity.WARNING,
          "items[2].bogus",
          "list.yaml",
          0,
          18);
      // every item is kept (without its bad values); the List itself is not
      assertThat(read.manifests().objects())
          .extracting(o -> o.getMetadata().getName())
          .containsExactly("a", "b", "c");
      assertThat(read.manifests().sourceOf(read.manifests().objects().get(0)))
          .contains(new SourceLocation(Path.of("list.yaml"), 0, 4, 3));
    }

    @Test
    void listItemThatIsNotAnObject() {
      ReadResult read =
          TestGpuspec.read(
              yaml("apiVersion: v1", "kind: List", "items:", "- apiVersion: v1", "  metadata: {}"),
              "list.yaml");
      assertFinding(only(read), "YAML006", Severity.ERROR, "items[0]", "list.yaml", 0, 4);
    }
  }

  @Nested
  class QuietCases {

    static final String VALID =
        yaml(
            "# platform", // 1
            "---", // 2
            "---", // 3  empty document 0
            "apiVersion: scheduling.k8s.io/v1", // 4 document 1
            "kind: PriorityClass",
            "metadata:",
            "  name: training",
            "value: 1000",
            "preemptionPolicy: PreemptLowerPriority",
            "---", // 10
            "apiVersion: v1", // 11 document 2
            "kind: ConfigMap",
            "metadata:",
            "  name: flags",
            "  namespace: ml",
            "  labels:",
            "    enabled: \"yes\"",
            "    count: \"4\"",
            "data:",
            "  config.yaml: |",
            "    a: 1",
            "    b: yes",
            "---", // 23
            "apiVersion: apps/v1", // 24 document 3
            "kind: Deployment",
            "metadata:",
            "  name: llm",
            "  namespace: ml",
            "spec:",
            "  replicas: 2",
            "  selector:",
            "    matchLabels: {app: llm}",
            "  template:",
            "    metadata:",
            "      labels: {app: llm}",
            "    spec:",
            "      containers:",
            "      - name: main",
            "        image: nvcr.io/nvidia/tritonserver:24.08-py3",
            "        env:",
            "        - {name: A, value: \"on\"}",
            "        resources:",
            "          limits: {nvidia.com/gpu: 1, cpu: 0.5}",
            "          requests: {nvidia.com/gpu: \"1\", cpu: 500m}",
            "status:",
            "  replicas: 2",
            "---", // 47
            "", // 48
            "apiVersion: batch/v1", // 49 document 4
            "kind: Job",
            "metadata:",
            "  name: train",
            "  namespace: ml",
            "spec:",
            "  backoffLimit: 2",
            "  template:",
            "    spec:",
            "      restartPolicy: Never",
            "      containers:",
            "      - name: main",
            "        image: pytorch",
            "        args: [\"--epochs\", \"10\"]");

    @Test
    void validMultiDocumentFileHasNoProblemsAndRightSources() {
      ReadResult read = TestGpuspec.read(VALID, "platform.yaml");
      assertThat(read.problems()).isEmpty();
      assertThat(read.hasErrors()).isFalse();
      ManifestSet set = read.manifests();
      assertThat(set.objects())
          .extracting(HasMetadata::getKind)
          .containsExactly("PriorityClass", "ConfigMap", "Deployment", "Job");
      PriorityClass pc = set.ofType(PriorityClass.class).get(0);
      ConfigMap cm = set.ofType(ConfigMap.class).get(0);
      Deployment deploy = set.ofType(Deployment.class).get(0);
      Job job = set.ofType(Job.class).get(0);
      Path file = Path.of("platform.yaml");
      assertThat(set.sourceOf(pc)).contains(new SourceLocation(file, 1, 4));
      assertThat(set.sourceOf(cm)).contains(new SourceLocation(file, 2, 11));
      assertThat(set.sourceOf(deploy)).contains(new SourceLocation(file, 3, 24));
      assertThat(set.sourceOf(job)).contains(new SourceLocation(file, 4, 49));

      assertThat(pc.getValue()).isEqualTo(1000);
      assertThat(cm.getMetadata().getLabels())
          .containsEntry("enabled", "yes")
          .containsEntry("count", "4");
      assertThat(cm.getData()).containsEntry("config.yaml", "a: 1\nb: yes\n");
      assertThat(deploy.getSpec().getReplicas()).isEqualTo(2);
      var container = deploy.getSpec().getTemplate().getSpec().getContainers().get(0);
      assertThat(container.getEnv().get(0).getValue()).isEqualTo("on");
      assertThat(container.getResources().getLimits().get("nvidia.com/gpu").toString())
          .isEqualTo("1");
      assertThat(container.getResources().getLimits().get("cpu").toString()).isEqualTo("0.5");
      assertThat(job.getSpec().getTemplate().getSpec().getContainers().get(0).getArgs())
          .containsExactly("--epochs", "10");
    }

    @Test
    void sameFileFromDiskNamesThePath(@TempDir Path dir) throws IOException {
      Path file = dir.resolve("platform.yaml");
      Files.writeString(file, VALID);
      ReadResult read = TestGpuspec.read(file);
      assertThat(read.problems()).isEmpty();
      assertThat(read.manifests().size()).isEqualTo(4);
      for (HasMetadata object : read.manifests()) {
        assertThat(read.manifests().sourceOf(object).get().file()).isEqualTo(file);
      }
    }

    @Test
    void emptyInputAndCommentsOnly() {
      assertThat(TestGpuspec.read("", "empty.yaml").problems()).isEmpty();
      assertThat(TestGpuspec.read("# nothing\n---\n---\n", "c.yaml").problems()).isEmpty();
      assertThat(TestGpuspec.read("# nothing\n---\n---\n", "c.yaml").manifests().isEmpty())
          .isTrue();
    }
  }

  @Nested
  @Timeout(30)
  class Limits {

    @Test
    void billionLaughs() {
      StringBuilder text =
          new StringBuilder("apiVersion: v1\nkind: ConfigMap\nmetadata: {name: x}\n");
      text.append("a0: &a0 [lol,lol,lol,lol,lol,lol,lol,lol,lol,lol]\n");
      for (int i = 1; i < 10; i++) {
        text.append("a").append(i).append(": &a").append(i).append(" [");
        for (int j = 0; j < 10; j++) {
          text.append(j == 0 ? "" : ",").append("*a").append(i - 1);
        }
        text.append("]\n");
      }
      ReadResult read = readFast(text.toString(), "bomb.yaml");
      assertThat(only(read).ruleId()).isEqualTo("YAML005");
      assertThat(read.manifests().isEmpty()).isTrue();
    }

    @Test
    void aliasBombWithinTheAliasCountStopsAtTheNodeLimit() {
      // 2 aliases per level, 25 levels: 50 aliases but 2^25 nodes after expansion
      StringBuilder text =
          new StringBuilder("apiVersion: v1\nkind: ConfigMap\nmetadata: {name: x}\n");
      text.append("a0: &a0 [lol, lol]\n");
      for (int i = 1; i <= 25; i++) {
        text.append("a").append(i).append(": &a").append(i);
        text.append(" [*a").append(i - 1).append(", *a").append(i - 1).append("]\n");
      }
      ReadResult read = readFast(text.toString(), "bomb2.yaml");
      Violation v = only(read);
      // a16 (line 20) is the first anchor whose expansion takes the file past 500,000 nodes
      assertFinding(v, "YAML005", Severity.ERROR, "<root>", "bomb2.yaml", 0, 20);
      assertThat(v.message()).contains("500000 nodes");
    }

    @Test
    void deepFlowSequences() {
      String text = "[".repeat(10_000) + "]".repeat(10_000);
      Violation v = only(readFast(text, "deep.yaml"));
      assertThat(v.ruleId()).isEqualTo("YAML005");
      assertThat(v.message()).contains("deeper than 100");
    }

    @Test
    void deepFlowMappings() {
      String text = "{a: ".repeat(10_000) + "1" + "}".repeat(10_000);
      assertThat(only(readFast(text, "deep.yaml")).ruleId()).isEqualTo("YAML005");
    }

    @Test
    void deepBlockMappings() {
      StringBuilder text = new StringBuilder();
      for (int i = 0; i < 10_000; i++) {
        text.append("  ".repeat(Math.min(i, 2_000))).append(i < 2_000 ? "a:\n" : "");
      }
      assertThat(only(readFast(text.toString(), "deep.yaml")).ruleId()).isEqualTo("YAML005");
    }

    @Test
    void fileLargerThan8MiB(@TempDir Path dir) throws IOException {
      Path file = dir.resolve("big.yaml");
      byte[] line =
          "# padding padding padding padding padding padding padding padding\n"
              .getBytes(StandardCharsets.UTF_8);
      try (var out = Files.newOutputStream(file)) {
        for (long written = 0; written <= 9L * 1024 * 1024; written += line.length) {
          out.write(line);
        }
      }
      Violation v = only(readFast(file));
      assertFinding(v, "YAML005", Severity.ERROR, "<root>", file.toString(), 0, 1);
      assertThat(v.message()).contains("8 MiB");
    }

    @Test
    void textLargerThan8MiB() {
      String text = "# " + "x".repeat(9 * 1024 * 1024) + "\n";
      assertThat(only(readFast(text, "big.yaml")).ruleId()).isEqualTo("YAML005");
    }

    @Test
    void moreThan10000Documents() {
      String text = "---\n{}\n".repeat(10_001);
      Violation v = only(readFast(text, "docs.yaml"));
      assertFinding(v, "YAML005", Severity.ERROR, "<root>", "docs.yaml", 10_000, 20_001);
    }

    @Test
    void exactly10000TinyDocumentsAreRead() {
      StringBuilder text = new StringBuilder();
      for (int i = 0; i < 10_000; i++) {
        text.append("---\napiVersion: v1\nkind: ConfigMap\nmetadata: {name: c")
            .append(i)
            .append("}\n");
      }
      ReadResult read = readFast(text.toString(), "many.yaml");
      assertThat(read.problems()).isEmpty();
      assertThat(read.manifests().size()).isEqualTo(10_000);
    }

    @Test
    void nonUtf8File(@TempDir Path dir) throws IOException {
      Path file = dir.resolve("latin1.yaml");
      Files.write(
          file,
          "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: caf\u00e9}\n"
              .getBytes(StandardCharsets.ISO_8859_1));
      Violation v = only(readFast(file));
      // the line of the first byte that is not UTF-8
      assertFinding(v, "YAML001", Severity.ERROR, "<root>", file.toString(), 0, 3);
      assertThat(v.message()).contains("UTF-8").contains("line 3");
    }

    @Test
    void missingFile(@TempDir Path dir) {
      Path file = dir.resolve("nope.yaml");
      Violation v = only(readFast(file));
      assertFinding(v, "YAML001", Severity.ERROR, "<root>", file.toString(), 0, 1);
    }

    @Test
    void binaryGarbage(@TempDir Path dir) throws IOException {
      Path file = dir.resolve("garbage.yaml");
      Files.write(file, new byte[] {0, 1, 2, 3, '\t', ':', '[', 0x7f});
      ReadResult read = readFast(file);
      assertThat(read.problems()).isNotEmpty();
      assertThat(read.problems())
          .allMatch(p -> p.ruleId().equals("YAML001") || p.ruleId().equals("YAML006"));
    }

    private ReadResult readFast(String text, String name) {
      long start = System.nanoTime();
      ReadResult[] result = new ReadResult[1];
      assertThatCode(() -> result[0] = TestGpuspec.read(text, name)).doesNotThrowAnyException();
      assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(10));
      return result[0];
    }

    private ReadResult readFast(Path file) {
      long start = System.nanoTime();
      ReadResult[] result = new ReadResult[1];
      assertThatCode(() -> result[0] = TestGpuspec.read(file)).doesNotThrowAnyException();
      assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(10));
      return result[0];
    }
  }

  @Nested
  class Directories {

    @Test
    void recursesSortsAndIgnoresOtherFiles(@TempDir Path dir) throws IOException {
      Files.createDirectories(dir.resolve("b/nested"));
      Files.writeString(dir.resolve("b/nested/z.yml"), cm("z"));
      Files.writeString(
          dir.resolve("b/a.yaml"),
          "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: ba}\nbad: 1\n");
      Files.writeString(
          dir.resolve("a.yaml"), "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a}\nbad: 1\n");
      Files.writeString(dir.resolve("README.md"), "not: [yaml");
      Files.writeString(dir.resolve("notes.txt"), "{{{");
      Files.writeString(dir.resolve("c.yaml.bak"), "{{{");
      ReadResult read = TestGpuspec.read(dir);
      assertThat(read.manifests().objects())
          .extracting(o -> o.getMetadata().getName())
          .containsExactly("a", "ba", "z");
      assertThat(read.problems())
          .extracting(p -> p.source().get().file())
          .containsExactly(dir.resolve("a.yaml"), dir.resolve("b/a.yaml"));
      HasMetadata z = read.manifests().objects().get(2);
      assertThat(read.manifests().sourceOf(z))
          .contains(new SourceLocation(dir.resolve("b/nested/z.yml"), 0, 1));
    }

    @Test
    void severalPathsKeepOrderAndSources(@TempDir Path dir) throws IOException {
      Files.writeString(dir.resolve("one.yaml"), cm("one"));
      Files.writeString(dir.resolve("two.yaml"), "---\n" + cm("two"));
      ReadResult read = TestGpuspec.read(List.of(dir.resolve("two.yaml"), dir.resolve("one.yaml")));
      assertThat(read.problems()).isEmpty();
      HasMetadata two = read.manifests().objects().get(1);
      assertThat(two.getMetadata().getName()).isEqualTo("two");
      assertThat(read.manifests().sourceOf(two))
          .contains(new SourceLocation(dir.resolve("two.yaml"), 0, 2));
    }

    @Test
    void emptyDirectory(@TempDir Path dir) {
      ReadResult read = TestGpuspec.read(dir);
      assertThat(read.problems()).isEmpty();
      assertThat(read.manifests().isEmpty()).isTrue();
    }

    private String cm(String name) {
      return "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: " + name + "\n";
    }
  }
}
