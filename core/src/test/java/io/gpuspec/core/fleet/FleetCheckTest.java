package io.gpuspec.core.fleet;

import static org.assertj.core.api.Assertions.assertThat;

import io.gpuspec.core.Fixtures;
import io.gpuspec.core.Fleet;
import io.gpuspec.core.NodeGroup;
import io.gpuspec.core.TestGpuspec;
import io.gpuspec.core.check.Gpuspec;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.report.Violation;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class FleetCheckTest {

  private static final Gpuspec GPUSPEC = TestGpuspec.GPUSPEC;
  private static final Fleet POOLS =
      Fleet.of(Fixtures.A100_TRAIN, Fixtures.H100_TRAIN, Fixtures.L40S_INFERENCE);

  private static FleetReport check(Fleet fleet, String yaml) {
    return GPUSPEC.checkFleet(fleet, TestGpuspec.read(yaml, "w.yaml").manifests());
  }

  private static String deployment(String spec) {
    return """
        apiVersion: apps/v1
        kind: Deployment
        metadata: {name: llm, namespace: ml}
        spec:
          replicas: 2
          selector: {matchLabels: {app: llm}}
          template:
            metadata: {labels: {app: llm}}
            spec:
        """
        + spec.indent(6);
  }

  private static final String ON_A100 =
      """
      nodeSelector: {nvidia.com/gpu.product: NVIDIA-A100-SXM4-80GB}
      tolerations:
      - {key: nvidia.com/gpu, operator: Exists, effect: NoSchedule}
      containers:
      - name: server
        image: nvcr.io/nvidia/tritonserver:24.08-py3
        resources: {limits: {nvidia.com/gpu: "%s"}}
      """;

  @Test
  void untoleratedTaint_isNamedWithItsPool() {
    FleetReport report = check(POOLS, deployment(ON_A100.formatted("1")));
    FleetReport.Placement placement = report.placements().get(0);
    assertThat(placement.schedulable()).isFalse();
    assertThat(placement.blocked())
        .containsEntry("a100-train", "untolerated taint dedicated=gpu:NoSchedule")
        .containsKey("h100-train");
    assertThat(report.violations())
        .singleElement()
        .satisfies(
            v -> {
              assertThat(v.ruleId()).isEqualTo("FLEET001");
              assertThat(v.message())
                  .contains("can never schedule")
                  .contains("pool a100-train: untolerated taint dedicated=gpu:NoSchedule");
            });
  }

  @Test
  void toleratingEveryTaint_makesItSchedulableOnItsPoolOnly() {
    String spec =
        ON_A100
            .formatted("1")
            .replace(
                "effect: NoSchedule}",
                "effect: NoSchedule}\n- {key: dedicated, operator: Equal, value: gpu}");
    FleetReport.Placement placement = check(POOLS, deployment(spec)).placements().get(0);
    assertThat(placement.fits()).containsExactly("a100-train");
    assertThat(placement.blocked().get("h100-train"))
        .startsWith("nodeSelector nvidia.com/gpu.product");
    assertThat(placement.capacity()).isEqualTo(32);
  }

  @Test
  void tooManyGpusPerPod_namesTheNodeSize() {
    String spec =
        ON_A100
            .formatted("16")
            .replace("effect: NoSchedule}", "effect: NoSchedule}\n- {operator: Exists}");
    assertThat(check(POOLS, deployment(spec)).placements().get(0).blocked())
        .containsEntry("a100-train", "needs 16 nvidia.com/gpu per pod, nodes have 8");
  }

  @Test
  void migResourceNoPoolOffers_isNamed() {
    String spec =
        ON_A100
            .formatted("1")
            .replace("nvidia.com/gpu: \"1\"", "nvidia.com/mig-1g.10gb: \"1\"")
            .replace("effect: NoSchedule}", "effect: NoSchedule}\n- {operator: Exists}");
    assertThat(check(POOLS, deployment(spec)).placements().get(0).blocked())
        .containsEntry("a100-train", "needs nvidia.com/mig-1g.10gb but nodes have none");
  }

  private static String parallelJob(String templateMetadata) {
    return """
        apiVersion: batch/v1
        kind: Job
        metadata: {name: big, namespace: ml}
        spec:
          parallelism: 5
          completions: 5
          template:
        """
        + templateMetadata
        + """
                spec:
                  restartPolicy: Never
            """
        + ON_A100
            .formatted("8")
            .replace("effect: NoSchedule}", "effect: NoSchedule}\n- {operator: Exists}")
            .indent(6);
  }

  @Test
  void parallelJobLargerThanItsPool_runsInWaves() {
    List<Violation> violations = check(POOLS, parallelJob("")).violations();
    assertThat(violations)
        .singleElement()
        .satisfies(
            v -> {
              assertThat(v.ruleId()).isEqualTo("FLEET003");
              assertThat(v.severity()).isEqualTo(Severity.WARNING);
              assertThat(v.message())
                  .contains("runs 5 pods")
                  .contains("hold at most 4 at once")
                  .contains("run in waves");
            });
  }

  @Test
  void parallelJobInAPodGroupLargerThanItsPool_isAGangThatNeverFits() {
    String inGroup = "    metadata: {annotations: {scheduling.k8s.io/group-name: big}}\n";
    List<Violation> violations = check(POOLS, parallelJob(inGroup)).violations();
    assertThat(violations)
        .singleElement()
        .satisfies(
            v -> {
              assertThat(v.ruleId()).isEqualTo("FLEET002");
              assertThat(v.message()).contains("needs 5 pods at once").contains("hold at most 4");
            });
    String podGroup =
        """
        apiVersion: scheduling.volcano.sh/v1beta1
        kind: PodGroup
        metadata: {name: big, namespace: ml}
        spec: {minMember: 4}
        ---
        """;
    assertThat(check(POOLS, podGroup + parallelJob(inGroup)).violations())
        .as("a PodGroup of minMember 4 needs only 4 of the 5 pods at once")
        .singleElement()
        .satisfies(v -> assertThat(v.ruleId()).isEqualTo("FLEET003"));
  }

  @Test
  void nodeList_groupsIdenticalNodesAndKeepsCpuNodesApart() {
    FleetRead read = GPUSPEC.readFleet(List.of(Path.of("src/test/resources/fleet/nodes.yaml")));
    assertThat(read.problems()).isEmpty();
    List<NodeGroup> groups = read.fleet().orElseThrow().groups();
    assertThat(groups).extracting(NodeGroup::name).containsExactlyInAnyOrder("a100-train", "cpu-1");
    groups = groups.stream().filter(g -> g.name().equals("a100-train")).toList();
    assertThat(groups.get(0).nodeCount()).isEqualTo(2);
    assertThat(groups.get(0).labels()).doesNotContainKey("kubernetes.io/hostname");
    assertThat(groups.get(0).allocatable().get("nvidia.com/gpu")).isEqualByComparingTo("8");
  }

  @Test
  void fleetFile_readsGroupsAndTheyAnswerChecks() {
    FleetRead read = GPUSPEC.readFleet(List.of(Path.of("src/test/resources/fleet/fleet.yaml")));
    assertThat(read.problems()).isEmpty();
    Fleet fleet = read.fleet().orElseThrow();
    assertThat(fleet.groups()).extracting(NodeGroup::name).containsExactly("h100", "cpu");
    String spec =
        """
        nodeSelector: {gpu.model: H100}
        tolerations: [{key: dedicated, operator: Exists}]
        containers:
        - name: t
          image: trainer:1
          resources: {limits: {nvidia.com/gpu: "4", memory: 3Ti}}
        """;
    assertThat(check(fleet, deployment(spec)).placements().get(0).blocked())
        .containsEntry("h100", "needs 3298534883328 memory per pod, nodes have 2199023255552");
  }

  @Test
  void brokenFleetFile_namesEveryFieldAndGivesNoFleet() {
    FleetRead read =
        GPUSPEC.readFleet(List.of(Path.of("src/test/resources/fleet/broken-fleet.yaml")));
    assertThat(read.fleet()).isEmpty();
    assertThat(read.problems())
        .extracting(Violation::path)
        .containsExactlyInAnyOrder(
            "spec.nodeGroups[0].gpus",
            "spec.nodeGroups[0].count",
            "spec.nodeGroups[0].labels[gpu.count]",
            "spec.nodeGroups[0].taints[0].effect",
            "spec.nodeGroups[0].allocatable[nvidia.com/gpu]");
    assertThat(read.problems()).allSatisfy(v -> assertThat(v.source()).isPresent());
  }

  @Test
  void emptyInput_isAProblemNotAnEmptyFleet() {
    assertThat(
            GPUSPEC
                .readFleet(List.of(Path.of("src/test/resources/fleet/does-not-exist.yaml")))
                .fleet())
        .isEmpty();
  }

  @Test
  void table_listsEveryTemplateAndPoolCapacity() {
    String table = check(POOLS, deployment(ON_A100.formatted("1"))).table();
    assertThat(table)
        .contains("WORKLOAD")
        .contains("Deployment/ml/llm")
        .contains("never: a100-train: untolerated taint dedicated=gpu:NoSchedule")
        .containsPattern("(?m)^a100-train +32 +0 +0$");
  }
}
