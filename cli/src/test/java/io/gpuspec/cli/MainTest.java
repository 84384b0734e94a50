package io.gpuspec.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.gpuspec.core.check.Gpuspec;
import io.gpuspec.examples.GenerateReferencePlatform;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Runs the real command line on real files and checks exit codes and output lines. */
class MainTest {

  private static final Gpuspec GPUSPEC = Gpuspec.load();
  private static Path manifests;
  private static Path fleet;

  @TempDir static Path shared;
  @TempDir Path dir;

  record Run(int exit, String out, String err) {}

  private static Run run(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int exit = Main.run(GPUSPEC, new PrintWriter(out, true), new PrintWriter(err, true), args);
    return new Run(exit, out.toString(), err.toString());
  }

  @BeforeAll
  static void generateTheReferencePlatform() {
    manifests = shared.resolve("manifests");
    GenerateReferencePlatform.main(new String[] {manifests.toString()});
    fleet = shared.resolve("fleet.yaml");
  }

  private static final String GOOD =
      """
      apiVersion: v1
      kind: ConfigMap
      metadata: {name: settings, namespace: ml}
      data: {mode: fast}
      """;

  private static final String BROKEN =
      """
      apiVersion: v1
      kind: ConfigMap
      metadata:
        name: settings
          namespace: ml
      """;

  private static final String GPU_MISMATCH =
      """
      apiVersion: v1
      kind: Pod
      metadata: {name: p, namespace: ml}
      spec:
        tolerations: [{key: nvidia.com/gpu, operator: Exists, effect: NoSchedule}]
        nodeSelector: {nvidia.com/gpu.product: NVIDIA-A100-SXM4-80GB}
        containers:
        - name: c
          image: trainer:1
          resources:
            requests: {nvidia.com/gpu: "2"}
            limits: {nvidia.com/gpu: "1"}
      """;

  /** A valid GPU pod for the A100 nodes: request equals limit. */
  private static final String GPU_POD =
      GPU_MISMATCH.replace(
          "requests: {nvidia.com/gpu: \"2\"}", "requests: {nvidia.com/gpu: \"1\"}");

  @Test
  void lint_referencePlatform_exitsZero() {
    Run run = run("lint", manifests.toString());
    assertThat(run.exit()).as(run.out() + run.err()).isZero();
    assertThat(run.out()).contains("0 errors");
  }

  @Test
  void lint_upstreamExamplesOfRegistryKinds_withEveryModule_findsNoError() throws IOException {
    // JobSet, LeaderWorkerSet and KubeRay examples (core's test data, see its SOURCES.md), checked
    // with every module: the reader, the pod rules, the CRD schemas and the scheduling rules. Each
    // file is a set of its own: samples reuse names, which K8S012 reports within one set.
    List<Path> files;
    try (Stream<Path> walk = Files.walk(Path.of("../core/src/test/resources/registry/upstream"))) {
      files = walk.filter(f -> f.toString().endsWith(".yaml")).sorted().toList();
    }
    assertThat(files).hasSizeGreaterThan(10);
    for (Path file : files) {
      Run run = run("lint", file.toString());
      assertThat(run.exit()).as(file + ": " + run.out() + run.err()).isZero();
      assertThat(run.out()).as(file.toString()).contains("0 errors").doesNotContain("YAML004");
    }
  }

  @Test
  void lint_referencePlatformWithItsFleet_findsNoError() {
    Run run = run("lint", "--fleet", fleet.toString(), manifests.toString());
    assertThat(run.exit()).as(run.out() + run.err()).isZero();
    assertThat(run.out()).contains(" 0 errors");
  }

  @Test
  void lint_directoryWithABrokenFile_exitsOneNamingFileAndLineAndStillChecksTheOthers()
      throws IOException {
    Files.writeString(dir.resolve("a-good.yaml"), GOOD);
    Files.writeString(dir.resolve("b-broken.yaml"), BROKEN);
    Files.writeString(dir.resolve("c-gpu.yaml"), GPU_MISMATCH);
    Run run = run("lint", dir.toString());
    assertThat(run.exit()).isEqualTo(1);
    assertThat(run.out())
        .containsPattern("b-broken\\.yaml:\\d+:\\d+: ERROR YAML001")
        .containsPattern("c-gpu\\.yaml:\\d+:\\d+: ERROR GPU001 Pod/ml/p \\S+: ");
    assertThat(run.err()).isEmpty();
  }

