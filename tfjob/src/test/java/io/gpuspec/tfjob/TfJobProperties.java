package io.gpuspec.tfjob;

import static org.assertj.core.api.Assertions.assertThat;

import io.gpuspec.core.Fleet;
import io.gpuspec.core.GpuPlacement;
import io.gpuspec.core.NodePool;
import io.gpuspec.core.TestGpuspec;
import io.gpuspec.core.check.CheckOptions;
import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.report.Report;
import io.gpuspec.core.spi.PodTemplate;
import io.gpuspec.tfjob.model.TFJob;
import java.util.List;
import java.util.Optional;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

class TfJobProperties {

  private static Report strictCheck(TfJob job, List<NodePool> pools) {
    return strictCheck(job.toTfJob(), pools);
  }

  private static Report strictCheck(TFJob job, List<NodePool> pools) {
    return TestGpuspec.GPUSPEC
        .engine()
        .check(
            ManifestSet.of(job),
            CheckOptions.builder().fleet(Fleet.of(pools)).strict(true).build());
  }

  @Provide
  Arbitrary<TfJob> jobs() {
    return TfJobArbitraries.pools("train").flatMap(TfJobArbitraries::jobs);
  }

  @Provide
  Arbitrary<List<Object>> jobsWithPool() {
    return TfJobArbitraries.pools("train")
        .flatMap(pool -> TfJobArbitraries.jobs(pool).map(job -> List.<Object>of(job, pool)));
  }

  @Provide
  Arbitrary<List<Object>> jobsOnTwoModels() {
    return TfJobArbitraries.poolsOfTwoModels()
        .flatMap(
            pools ->
                TfJobArbitraries.jobsOnTwoPools(pools).map(job -> List.<Object>of(job, pools)));
  }

  @Property(tries = 200)
  void anyDslBuiltJobPassesEveryRule(@ForAll("jobsWithPool") List<Object> jobAndPool) {
    TfJob job = (TfJob) jobAndPool.get(0);
    NodePool pool = (NodePool) jobAndPool.get(1);

    Report report = strictCheck(job, List.of(pool));

    assertThat(report.violations()).as(report.summary()).isEmpty();
  }

  @Property(tries = 200)
  @SuppressWarnings("unchecked")
  void jobOnPoolsOfTwoModelsFiresGpu004(@ForAll("jobsOnTwoModels") List<Object> jobAndPools) {
    TFJob job = (TFJob) jobAndPools.get(0);
    List<NodePool> pools = (List<NodePool>) jobAndPools.get(1);

    Report report = strictCheck(job, pools);

    assertThat(report.byRule("GPU004"))
        .isNotEmpty()
        .allSatisfy(v -> assertThat(v.object().name()).isEqualTo(job.getMetadata().getName()));
  }

  @Property(tries = 200)
  void gpu004NeverFiresWhenAllGpuReplicasShareAPool(
      @ForAll("jobsWithPool") List<Object> jobAndPool) {
    TfJob job = (TfJob) jobAndPool.get(0);
    NodePool pool = (NodePool) jobAndPool.get(1);

    assertThat(strictCheck(job, List.of(pool)).byRule("GPU004")).isEmpty();
  }

  @Provide
  Arbitrary<List<Object>> jobsPreferringTwoPools() {
    return TfJobArbitraries.poolsOfTwoModels()
        .flatMap(
            pools ->
                TfJobArbitraries.jobs(
                        pools.get(0), job -> job.onFirstFitting(pools.get(0), pools.get(1)))
                    .map(job -> List.<Object>of(job, pools)));
  }

  @Property(tries = 200)
  @SuppressWarnings("unchecked")
  void onFirstFittingPinsEveryGpuReplicaToThePreferredPool(
      @ForAll("jobsPreferringTwoPools") List<Object> jobAndPools) {
    TfJob job = (TfJob) jobAndPools.get(0);
    List<NodePool> pools = (List<NodePool>) jobAndPools.get(1);

    assertThat(
            job.replicaSpecs().stream()
                .map(job::placementOf)
                .flatMap(Optional::stream)
                .map(GpuPlacement::pool)
                .distinct())
        .containsExactly(pools.get(0));
    assertThat(strictCheck(job, pools).byRule("GPU004")).isEmpty();
  }

  @Property
  void adapterSeesEveryPodOfTheJob(@ForAll("jobs") TfJob job) {
    List<PodTemplate> templates = TestGpuspec.workload(job.toTfJob()).orElseThrow().templates();

    assertThat(templates.stream().mapToInt(PodTemplate::replicas).sum())
        .isEqualTo(job.totalReplicas());
    assertThat(templates).extracting(PodTemplate::role).doesNotHaveDuplicates();
  }
}
