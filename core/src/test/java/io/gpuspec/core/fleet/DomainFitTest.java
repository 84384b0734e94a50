package io.gpuspec.core.fleet;

import static org.assertj.core.api.Assertions.assertThat;

import io.gpuspec.core.Fleet;
import io.gpuspec.core.NodeGroup;
import io.gpuspec.core.TestGpuspec;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.report.Violation;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A gang that must or should run within one rack, on a fleet of 32-GPU racks. */
class DomainFitTest {

  private static final String RACK = "topology.example.com/rack";

  /** Four racks of four nodes with 8 GPUs each: 32 GPUs per rack, 128 in all. */
  private static Fleet racks() {
    List<NodeGroup> groups = new ArrayList<>();
    for (int r = 1; r <= 4; r++) {
      groups.add(
          new NodeGroup(
              "rack-" + r,
              4,
              Map.of(RACK, "r" + r, "topology.example.com/block", r <= 2 ? "b1" : "b2"),
              List.of(),
              Map.of("nvidia.com/gpu", BigDecimal.valueOf(8))));
    }
    return Fleet.ofGroups(groups);
  }

  private static String job(String annotation, int pods, int gpusPerPod) {
    return """
        apiVersion: batch/v1
        kind: Job
        metadata: {name: train, namespace: ml}
        spec:
          parallelism: %d
          completions: %d
          template:
            metadata:
              annotations: {%s: %s}
            spec:
              restartPolicy: Never
              containers:
              - name: train
                image: trainer:1
                resources:
                  limits: {nvidia.com/gpu: "%d"}
        """
        .formatted(pods, pods, annotation, RACK, gpusPerPod);
  }

  private static FleetReport check(String yaml) {
    return TestGpuspec.GPUSPEC.checkFleet(racks(), TestGpuspec.read(yaml, "job.yaml").manifests());
  }

  private static List<Violation> domainFindings(FleetReport report) {
    return report.violations().stream()
        .filter(v -> v.ruleId().equals(DomainFit.NOT_WITHIN_DOMAIN))
        .toList();
  }

  @Test
  void a64GpuGangRequiredWithinOneRack_isAnErrorNamingTheLevelAndTheLargestRack() {
    List<Violation> found = domainFindings(check(job(DomainFit.REQUIRED, 8, 8)));
    assertThat(found).hasSize(1);
    assertThat(found.get(0).severity()).isEqualTo(Severity.ERROR);
    assertThat(found.get(0).path()).isEqualTo("spec.template.spec");
    assertThat(found.get(0).message())
        .isEqualTo(
            "Job/ml/train: its 8 pods (64 GPUs) must run within one domain of "
                + RACK
                + ", but the largest, "
                + RACK
                + "=r4, holds 4 pods (32 GPUs); Kueue never admits it");
  }

  @Test
  void theSameGangPreferredWithinOneRack_isAWarningWithTheBestRacksSize() {
    List<Violation> found = domainFindings(check(job(DomainFit.PREFERRED, 64, 1)));
    assertThat(found).hasSize(1);
    assertThat(found.get(0).severity()).isEqualTo(Severity.WARNING);
    assertThat(found.get(0).message())
        .contains("its 64 pods (64 GPUs) should run within one domain of " + RACK)
        .contains("holds 32 pods (32 GPUs)");
  }

  @Test
  void aGangThatFitsOneRack_isQuiet_andTheTableSaysWhere() {
    FleetReport report = check(job(DomainFit.REQUIRED, 4, 8));
    assertThat(domainFindings(report)).isEmpty();
    assertThat(report.table())
        .contains("WITHIN ONE")
        .contains(RACK + " (required)")
        .contains(RACK + "=r4: 4 pods")
        .contains("yes, in " + RACK + "=r1, " + RACK + "=r2, " + RACK + "=r3 and 1 more");
  }
}
