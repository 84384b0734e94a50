package io.gpuspec.core.fleet;

import static org.assertj.core.api.Assertions.assertThat;

import io.gpuspec.core.Fleet;
import io.gpuspec.core.NodeGroup;
import io.gpuspec.core.TestGpuspec;
import io.gpuspec.core.check.Gpuspec;
import io.gpuspec.core.report.Violation;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The fleet check on the situations that leave pods Pending: topology and interconnect, resources
 * only some pools advertise, every operator, every taint effect, sidecars and init containers,
 * gangs over several pools, every workload kind, and node lists as kubectl prints them.
 */
class FleetScenariosTest {

  private static final Gpuspec GPUSPEC = TestGpuspec.GPUSPEC;
  private static final Fleet FLEET =
      GPUSPEC
          .readFleet(List.of(Path.of("src/test/resources/fleet/scenarios.yaml")))
          .fleet()
          .orElseThrow();

  @TempDir Path dir;

  private static FleetReport check(String yaml) {
    return check(FLEET, yaml);
  }

  private static FleetReport check(Fleet fleet, String yaml) {
    return GPUSPEC.checkFleet(fleet, TestGpuspec.read(yaml, "w.yaml").manifests());
  }

  private static FleetReport.Placement only(String yaml) {
    List<FleetReport.Placement> placements = check(yaml).placements();
    assertThat(placements).hasSize(1);
    return placements.get(0);
  }

  /** A pod with this spec, indented under {@code spec:}. */
  private static String pod(String spec) {
    return """
        apiVersion: v1
        kind: Pod
        metadata: {name: p, namespace: ml}
        spec:
        """
        + spec.indent(2);
  }

  private static final String ON_H100 =
      """
      nodeSelector: {gpu.model: H100}
      tolerations: [{key: nvidia.com/gpu, operator: Exists}]
      """;

  private static String container(String limits) {
    return """
        containers:
        - name: c
          image: trainer:1
          resources: {limits: {%s}}
        """
        .formatted(limits);
  }

  @Test
  void interconnectLabel_fitsOnlyThePoolThatHasIt() {
    FleetReport.Placement placement =
        only(
            pod(
                ON_H100.replace(
                        "{gpu.model: H100}", "{gpu.model: H100, gpu.interconnect: infiniband}")
                    + container("nvidia.com/gpu: \"8\"")));
    assertThat(placement.fits()).containsExactly("h100-ib");
    assertThat(placement.blocked().get("h100-eth"))
        .isEqualTo(
            "nodeSelector gpu.interconnect=infiniband but nodes have no gpu.interconnect label");
  }

  @Test
  void rdmaResource_blocksThePoolThatDoesNotAdvertiseIt() {
    FleetReport.Placement placement =
        only(pod(ON_H100 + container("nvidia.com/gpu: \"8\", rdma/ib: \"1\"")));
    assertThat(placement.fits()).containsExactly("h100-ib");
    assertThat(placement.blocked()).containsEntry("h100-eth", "needs rdma/ib but nodes have none");
  }

  @Test
  void sharedResource_fitsOnlyWhereTheSharingConfigAdvertisesIt() {
    FleetReport.Placement placement =
        only(
            pod(
                """
                tolerations: [{operator: Exists}]
                """
                    + container("nvidia.com/gpu.shared: \"1\"")));
    assertThat(placement.fits()).containsExactly("l4-shared");
    assertThat(placement.blocked())
        .containsEntry("h100-ib", "needs nvidia.com/gpu.shared but nodes have none");
  }

  @Test
  void gtOnANumericLabel_comparesAsIntegers() {
    String affinity =
        """
        affinity:
          nodeAffinity:
            requiredDuringSchedulingIgnoredDuringExecution:
              nodeSelectorTerms:
              - matchExpressions: [{key: nvidia.com/gpu.count, operator: Gt, values: ["4"]}]
        tolerations: [{key: nvidia.com/gpu, operator: Exists}]
        """;
    FleetReport.Placement placement = only(pod(affinity + container("nvidia.com/gpu: \"1\"")));
    assertThat(placement.fits()).containsExactlyInAnyOrder("h100-ib", "h100-eth");
    assertThat(placement.blocked().get("l4-shared"))
        .contains("nvidia.com/gpu.count Gt [4]")
        .contains("nodes have nvidia.com/gpu.count=1");
  }

