package io.gpuspec.tfjob;

import static io.gpuspec.tfjob.TfFixtures.A100_TRAIN;
import static io.gpuspec.tfjob.TfFixtures.H100_TRAIN;
import static io.gpuspec.tfjob.TfFixtures.IMAGE;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.Quantity;
import io.gpuspec.core.GpuPlacement;
import io.gpuspec.core.InvalidSpecException;
import io.gpuspec.core.NodePool;
import io.gpuspec.core.kubeflow.ReplicaSpec;
import io.gpuspec.core.kubeflow.RunPolicy;
import io.gpuspec.tfjob.model.TFJob;
import org.junit.jupiter.api.Test;

class TfJobTest {

  private static PodSpec pod(TFJob job, String type) {
    return job.getSpec().getTfReplicaSpecs().get(type).getTemplate().getSpec();
  }

  private static Container tensorflow(TFJob job, String type) {
    return pod(job, type).getContainers().get(0);
  }

  @Test
  void toTfJob_rendersTypeMetaNameAndReplicaTypesInCanonicalOrder() {
    TFJob job =
        TfJob.named("mnist")
            .namespace("ml")
            .onPool(A100_TRAIN)
            .ps(2, p -> p.image(IMAGE).gpus(0))
            .workers(4, w -> w.image(IMAGE))
            .chief(c -> c.image(IMAGE))
            .build()
            .toTfJob();

    assertThat(job.getApiVersion()).isEqualTo("kubeflow.org/v1");
    assertThat(job.getKind()).isEqualTo("TFJob");
    assertThat(job.getMetadata().getName()).isEqualTo("mnist");
    assertThat(job.getMetadata().getNamespace()).isEqualTo("ml");
    assertThat(job.getMetadata().getLabels())
        .containsEntry("app.kubernetes.io/managed-by", "gpuspec");
    assertThat(job.getSpec().getTfReplicaSpecs()).containsOnlyKeys("Chief", "Worker", "PS");
    assertThat(job.getSpec().getTfReplicaSpecs().keySet()).containsExactly("Chief", "Worker", "PS");
    assertThat(job.getSpec().getTfReplicaSpecs().get("Worker").getReplicas()).isEqualTo(4);
  }

  @Test
  void toTfJob_containerIsTensorflowWithPort2222AndRequestsEqualLimits() {
    TFJob job = TfFixtures.mnist().toTfJob();

    Container worker = tensorflow(job, "Worker");
    assertThat(worker.getName()).isEqualTo("tensorflow");
    assertThat(worker.getPorts())
        .singleElement()
        .satisfies(
            port -> {
              assertThat(port.getName()).isEqualTo("tfjob-port");
              assertThat(port.getContainerPort()).isEqualTo(2222);
            });
    assertThat(worker.getResources().getLimits())
        .containsEntry("nvidia.com/gpu", new Quantity("1"))
        .isEqualTo(worker.getResources().getRequests());
  }

  @Test
  void toTfJob_gpuReplicasGetPoolTolerationsAndRequiredAffinity() {
    TFJob job = TfFixtures.mnist().toTfJob();
    GpuPlacement placement = GpuPlacement.on(A100_TRAIN);

    for (String type : new String[] {"Chief", "Worker"}) {
      assertThat(pod(job, type).getTolerations()).isEqualTo(placement.tolerations());
      assertThat(pod(job, type).getAffinity()).isEqualTo(placement.nodeAffinity());
    }
  }

  @Test
  void toTfJob_cpuOnlyPsHasNoPlacementAndNoGpu() {
    TFJob job =
        TfJob.named("mnist")
            .onPool(A100_TRAIN)
            .workers(2, w -> w.image(IMAGE))
            .ps(2, p -> p.image("tensorflow/tensorflow:2.15.0").gpus(0).cpu("4").memory("16Gi"))
            .build()
            .toTfJob();

    PodSpec ps = pod(job, "PS");
    assertThat(ps.getAffinity()).isNull();
    assertThat(ps.getTolerations()).isEmpty();
    assertThat(tensorflow(job, "PS").getResources().getLimits())
        .containsOnlyKeys("cpu", "memory")
        .containsEntry("cpu", new Quantity("4"));
  }

  @Test
  void toTfJob_rendersRestartPolicyAndNoPodRestartPolicy() {
    TFJob job = TfFixtures.mnist().toTfJob();

    ReplicaSpec worker = job.getSpec().getTfReplicaSpecs().get("Worker");
    assertThat(worker.getRestartPolicy()).isEqualTo("OnFailure");
    assertThat(worker.getTemplate().getSpec().getRestartPolicy()).isNull();
  }

