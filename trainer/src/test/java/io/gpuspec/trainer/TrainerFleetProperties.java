package io.gpuspec.trainer;

import static org.assertj.core.api.Assertions.assertThat;

import io.gpuspec.core.Fleet;
import io.gpuspec.core.NodeGroup;
import io.gpuspec.core.TestGpuspec;
import io.gpuspec.core.fleet.FleetReport;
import io.gpuspec.core.fleet.GangReference;
import io.gpuspec.core.fleet.GangReference.Role;
import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.report.Violation;
import java.util.List;
import java.util.Optional;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.statistics.Statistics;

/**
 * The fleet check on TrainJobs against the node-by-node {@link GangReference}: a TrainJob's
 * effective pod template (its runtime's {@code node} job merged with the TrainJob's {@code
 * numNodes} and {@code resourcesPerNode}) fits at once exactly when the reference places all its
 * pods, and a template that fits no group is reported as never scheduling, naming its role.
 */
class TrainerFleetProperties {

  /**
   * A fleet, the runtime's node job (its own GPU limit and the model it pins, if any) and the
   * TrainJob's node count and GPUs per node.
   */
  record Scenario(
      List<NodeGroup> groups, int runtimeGpus, Optional<String> model, int numNodes, int gpus) {

    Role role() {
      return new Role("node", numNodes, gpus, model);
    }
  }

  @Provide
  Arbitrary<Scenario> scenarios() {
    return Combinators.combine(
            GangReference.fleets(),
            Arbitraries.integers().between(1, 8),
            Arbitraries.of("a", "b").optional(0.5),
            Arbitraries.integers().between(1, 4),
            Arbitraries.integers().between(1, 8))
        .as(Scenario::new);
  }

  static String yaml(Scenario s) {
    return "apiVersion: trainer.kubeflow.org/v1alpha1\nkind: ClusterTrainingRuntime\n"
        + "metadata: {name: torch}\n"
        + "spec:\n  mlPolicy: {numNodes: 1, torch: {}}\n"
        + "  template:\n    spec:\n      replicatedJobs:\n      - name: node\n"
        + "        template:\n"
        + "          metadata:\n"
        + "            labels: {trainer.kubeflow.org/trainjob-ancestor-step: trainer}\n"
        + "          spec:\n            template:\n              spec:\n"
        + "                restartPolicy: Never\n"
        + s.model()
            .map(
                m ->
                    "                nodeSelector: {"
                        + GangReference.MODEL_LABEL
                        + ": "
                        + m
                        + "}\n")
            .orElse("")
        + "                containers:\n"
        + "                - name: node\n"
        + "                  image: pytorch/pytorch:2.13.0-cuda13.0-cudnn9-runtime\n"
        + "                  resources: {limits: {nvidia.com/gpu: \""
        + s.runtimeGpus()
        + "\"}}\n"
        + "---\n"
        + "apiVersion: trainer.kubeflow.org/v1alpha1\nkind: TrainJob\n"
        + "metadata: {name: llama, namespace: ml}\n"
        + "spec:\n  runtimeRef: {name: torch}\n  trainer:\n    numNodes: "
        + s.numNodes()
        + "\n    resourcesPerNode:\n      requests: {nvidia.com/gpu: \""
        + s.gpus()
        + "\"}\n      limits: {nvidia.com/gpu: \""
        + s.gpus()
        + "\"}\n";
  }

  private static FleetReport check(Scenario s) {
    return TestGpuspec.GPUSPEC.checkFleet(
        Fleet.ofGroups(s.groups()),
        ManifestSet.of(TestGpuspec.read(yaml(s), "train.yaml").manifests().objects()));
  }

  @Property(tries = 400)
  void trainJobFit_agreesWithTheNodeByNodeReference(@ForAll("scenarios") Scenario scenario) {
    FleetReport report = check(scenario);
    List<FleetReport.Placement> placements =
        report.placements().stream().filter(p -> p.workload().toString().equals(JOB)).toList();
    // one pod is no gang: nothing holds it to start with others
    int together = scenario.numNodes() > 1 ? scenario.numNodes() : 0;
    assertThat(placements)
        .singleElement()
        .satisfies(
            p -> {
              assertThat(p.role()).isEqualTo("node");
              assertThat(p.pods()).isEqualTo(scenario.numNodes());
              assertThat(p.gpusPerPod()).isEqualTo(scenario.gpus());
              assertThat(p.together()).isEqualTo(together);
            });
    FleetReport.Placement placed = placements.get(0);
    boolean fleetSaysFits = placed.schedulable() && placed.together() <= placed.capacity();
    boolean referenceFits = GangReference.fits(List.of(scenario.role()), scenario.groups());
    boolean anyNode = GangReference.fitsAnyNode(scenario.role(), scenario.groups());
    // the runtime is a workload of its own: one pod with the runtime's GPU limit
    boolean runtimeFits =
        GangReference.fitsAnyNode(
            new Role("node", 1, scenario.runtimeGpus(), scenario.model()), scenario.groups());
    Statistics.label("outcome")
        .collect(referenceFits ? "fits" : anyNode ? "too large" : "fits no group");
    assertThat(fleetSaysFits).isEqualTo(referenceFits);
    assertThat(placed.schedulable()).isEqualTo(anyNode);

    List<Violation> violations = report.violations();
    assertThat(violations)
        .filteredOn(v -> v.message().startsWith(RUNTIME + " "))
        .extracting(Violation::ruleId)
        .isEqualTo(runtimeFits ? List.of() : List.of(FleetReport.NEVER_SCHEDULES));
    List<Violation> ofJob =
        violations.stream().filter(v -> v.message().startsWith(JOB + " ")).toList();
    if (referenceFits) {
      assertThat(ofJob).isEmpty();
    } else if (anyNode) {
      assertThat(ofJob)
          .singleElement()
          .satisfies(
              v -> {
                assertThat(v.ruleId()).isEqualTo(FleetReport.GANG_TOO_LARGE);
                assertThat(v.object()).isEqualTo(placed.workload());
                assertThat(v.message()).startsWith(JOB + " node needs " + together + " pods");
              });
    } else if (runtimeFits) {
      // the merged template fits no group: reported once, naming the TrainJob's role
      assertThat(ofJob)
          .singleElement()
          .satisfies(
              v -> {
                assertThat(v.ruleId()).isEqualTo(FleetReport.NEVER_SCHEDULES);
                assertThat(v.message()).startsWith(JOB + " node can never schedule: ");
              });
    } else {
      // the runtime's own view already reports that pod spec
      assertThat(ofJob).isEmpty();
    }
  }

  private static final String JOB = "TrainJob/ml/llama";

  private static final String RUNTIME = "ClusterTrainingRuntime/torch";
}