  @Test
  void lint_warningsOnly_exitZeroUnlessSeverityWarning() throws IOException {
    Path file =
        Files.writeString(
            dir.resolve("w.yaml"),
            GOOD + "---\napiVersion: example.com/v1\nkind: Widget\nmetadata: {name: w}\n");
    Run lenient = run("lint", file.toString());
    assertThat(lenient.exit()).as(lenient.out()).isZero();
    assertThat(run("lint", "--severity", "warning", file.toString()).exit()).isEqualTo(1);
  }

  @Test
  void lint_missingPath_exitsTwo() {
    Run run = run("lint", dir.resolve("nope.yaml").toString());
    assertThat(run.exit()).isEqualTo(2);
    assertThat(run.err()).contains("nope.yaml: no such file or directory");
  }

  @Test
  void lint_linkLoopOrDanglingLink_isNamedAsSuch() throws IOException {
    Path loop = Files.createSymbolicLink(dir.resolve("loop.yaml"), dir.resolve("loop.yaml"));
    Path dangling = Files.createSymbolicLink(dir.resolve("gone.yaml"), dir.resolve("absent.yaml"));
    Run run = run("lint", loop.toString(), dangling.toString());
    assertThat(run.exit()).isEqualTo(2);
    assertThat(run.err())
        .contains("loop.yaml: is a symbolic link loop")
        .contains("gone.yaml: is a symbolic link to a file that does not exist")
        .doesNotContain("no such file or directory");
  }

  private static final String OLD_CRONJOB =
      """
      apiVersion: batch/v1beta1
      kind: CronJob
      metadata: {name: nightly, namespace: ml}
      spec:
        schedule: "0 2 * * *"
        jobTemplate:
          spec:
            template:
              spec:
                restartPolicy: Never
                automountServiceAccountToken: false
                securityContext:
                  runAsNonRoot: true
                  seccompProfile: {type: RuntimeDefault}
                containers:
                - name: report
                  image: registry.example.com/ml/report:1.0
                  securityContext:
                    allowPrivilegeEscalation: false
                    capabilities: {drop: [ALL]}
      """;

  @Test
  void lint_target_decidesWhichApiVersionsAreServed() throws IOException {
    Path file = Files.writeString(dir.resolve("cronjob.yaml"), OLD_CRONJOB);

    Run newest = run("lint", file.toString());
    assertThat(newest.exit()).isEqualTo(1);
    assertThat(newest.out()).contains("VER001").contains("removed in 1.25");
    Run older = run("lint", "--target", "kubernetes=1.24", file.toString());
    assertThat(older.out()).doesNotContain("VER001");
    Run bad = run("lint", "--target", "kubelet=1.24", file.toString());
    assertThat(bad.exit()).isEqualTo(2);
    assertThat(bad.err()).contains("gpuspec: --target").contains("kubelet=1.24");
  }

  @Test
  void lint_badFormat_exitsTwo() throws IOException {
    Path file = Files.writeString(dir.resolve("ok.yaml"), GOOD);
    assertThat(run("lint", "--format", "xml", file.toString()).exit()).isEqualTo(2);
    assertThat(run("lint", "--bogus", file.toString()).exit()).isEqualTo(2);
    assertThat(run().exit()).isEqualTo(2);
  }

  @Test
  void lint_sarifAndJson_areWritten() throws IOException {
    Path file = Files.writeString(dir.resolve("gpu.yaml"), GPU_MISMATCH);
    Run sarif = run("lint", "--format", "sarif", file.toString());
    assertThat(sarif.exit()).isEqualTo(1);
    assertThat(sarif.out()).contains("\"version\" : \"2.1.0\"").contains("\"ruleId\" : \"GPU001\"");
    Files.createDirectories(Path.of("target"));
    Files.writeString(Path.of("target/cli-sample.sarif"), sarif.out());
    assertThat(run("lint", "--format", "json", file.toString()).out())
        .contains("\"rule\" : \"GPU001\"");
  }

  @Test
  void check_referencePlatform_everyWorkloadSchedulable() {
    Run run = run("check", "--fleet", fleet.toString(), manifests.toString());
    assertThat(run.exit()).as(run.out() + run.err()).isZero();
    assertThat(run.out()).contains("WORKLOAD").doesNotContain("never:");
  }

  @Test
  void check_untoleratedTaint_namesPoolAndTaint() throws IOException {
    Path file = Files.writeString(dir.resolve("pod.yaml"), GPU_POD);
    Run run = run("check", "--fleet", fleet.toString(), file.toString());
    assertThat(run.exit()).isEqualTo(1);
    assertThat(run.out())
        .contains("untolerated taint dedicated=gpu:NoSchedule")
        .contains("FLEET001");
  }