  @Test
  void orEdTerms_anyTermThatMatchesIsEnough() {
    String affinity =
        """
        affinity:
          nodeAffinity:
            requiredDuringSchedulingIgnoredDuringExecution:
              nodeSelectorTerms:
              - matchExpressions: [{key: gpu.model, operator: In, values: [B200]}]
              - matchExpressions:
                - {key: gpu.model, operator: In, values: [H100]}
                - {key: gpu.interconnect, operator: DoesNotExist}
        tolerations: [{key: nvidia.com/gpu, operator: Exists}]
        """;
    assertThat(only(pod(affinity + container("nvidia.com/gpu: \"8\""))).fits())
        .containsExactly("h100-eth");
  }

  @Test
  void noExecuteTaint_needsItsOwnToleration_andAnEmptyEffectToleratesIt() {
    String spec =
        """
        nodeSelector: {gpu.model: L4}
        tolerations: [{key: nvidia.com/gpu, operator: Exists, effect: NoSchedule}]
        """
            + container("nvidia.com/gpu.shared: \"1\"");
    assertThat(only(pod(spec)).blocked())
        .containsEntry("l4-shared", "untolerated taint spot:NoExecute");
    String tolerant =
        spec.replace("effect: NoSchedule}]", "effect: NoSchedule}, {key: spot, operator: Exists}]");
    assertThat(only(pod(tolerant)).fits()).containsExactly("l4-shared");
  }

  @Test
  void sidecarsAddUp_classicInitContainersTakeTheMaximum() {
    String sidecar =
        """
        initContainers:
        - name: init
          image: trainer:1
          restartPolicy: %s
          resources: {limits: {nvidia.com/gpu: "%s"}}
        """;
    String main = container("nvidia.com/gpu: \"6\"");
    FleetReport.Placement withSidecar =
        only(pod(ON_H100 + sidecar.formatted("Always", "4") + main));
    assertThat(withSidecar.gpusPerPod()).isEqualTo(10);
    assertThat(withSidecar.blocked())
        .containsEntry("h100-eth", "needs 10 nvidia.com/gpu per pod, nodes have 8");
    FleetReport.Placement withInit = only(pod(ON_H100 + sidecar.formatted("Never", "8") + main));
    assertThat(withInit.gpusPerPod()).isEqualTo(8);
    assertThat(withInit.fits()).containsExactlyInAnyOrder("h100-ib", "h100-eth");
  }

  @Test
  void cpuOnlyPod_isJudgedAgainstTheCpuNodes() {
    String spec =
        """
        containers:
        - name: c
          image: etl:1
          resources: {requests: {cpu: "64"}}
        """;
    FleetReport report = check(pod(spec));
    assertThat(report.placements().get(0).blocked())
        .containsEntry("cpu", "needs 64 cpu per pod, nodes have 32");
    assertThat(report.violations()).extracting(Violation::ruleId).containsExactly("FLEET001");
    assertThat(only(pod(spec.replace("\"64\"", "\"16\""))).fits()).containsExactly("cpu");
  }

  @Test
  void gang_mayUseEveryPoolItFits() {
    String job =
        """
        apiVersion: batch/v1
        kind: Job
        metadata: {name: allreduce, namespace: ml}
        spec:
          parallelism: %d
          completions: %d
          template:
            metadata: {labels: {scheduling.x-k8s.io/pod-group: allreduce}}
            spec:
              restartPolicy: Never
        """
            + (ON_H100 + container("nvidia.com/gpu: \"8\"")).indent(6);
    FleetReport six = check(job.formatted(6, 6));
    assertThat(six.placements().get(0).capacity()).isEqualTo(6);
    assertThat(six.violations()).isEmpty();
    assertThat(check(job.formatted(7, 7)).violations())
        .singleElement()
        .satisfies(v -> assertThat(v.ruleId()).isEqualTo("FLEET002"));
  }

