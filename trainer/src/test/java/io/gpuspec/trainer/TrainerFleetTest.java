package io.gpuspec.trainer;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.gpuspec.core.Fixtures;
import io.gpuspec.core.Fleet;
import io.gpuspec.core.TestGpuspec;
import io.gpuspec.core.fleet.FleetReport;
import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.report.Violation;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The fleet check on TrainJobs: per-role answers on the merged templates, and a pod spec that fits
 * no pool reported where it was written (the runtime's template), once however many TrainJobs use
 * the runtime.
 */
class TrainerFleetTest {

  @Test
  void aRuntimeOnAPoolTheFleetLacks_isReportedOnTheRuntimesPodSpec_once() {
    TrainerRuntime runtime = TrainerDslTest.torchH100();
    List<HasMetadata> objects = new ArrayList<>(runtime.toManifests());
    objects.addAll(TrainerJob.named("a").namespace("ml").runtime(runtime).build().toManifests());
    objects.addAll(TrainerJob.named("b").namespace("ml").runtime(runtime).build().toManifests());

    List<Violation> found =
        TestGpuspec.GPUSPEC
            .checkFleet(Fleet.of(Fixtures.A100_TRAIN), ManifestSet.of(objects))
            .violations();

    assertThat(found)
        .extracting(Violation::ruleId, v -> v.object().toString(), Violation::path)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple(
                FleetReport.NEVER_SCHEDULES,
                "ClusterTrainingRuntime/torch-h100",
                "spec.template.spec.replicatedJobs[0].template.spec.template.spec"));
  }

  @Test
  void aTrainJobsPlacement_isPerRole_andItsPodSpecWasWrittenInTheRuntime() {
    TrainerRuntime runtime = TrainerDslTest.deepspeedA100();
    List<HasMetadata> objects = new ArrayList<>(runtime.toManifests());
    objects.addAll(
        TrainerJob.named("a").namespace("ml").runtime(runtime).numNodes(3).build().toManifests());

    FleetReport report =
        TestGpuspec.GPUSPEC.checkFleet(Fleet.of(Fixtures.A100_TRAIN), ManifestSet.of(objects));

    assertThat(report.violations()).isEmpty();
    assertThat(report.placements())
        .filteredOn(p -> p.workload().toString().equals("TrainJob/ml/a"))
        .extracting(
            FleetReport.Placement::role,
            FleetReport.Placement::pods,
            p -> p.written().object().toString())
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple("node", 2, "ClusterTrainingRuntime/deepspeed-a100"),
            org.assertj.core.groups.Tuple.tuple(
                "launcher", 1, "ClusterTrainingRuntime/deepspeed-a100"));
  }
}