  private static final String NODES =
      """
      apiVersion: v1
      kind: List
      items:
      - apiVersion: v1
        kind: Node
        metadata:
          name: gpu-1
          labels: {kubernetes.io/hostname: gpu-1, nvidia.com/gpu.product: NVIDIA-A100-SXM4-80GB}
        spec:
          taints: [{key: nvidia.com/gpu, value: present, effect: NoSchedule}]
        status: {allocatable: {cpu: "94", memory: 1000Gi, nvidia.com/gpu: "8"}}
      """;

  @Test
  void check_kubectlNodeList_answersWithoutAFleetFile() throws IOException {
    Path nodes = Files.writeString(dir.resolve("nodes.yaml"), NODES);
    Path pod = Files.writeString(dir.resolve("pod.yaml"), GPU_POD);
    Run run = run("check", "--fleet", nodes.toString(), pod.toString());
    assertThat(run.exit()).as(run.out() + run.err()).isZero();
    assertThat(run.out()).containsPattern("(?m)^Pod/ml/p +1 +1 +gpu-1$");
  }

  @Test
  void check_repeatedFleetOption_readsTheFilesAsOneFleet() throws IOException {
    Path a100 = Files.writeString(dir.resolve("a100-nodes.yaml"), NODES);
    Path h100 =
        Files.writeString(
            dir.resolve("h100-nodes.yaml"),
            NODES
                .replace("gpu-1", "gpu-2")
                .replace("NVIDIA-A100-SXM4-80GB", "NVIDIA-H100-80GB-HBM3"));
    Path pod =
        Files.writeString(
            dir.resolve("pod.yaml"),
            GPU_POD.replace("NVIDIA-A100-SXM4-80GB", "NVIDIA-H100-80GB-HBM3"));
    Run one = run("check", "--fleet", a100.toString(), pod.toString());
    Run both = run("check", "--fleet", a100.toString(), "--fleet", h100.toString(), pod.toString());
    assertThat(one.exit()).isEqualTo(1);
    assertThat(both.exit()).as(both.out() + both.err()).isZero();
    assertThat(both.out()).containsPattern("(?m)^Pod/ml/p +1 +1 +gpu-2$");
  }

  @Test
  void check_brokenFleetFile_exitsTwoNamingTheField() throws IOException {
    Path broken =
        Files.writeString(
            dir.resolve("fleet.yaml"),
            """
            apiVersion: gpuspec.io/v1alpha1
            kind: Fleet
            metadata: {name: f}
            spec:
              nodeGroups:
              - name: a
                count: -1
            """);
    Path pod = Files.writeString(dir.resolve("ok.yaml"), GOOD);
    Run run = run("check", "--fleet", broken.toString(), pod.toString());
    assertThat(run.exit()).isEqualTo(2);
    assertThat(run.err()).containsPattern("fleet\\.yaml:7:5: ERROR FLEET010 .*count");
  }

  @Test
  void check_gangLargerThanThePool_exitsOneWithFleet002() throws IOException {
    Path nodes = Files.writeString(dir.resolve("nodes.yaml"), NODES);
    Path job =
        Files.writeString(
            dir.resolve("job.yaml"),
            """
            apiVersion: batch/v1
            kind: Job
            metadata: {name: gang, namespace: ml}
            spec:
              parallelism: 2
              template:
                metadata: {annotations: {scheduling.k8s.io/group-name: gang}}
                spec:
                  restartPolicy: Never
                  nodeSelector: {nvidia.com/gpu.product: NVIDIA-A100-SXM4-80GB}
                  tolerations: [{key: nvidia.com/gpu, operator: Exists}]
                  containers:
                  - name: t
                    image: trainer:1
                    resources: {limits: {nvidia.com/gpu: "8"}}
            """);
    Run run = run("check", "--fleet", nodes.toString(), job.toString());
    assertThat(run.exit()).isEqualTo(1);
    assertThat(run.out())
        .containsPattern("job\\.yaml:\\d+:\\d+: ERROR FLEET002 Job/ml/gang \\S+: ");
  }

  @Test
  void lint_withFleet_reportsWhatCanNeverScheduleAsAnError() throws IOException {
    Path nodes = Files.writeString(dir.resolve("nodes.yaml"), NODES);
    Path pod =
        Files.writeString(
            dir.resolve("pod.yaml"),
            GPU_POD.replace("NVIDIA-A100-SXM4-80GB", "NVIDIA-H100-80GB-HBM3"));
    Run without = run("lint", pod.toString());
    Run with = run("lint", "--fleet", nodes.toString(), pod.toString());
    assertThat(without.out()).doesNotContain("FLEET001");
    assertThat(with.exit()).isEqualTo(1);
    assertThat(with.out())
        .containsPattern(
            "pod\\.yaml:\\d+:\\d+: ERROR FLEET001 Pod/ml/p \\S+: .*pool gpu-1: nodeSelector");
  }