  @Test
  void everyWorkloadKind_isCheckedThroughItsPodTemplate() {
    String template =
        (ON_H100 + container("nvidia.com/gpu: \"2\"")).indent(6)
            + "    metadata: {labels: {app: w}}\n";
    String selector = "  selector: {matchLabels: {app: w}}\n  template:\n    spec:\n";
    String yaml =
        "apiVersion: apps/v1\nkind: StatefulSet\nmetadata: {name: s, namespace: ml}\nspec:\n"
            + "  serviceName: s\n"
            + selector
            + template
            + "---\napiVersion: apps/v1\nkind: DaemonSet\nmetadata: {name: d, namespace: ml}\n"
            + "spec:\n"
            + selector
            + template
            + "---\napiVersion: batch/v1\nkind: CronJob\nmetadata: {name: c, namespace: ml}\n"
            + "spec:\n  schedule: '0 * * * *'\n  jobTemplate:\n    spec:\n      template:\n"
            + "        spec:\n          restartPolicy: Never\n"
            + (ON_H100 + container("nvidia.com/gpu: \"2\"")).indent(10);
    List<FleetReport.Placement> placements = check(yaml).placements();
    assertThat(placements)
        .extracting(p -> p.workload().kind())
        .containsExactlyInAnyOrder("StatefulSet", "DaemonSet", "CronJob");
    assertThat(placements)
        .allSatisfy(p -> assertThat(p.fits()).containsExactlyInAnyOrder("h100-ib", "h100-eth"));
  }

  @Test
  void capacity_splitsAlwaysOnDemandByWhereItCanLand() {
    String deployment =
        """
        apiVersion: apps/v1
        kind: Deployment
        metadata: {name: %s, namespace: ml}
        spec:
          replicas: 2
          selector: {matchLabels: {app: %s}}
          template:
            metadata: {labels: {app: %s}}
            spec:
        """;
    String yaml =
        deployment.formatted("ib", "ib", "ib")
            + (ON_H100.replace("{gpu.model: H100}", "{gpu.interconnect: infiniband}")
                    + container("nvidia.com/gpu: \"4\""))
                .indent(6)
            + "---\n"
            + deployment.formatted("any", "any", "any")
            + (ON_H100 + container("nvidia.com/gpu: \"1\"")).indent(6)
            + "---\napiVersion: batch/v1\nkind: Job\nmetadata: {name: j, namespace: ml}\nspec:\n"
            + "  template:\n    spec:\n      restartPolicy: Never\n"
            + (ON_H100 + container("nvidia.com/gpu: \"8\"")).indent(6);
    List<FleetReport.Capacity> capacity = check(yaml).capacity();
    assertThat(capacity)
        .contains(
            new FleetReport.Capacity("h100-ib", 32, 8, 2),
            new FleetReport.Capacity("h100-eth", 16, 0, 2),
            new FleetReport.Capacity("l4-shared", 12, 0, 0),
            new FleetReport.Capacity("cpu", 0, 0, 0));
    assertThat(check(yaml).table()).containsPattern("(?m)^h100-ib +32 +8 +2$");
  }

  @Test
  void nodeList_unschedulableNodesFormTheirOwnTaintedGroup() throws IOException {
    Path nodes =
        Files.writeString(
            dir.resolve("nodes.yaml"),
            """
            apiVersion: v1
            kind: List
            items:
            - apiVersion: v1
              kind: Node
              metadata:
                name: n1
                labels: {cloud.google.com/gke-nodepool: a100-pool, gpu.model: A100}
              status: {allocatable: {nvidia.com/gpu: "8"}}
            - apiVersion: v1
              kind: Node
              metadata:
                name: n2
                labels: {cloud.google.com/gke-nodepool: a100-pool, gpu.model: A100}
              spec: {unschedulable: true}
              status: {allocatable: {nvidia.com/gpu: "8"}}
            """);
    FleetRead read = GPUSPEC.readFleet(List.of(nodes));
    assertThat(read.problems()).isEmpty();
    List<NodeGroup> groups = read.fleet().orElseThrow().groups();
    assertThat(groups).hasSize(2).allSatisfy(g -> assertThat(g.nodeCount()).isEqualTo(1));
    assertThat(groups).extracting(NodeGroup::name).allMatch(n -> n.startsWith("a100-pool"));
    String job =
        """
        apiVersion: batch/v1
        kind: Job
        metadata: {name: two, namespace: ml}
        spec:
          parallelism: 2
          template:
            spec:
              restartPolicy: Never
              nodeSelector: {gpu.model: A100}
        """
            + container("nvidia.com/gpu: \"8\"").indent(6);
    FleetReport report = check(read.fleet().orElseThrow(), job);
    assertThat(report.placements().get(0).blocked().values())
        .containsExactly("untolerated taint node.kubernetes.io/unschedulable:NoSchedule");
    // two independent pods on one schedulable node: they run one after the other
    assertThat(report.violations()).extracting(Violation::ruleId).containsExactly("FLEET003");
  }
}
