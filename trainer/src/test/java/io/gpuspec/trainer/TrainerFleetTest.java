package io.gpuspec.trainer;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.gpuspec.core.Fixtures;
import io.gpuspec.core.Fleet;
import io.gpuspec.core.GpuCatalogue;
import io.gpuspec.core.NodePool;
import io.gpuspec.core.TestGpuspec;
import io.gpuspec.core.TopologyLevel;
import io.gpuspec.core.TopologySpread;
import io.gpuspec.core.fleet.DomainFit;
import io.gpuspec.core.fleet.FleetReport;
import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.report.Violation;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The fleet check on TrainJobs: per-role answers on the merged templates, and a pod spec that fits
 * no pool reported where it was written (the runtime's template), once however many TrainJobs use
 * the runtime; a runtime's topology annotation holds each TrainJob's nodes within one domain.
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

  private static final TopologyLevel IB_DOMAIN =
      TopologyLevel.of("ib-domain", "topology.example.com/ib-domain");

  /** Four 8-GPU H100 nodes in two IB domains of two nodes each. */
  private static final NodePool H100_IB =
      NodePool.named("h100-ib")
          .model(GpuCatalogue.H100_80GB_SXM)
          .gpusPerNode(8)
          .nodeCount(4)
          .spread(TopologySpread.over(IB_DOMAIN).domain("ib1", 2).domain("ib2", 2))
          .build();

  private static FleetReport inOneIbDomain(int numNodes) {
    TrainerRuntime runtime =
        TrainerRuntime.named("torch-h100")
            .onPool(H100_IB)
            .image(TrainerDslTest.IMAGE)
            .putNodeAnnotation(DomainFit.REQUIRED, IB_DOMAIN.key())
            .build();
    List<HasMetadata> objects = new ArrayList<>(runtime.toManifests());
    objects.addAll(
        TrainerJob.named("llama")
            .namespace("ml")
            .runtime(runtime)
            .numNodes(numNodes)
            .build()
            .toManifests());
    return TestGpuspec.GPUSPEC.checkFleet(Fleet.of(H100_IB), ManifestSet.of(objects));
  }

  @Test
  void aTrainJobWhoseRuntimeRequiresOneIbDomain_fitsWhereADomainHoldsItsNodes() {
    FleetReport report = inOneIbDomain(2);

    assertThat(report.violations()).isEmpty();
    assertThat(report.domains())
        .filteredOn(a -> a.workload().toString().equals("TrainJob/ml/llama"))
        .singleElement()
        .satisfies(
            a -> {
              assertThat(a.role()).isEqualTo("node");
              assertThat(a.pods()).isEqualTo(2);
              assertThat(a.fits()).isTrue();
              assertThat(a.fitsIn())
                  .containsExactly(
                      "topology.example.com/ib-domain=ib1", "topology.example.com/ib-domain=ib2");
            });
  }

  @Test
  void aTrainJobNeedingMoreGpusThanAnyIbDomain_isFleet004() {
    List<Violation> found =
        inOneIbDomain(3).violations().stream()
            .filter(v -> v.ruleId().equals(DomainFit.NOT_WITHIN_DOMAIN))
            .toList();

    assertThat(found)
        .singleElement()
        .satisfies(
            v -> {
              assertThat(v.severity()).isEqualTo(Severity.ERROR);
              assertThat(v.object().toString()).isEqualTo("TrainJob/ml/llama");
              assertThat(v.message())
                  .contains(
                      "its 3 pods (24 GPUs) must run within one domain of"
                          + " topology.example.com/ib-domain",
                      "holds 2 pods (16 GPUs)");
            });
  }
}