  @Test
  void lint_standardInput_isReadAsOneFile() throws IOException {
    var saved = System.in;
    try {
      System.setIn(new java.io.ByteArrayInputStream(GPU_MISMATCH.getBytes(StandardCharsets.UTF_8)));
      Run run = run("lint", "-");
      assertThat(run.exit()).isEqualTo(1);
      assertThat(run.out()).containsPattern("<stdin>:\\d+:\\d+: ERROR GPU001 Pod/ml/p \\S+: ");
    } finally {
      System.setIn(saved);
    }
  }

  @Test
  void lint_unknownKind_isAWarningAndTheOtherDocumentsAreChecked() throws IOException {
    Path file =
        Files.writeString(
            dir.resolve("mixed.yaml"),
            "apiVersion: example.com/v1\nkind: Widget\nmetadata: {name: w}\n---\n" + GPU_MISMATCH);
    Run run = run("lint", file.toString());
    assertThat(run.exit()).isEqualTo(1);
    assertThat(run.out())
        .containsPattern("mixed\\.yaml:1:\\d+: WARNING YAML004 Widget/w \\S+: ")
        .containsPattern("mixed\\.yaml:\\d+:\\d+: ERROR GPU001 Pod/ml/p \\S+: ")
        .contains("1 error");
  }

  @Test
  void lint_withKinds_checksTheDeclaredKindsPodTemplatesAtTheFieldWritten() throws IOException {
    Path kinds =
        Files.writeString(
            dir.resolve("kinds.yaml"),
            """
            apiVersion: gpuspec.io/v1alpha1
            kind: WorkloadKinds
            kinds:
            - group: example.com
              kind: Widget
              templates:
              - path: spec.podTemplate
            """);
    Path file =
        Files.writeString(
            dir.resolve("widget.yaml"),
            """
            apiVersion: example.com/v1
            kind: Widget
            metadata: {name: w, namespace: ml}
            spec:
              podTemplate:
                spec:
                  containers:
                  - name: c
                    image: busybox:1.36
                    resources:
                      limits: {nvidia.com/gpu: "4"}
                      requests: {nvidia.com/gpu: "8"}
            """);
    Run without = run("lint", file.toString());
    assertThat(without.out()).contains("YAML004").doesNotContain("GPU001");
    Run run = run("lint", "--kinds", kinds.toString(), file.toString());
    assertThat(run.exit()).isEqualTo(1);
    assertThat(run.out())
        .doesNotContain("YAML004")
        .containsPattern(
            "widget\\.yaml:12:\\d+: ERROR GPU001 Widget/ml/w"
                + " spec\\.podTemplate\\.spec\\.containers\\[0\\]\\.resources\\.requests\\[nvidia\\.com/gpu\\]: ");
  }

  @Test
  void lint_badKindsFile_exitsTwoNamingFileEntryAndField() throws IOException {
    Path kinds =
        Files.writeString(
            dir.resolve("bad-kinds.yaml"),
            "apiVersion: gpuspec.io/v1alpha1\nkind: WorkloadKinds\nkinds:\n"
                + "- {group: example.com, kind: Widget, templates: [{path: 'spec.x[0]'}]}\n");
    Path file = Files.writeString(dir.resolve("empty.yaml"), GOOD);
    Run run = run("lint", "--kinds", kinds.toString(), file.toString());
    assertThat(run.exit()).isEqualTo(2);
    assertThat(run.err())
        .contains("bad-kinds.yaml: kinds[0] (example.com Widget).templates[0].path: step")
        .contains("; write fields separated by dots");
  }

  @Test
  void lint_json_carriesFileLineAndRulePerFinding() throws IOException {
    Path file = Files.writeString(dir.resolve("gpu.yaml"), GPU_MISMATCH);
    String json = run("lint", "--format", "json", file.toString()).out();
    assertThat(json)
        .containsPattern("\"errors\" : 1\\b")
        .containsPattern("\"rule\" : \"GPU001\"")
        .containsPattern("\"file\" : \"[^\"]*gpu\\.yaml\"")
        .containsPattern("\"line\" : [1-9]\\d*");
  }

  @Test
  void rules_listsEveryModulesRules() {
    Run run = run("rules");
    assertThat(run.exit()).isZero();
    assertThat(run.out())
        .contains("GPU001")
        .contains("TFJ001")
        .contains("K8S006")
        .contains("https://");
  }

  @Test
  void version_andHelp_exitZero() {
    assertThat(run("--version").out()).startsWith("gpuspec ");
    assertThat(run("lint", "--help").out()).contains("--fleet").contains("--severity");
  }
}