  @Test
  void toTfJob_rendersRunPolicySchedulingPolicyAndSuccessPolicy() {
    TFJob job =
        TfJob.named("mnist")
            .onPool(A100_TRAIN)
            .workers(4, w -> w.image(IMAGE))
            .cleanPodPolicy(CleanPodPolicy.RUNNING)
            .ttlSecondsAfterFinished(600)
            .activeDeadlineSeconds(86_400L)
            .backoffLimit(3)
            .suspend(false)
            .schedulingPolicy(
                s ->
                    s.minAvailable(4)
                        .queue("research")
                        .priorityClass("train")
                        .scheduleTimeoutSeconds(300))
            .successPolicy(SuccessPolicy.ALL_WORKERS)
            .enableDynamicWorker(true)
            .build()
            .toTfJob();

    RunPolicy run = job.getSpec().getRunPolicy();
    assertThat(run.getCleanPodPolicy()).isEqualTo("Running");
    assertThat(run.getTtlSecondsAfterFinished()).isEqualTo(600);
    assertThat(run.getActiveDeadlineSeconds()).isEqualTo(86_400L);
    assertThat(run.getBackoffLimit()).isEqualTo(3);
    assertThat(run.getSuspend()).isFalse();
    assertThat(run.getSchedulingPolicy().getMinAvailable()).isEqualTo(4);
    assertThat(run.getSchedulingPolicy().getQueue()).isEqualTo("research");
    assertThat(run.getSchedulingPolicy().getPriorityClass()).isEqualTo("train");
    assertThat(run.getSchedulingPolicy().getScheduleTimeoutSeconds()).isEqualTo(300);
    assertThat(job.getSpec().getSuccessPolicy()).isEqualTo("AllWorkers");
    assertThat(job.getSpec().getEnableDynamicWorker()).isTrue();
  }

  @Test
  void toTfJob_replicaPoolOverridesJobPool() {
    NodePool zoneB =
        NodePool.from(A100_TRAIN)
            .name("a100-zone-b")
            .putExtraLabel("topology.kubernetes.io/zone", "b")
            .build();
    TFJob job =
        TfJob.named("mnist")
            .onPool(A100_TRAIN)
            .chief(c -> c.image(IMAGE).onPool(zoneB))
            .workers(2, w -> w.image(IMAGE))
            .build()
            .toTfJob();

    assertThat(pod(job, "Chief").getAffinity()).isEqualTo(GpuPlacement.on(zoneB).nodeAffinity());
    assertThat(pod(job, "Worker").getAffinity())
        .isEqualTo(GpuPlacement.on(A100_TRAIN).nodeAffinity());
  }

  @Test
  void onFirstFitting_picksFirstPoolThatHoldsTheJob() {
    TfJob fits =
        TfJob.named("a")
            .onFirstFitting(A100_TRAIN, H100_TRAIN)
            .workers(4, w -> w.image(IMAGE))
            .build();
    // 20 GPUs: more than the H100 pool's 16, within the A100 pool's 32.
    TfJob big =
        TfJob.named("b")
            .onFirstFitting(H100_TRAIN, A100_TRAIN)
            .workers(20, w -> w.image(IMAGE))
            .build();

    assertThat(fits.jobPlacement()).map(GpuPlacement::pool).contains(A100_TRAIN);
    assertThat(big.jobPlacement()).map(GpuPlacement::pool).contains(A100_TRAIN);
  }

  @Test
  void onFirstFitting_failsWhenNoPoolHoldsTheJob() {
    assertThatThrownBy(
            () ->
                TfJob.named("huge")
                    .onFirstFitting(H100_TRAIN)
                    .workers(17, w -> w.image(IMAGE))
                    .build())
        .isInstanceOf(InvalidSpecException.class)
        .hasMessageContaining("tfjob \"huge\" candidatePools")
        .hasMessageContaining("17 GPUs");
  }

  @Test
  void build_rejectsOnPoolTogetherWithOnFirstFitting() {
    assertThatThrownBy(
            () ->
                TfJob.named("mnist")
                    .onPool(A100_TRAIN)
                    .onFirstFitting(H100_TRAIN)
                    .workers(1, w -> w.image(IMAGE))
                    .build())
        .isInstanceOf(InvalidSpecException.class)
        .hasMessageContaining("both onPool and onFirstFitting");
  }

  @Test
  void build_rejectsNameThatIsNotDns1035() {
    assertThatThrownBy(
            () -> TfJob.named("1mnist").onPool(A100_TRAIN).workers(1, w -> w.image(IMAGE)).build())
        .isInstanceOf(InvalidSpecException.class)
        .hasMessageContaining("metadata.name: \"1mnist\" is not a DNS-1035 label")
        .hasMessageContaining("rename it, e.g. to \"mnist\"");
  }

  @Test
  void build_rejectsChiefTogetherWithMaster() {
    assertThatThrownBy(
            () ->
                TfJob.named("mnist")
                    .onPool(A100_TRAIN)
                    .chief(c -> c.image(IMAGE))
                    .master(m -> m.image(IMAGE))
                    .build())
        .isInstanceOf(InvalidSpecException.class)
        .hasMessageContaining("both a Chief and a Master");
  }

  @Test
  void build_rejectsChiefWithMoreThanOneReplica() {
    assertThatThrownBy(
            () ->
                TfJob.named("mnist")
                    .onPool(A100_TRAIN)
                    .addReplicaSpec(
                        TfReplica.builder(ReplicaType.CHIEF).replicas(2).image(IMAGE).build())
                    .build())
        .isInstanceOf(InvalidSpecException.class)
        .hasMessage(
            "TFJob/default/mnist spec.tfReplicaSpecs.Chief.replicas: Chief has 2 replicas; set"
                + " replicas to 1 and run further pods as Worker replicas")
        .extracting(e -> ((InvalidSpecException) e).ruleId())
        .isEqualTo(java.util.Optional.of("TFJ002"));
  }

