package io.gpuspec.examples;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.Quantity;
import io.gpuspec.core.Platform;
import io.gpuspec.core.TestGpuspec;
import io.gpuspec.scheduling.PriorityTier;
import io.gpuspec.scheduling.PriorityTiers;
import io.gpuspec.scheduling.WorkloadGang;
import io.gpuspec.tfjob.TfJob;
import io.gpuspec.tfjob.model.TFJob;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/**
 * Gangs of real TFJobs, made by the scheduling module through the engine's workload adapters
 * without naming TFJob: the PodGroup's minMember is every pod the job creates and its GPUs are the
 * job's, the TFJob's schedulingPolicy agrees, and the result passes every rule on its pool.
 */
class TfJobGangProperties {

  private static final String IMAGE = "tensorflow/tensorflow:2.15.0-gpu";

  private static TfJob job(boolean chief, int workers, int ps, int gpus) {
    TfJob.Builder job = TfJob.named("mnist").namespace("ml").onPool(ReferencePlatform.A100_TRAIN);
    if (chief) {
      job.chief(c -> c.image(IMAGE).gpus(gpus));
    }
    job.workers(workers, w -> w.image(IMAGE).gpus(gpus));
    if (ps > 0) {
      job.ps(ps, p -> p.image(IMAGE).gpus(0).cpu("4").memory("16Gi"));
    }
    return job.build();
  }

  @Example
  void chiefAndFourWorkers_isAGangOfFive() {
    WorkloadGang gang = WorkloadGang.of(TestGpuspec.GPUSPEC, job(true, 4, 0, 1).toTfJob()).build();

    assertThat(gang.podGroup().toPodGroup().getSpec().getMinMember()).isEqualTo(5);
    assertThat(((TFJob) gang.stamped()).getSpec().getRunPolicy().getSchedulingPolicy())
        .satisfies(p -> assertThat(p.getMinAvailable()).isEqualTo(5));
  }

  @Property(tries = 100)
  void gangMinMemberEqualsThePodsOfAnyTfJobShape(
      @ForAll boolean chief,
      @ForAll @IntRange(min = 1, max = 7) int workers, // at most 32 GPUs: the A100 pool
      @ForAll @IntRange(max = 3) int ps,
      @ForAll @IntRange(min = 1, max = 4) int gpus) {
    TfJob job = job(chief, workers, ps, gpus);
    int pods = (chief ? 1 : 0) + workers + ps;
    int jobGpus = ((chief ? 1 : 0) + workers) * gpus;

    WorkloadGang gang =
        WorkloadGang.of(TestGpuspec.GPUSPEC, job.toTfJob())
            .priority(PriorityTier.trainingNormal())
            .build();

    assertThat(gang.podsCreated()).isEqualTo(job.totalReplicas()).isEqualTo(pods);
    assertThat(gang.podGroup().toPodGroup().getSpec().getMinMember()).isEqualTo(pods);
    assertThat(gang.podGroup().toPodGroup().getSpec().getMinResources().get("nvidia.com/gpu"))
        .isEqualTo(new Quantity(Integer.toString(jobGpus)));
    TFJob stamped = (TFJob) gang.stamped();
    assertThat(stamped.getSpec().getRunPolicy().getSchedulingPolicy().getMinAvailable())
        .isEqualTo(pods);
    assertThat(stamped.getSpec().getTfReplicaSpecs().values())
        .allSatisfy(
            r -> assertThat(r.getTemplate().getSpec().getSchedulerName()).isEqualTo("volcano"));
    Platform platform =
        Platform.builder()
            .addPools(ReferencePlatform.A100_TRAIN)
            .add(PriorityTiers.standard(), gang)
            .build();
    assertThat(TestGpuspec.GPUSPEC.check(platform).violations()).isEmpty();
  }
}
