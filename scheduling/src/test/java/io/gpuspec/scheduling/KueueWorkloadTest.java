package io.gpuspec.scheduling;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.gpuspec.core.InvalidSpecException;
import io.gpuspec.core.TestGpuspec;
import io.gpuspec.scheduling.testkind.PyTorchJob;
import org.junit.jupiter.api.Test;

class KueueWorkloadTest {

  private static final KueueLocalQueue TRAINING =
      KueueLocalQueue.named("training").namespace("ml").clusterQueue("ml").build();

  @Test
  void batchJob_getsTheQueueAndPriorityLabelsAndIsCreatedSuspended() {
    Job resnet = Workloads.job("resnet", "ml", 2, 8);

    Job queued =
        (Job)
            KueueWorkload.of(resnet)
                .queue(TRAINING)
                .priority(PriorityTier.trainingNormal())
                .build()
                .stamped();

    assertThat(queued.getMetadata().getLabels())
        .containsEntry("kueue.x-k8s.io/queue-name", "training")
        .containsEntry("kueue.x-k8s.io/priority-class", "training-normal")
        .containsEntry("app.kubernetes.io/name", "resnet");
    assertThat(queued.getSpec().getSuspend()).isTrue();
    assertThat(resnet.getSpec().getSuspend()).isNull();
    assertThat(resnet.getMetadata().getLabels()).doesNotContainKey("kueue.x-k8s.io/queue-name");
  }

  @Test
  void kubeflowJob_isSuspendedThroughItsRunPolicy() {
    PyTorchJob job = Workloads.pytorch("bert", "ml", 2, 1, null);

    PyTorchJob queued = (PyTorchJob) KueueWorkload.of(job).queue(TRAINING).build().stamped();

    assertThat(queued.getSpec().getRunPolicy().getSuspend()).isTrue();
    assertThat(queued.getMetadata().getLabels())
        .containsEntry("kueue.x-k8s.io/queue-name", "training");
  }

  @Test
  void deployment_isLabelledOnly() {
    Deployment serving = Workloads.deployment("llm", "ml", 2, 1);

    KueueWorkload queued = KueueWorkload.of(serving).queue(TRAINING).build();

    assertThat(queued.suspended()).isFalse();
    assertThat(queued.stamped().getMetadata().getLabels())
        .containsEntry("kueue.x-k8s.io/queue-name", "training");
  }

  @Test
  void gangQueuedInKueue_keepsTheGangAndPassesEveryRule() {
    WorkloadGang gang =
        WorkloadGang.of(TestGpuspec.GPUSPEC, Workloads.job("resnet", "ml", 2, 8)).build();
    KueueWorkload queued =
        KueueWorkload.of(gang.stamped())
            .queue(TRAINING)
            .priority(PriorityTier.trainingNormal())
            .build();
    KueueClusterQueue ml =
        KueueClusterQueue.named("ml")
            .addNamespace("ml")
            .resourceGroup(
                g ->
                    g.covers("cpu", "memory", "nvidia.com/gpu")
                        .flavor(
                            Fixtures.a100Flavor(),
                            f ->
                                f.quota("cpu", "64")
                                    .quota("memory", "512Gi")
                                    .quota("nvidia.com/gpu", "16")))
            .build();
    KueuePolicy kueue =
        KueuePolicy.builder()
            .addFlavors(Fixtures.a100Flavor())
            .addClusterQueues(ml)
            .addLocalQueues(TRAINING)
            .addAllWorkloadPriorities(PriorityTiers.standard().tiers())
            .build();

    io.gpuspec.core.Platform platform =
        io.gpuspec.core.Platform.builder()
            .addPools(Fixtures.A100_TRAIN)
            .add(PriorityTiers.standard(), kueue, gang.podGroup(), queued)
            .build();

    assertThat(TestGpuspec.GPUSPEC.check(platform).violations()).isEmpty();
    Job job = (Job) queued.stamped();
    assertThat(job.getSpec().getSuspend()).isTrue();
    assertThat(job.getSpec().getTemplate().getSpec().getSchedulerName()).isEqualTo("volcano");
  }

  @Test
  void workloadOfAnotherNamespace_failsAtBuild() {
    assertThatThrownBy(
            () -> KueueWorkload.of(Workloads.job("resnet", "vision", 1, 8)).queue(TRAINING).build())
        .isInstanceOf(InvalidSpecException.class)
        .hasMessage(
            "Job/vision/resnet metadata.labels[kueue.x-k8s.io/queue-name]: LocalQueue"
                + " \"vision/training\" does not exist: the set defines LocalQueue objects, but not"
                + " this one; Kueue never admits the workload, so it never runs (a LocalQueue of"
                + " that name is in namespace ml; a workload can only use its own namespace's"
                + " queues); add LocalQueue \"training\" to namespace \"vision\", or name a"
                + " LocalQueue of that namespace");
  }

  @Test
  void workloadQueuedElsewhere_failsAtBuild() {
    Job job = Workloads.job("resnet", "ml", 1, 8);
    job.getMetadata().getLabels().put("kueue.x-k8s.io/queue-name", "other");

    assertThatThrownBy(() -> KueueWorkload.of(job).queue(TRAINING).build())
        .isInstanceOf(InvalidSpecException.class)
        .hasMessageContaining("it already says kueue.x-k8s.io/queue-name: other");
  }
}