  @Test
  void build_rejectsGpuReplicasOnPoolsOfTwoModels() {
    assertThatThrownBy(
            () ->
                TfJob.named("mnist")
                    .onPool(A100_TRAIN)
                    .chief(c -> c.image(IMAGE).onPool(H100_TRAIN))
                    .workers(2, w -> w.image(IMAGE))
                    .build())
        .isInstanceOf(InvalidSpecException.class)
        .hasMessageStartingWith(
            "TFJob/default/mnist spec.tfReplicaSpecs.Worker.template.spec: Chief pinned to "
                + H100_TRAIN.modelLabel()
                + " but Worker to "
                + A100_TRAIN.modelLabel()
                + "; replicas that train together must run on one GPU model;")
        .extracting(e -> ((InvalidSpecException) e).ruleId())
        .isEqualTo(java.util.Optional.of("GPU004"));
  }

  @Test
  void build_cpuReplicaNeedsNoPoolOfTheJobsModel() {
    TfJob job =
        TfJob.named("mnist")
            .onPool(A100_TRAIN)
            .workers(2, w -> w.image(IMAGE))
            .ps(1, p -> p.image(IMAGE).gpus(0))
            .build();

    assertThat(job.nodePools()).containsExactly(A100_TRAIN);
  }

  @Test
  void build_rejectsReplicaTypeGivenTwice() {
    assertThatThrownBy(
            () ->
                TfJob.named("mnist")
                    .onPool(A100_TRAIN)
                    .workers(2, w -> w.image(IMAGE))
                    .workers(2, w -> w.image(IMAGE))
                    .build())
        .isInstanceOf(InvalidSpecException.class)
        .hasMessageContaining("Worker: the replica type is given twice");
  }

  @Test
  void build_rejectsGpuReplicaWithoutPool() {
    assertThatThrownBy(() -> TfJob.named("mnist").workers(2, w -> w.image(IMAGE)).build())
        .isInstanceOf(InvalidSpecException.class)
        .hasMessageContaining("tfjob \"mnist\" Worker pool")
        .hasMessageContaining("call .onPool(pool)");
  }

  @Test
  void build_rejectsDifferentGpuCountsOfTrainingReplicas() {
    assertThatThrownBy(
            () ->
                TfJob.named("mnist")
                    .onPool(A100_TRAIN)
                    .chief(c -> c.image(IMAGE).gpus(2))
                    .workers(2, w -> w.image(IMAGE).gpus(1))
                    .build())
        .isInstanceOf(InvalidSpecException.class)
        .hasMessageContaining(
            "TFJob/default/mnist spec.tfReplicaSpecs: training replicas request different GPU"
                + " counts per pod (Chief 2, Worker 1)")
        .extracting(e -> ((InvalidSpecException) e).ruleId())
        .isEqualTo(java.util.Optional.of("TFJ004"));
  }

  @Test
  void build_rejectsMinAvailableAboveTotalReplicas() {
    assertThatThrownBy(
            () ->
                TfJob.named("mnist")
                    .onPool(A100_TRAIN)
                    .workers(2, w -> w.image(IMAGE))
                    .schedulingPolicy(s -> s.minAvailable(3))
                    .build())
        .isInstanceOf(InvalidSpecException.class)
        .hasMessage(
            "TFJob/default/mnist spec.runPolicy.schedulingPolicy.minAvailable: the gang waits for 3"
                + " pods but the job creates 2, so it never starts; set minAvailable to at most 2")
        .extracting(e -> ((InvalidSpecException) e).ruleId())
        .isEqualTo(java.util.Optional.of("TFJ006"));
  }

  @Test
  void build_rejectsMoreGpusThanThePoolHas() {
    assertThatThrownBy(
            () ->
                TfJob.named("mnist")
                    .onPool(H100_TRAIN)
                    .workers(9, w -> w.image(IMAGE).gpus(2))
                    .build())
        .isInstanceOf(InvalidSpecException.class)
        .hasMessageContaining("18 GPUs at once on pool \"h100-train\", which has 16");
  }

  @Test
  void build_rejectsMoreGpusPerPodThanANodeHas() {
    assertThatThrownBy(
            () ->
                TfJob.named("mnist")
                    .onPool(H100_TRAIN)
                    .workers(1, w -> w.image(IMAGE).gpus(9))
                    .build())
        .isInstanceOf(InvalidSpecException.class)
        .hasMessageContaining(
            "spec.tfReplicaSpecs.Worker.template.spec.containers: the pod requests 9 GPUs per pod"
                + " but the nodes of the pools it selects have at most 8");
  }

  @Test
  void build_rejectsJobWithoutReplicas() {
    assertThatThrownBy(() -> TfJob.named("mnist").onPool(A100_TRAIN).build())
        .isInstanceOf(InvalidSpecException.class)
        .hasMessageContaining("there are no replicas");
  }
}
