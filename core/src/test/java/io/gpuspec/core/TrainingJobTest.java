package io.gpuspec.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import org.junit.jupiter.api.Test;

class TrainingJobTest {

  private static TrainingJob.Builder resnet() {
    return TrainingJob.named("resnet50")
        .namespace("ml")
        .image("nvcr.io/nvidia/pytorch:24.08-py3")
        .gpus(8)
        .onPool(Fixtures.A100_TRAIN);
  }

  @Test
  void toJob_rendersRetryAndDeadlines() {
    Job job =
        resnet()
            .backoffLimit(2)
            .activeDeadlineSeconds(86_400L)
            .ttlSecondsAfterFinished(3600)
            .restartPolicy(TrainingJob.RestartPolicy.NEVER)
            .build()
            .toJob();
    assertThat(job.getSpec().getBackoffLimit()).isEqualTo(2);
    assertThat(job.getSpec().getActiveDeadlineSeconds()).isEqualTo(86_400L);
    assertThat(job.getSpec().getTtlSecondsAfterFinished()).isEqualTo(3600);
    assertThat(job.getSpec().getTemplate().getSpec().getRestartPolicy()).isEqualTo("Never");
  }

  @Test
  void toManifests_handsOutWhatBuildRenderedOnceThenFreshRenders() {
    TrainingJob job = resnet().backoffLimit(2).build();
    Job first = (Job) job.toManifests().get(0);
    first.getMetadata().getLabels().put("changed", "by the caller");
    Job second = (Job) job.toManifests().get(0);
    assertThat(second).isNotSameAs(first).isEqualTo(job.toJob());
    assertThat(second.getMetadata().getLabels()).doesNotContainKey("changed");
    assertThat(first.getSpec()).isEqualTo(job.toJob().getSpec());
  }

  @Test
  void toJob_defaultsToOnFailure() {
    assertThat(resnet().build().toJob().getSpec().getTemplate().getSpec().getRestartPolicy())
        .isEqualTo("OnFailure");
  }

  @Test
  void toJob_mountsScratchDatasetsAndSharedMemory() {
    PodSpec spec =
        resnet()
            .sharedMemory("16Gi")
            .addVolume(WorkloadVolume.scratch("/scratch", "500Gi", "local-nvme"))
            .addVolume(WorkloadVolume.dataset("imagenet", "/data", "imagenet-cephfs"))
            .build()
            .toJob()
            .getSpec()
            .getTemplate()
            .getSpec();
    assertThat(spec.getVolumes()).extracting("name").containsExactly("scratch", "imagenet", "dshm");
    assertThat(
            spec.getVolumes()
                .get(0)
                .getEphemeral()
                .getVolumeClaimTemplate()
                .getSpec()
                .getStorageClassName())
        .isEqualTo("local-nvme");
    assertThat(spec.getVolumes().get(1).getPersistentVolumeClaim().getReadOnly()).isTrue();
    assertThat(spec.getVolumes().get(2).getEmptyDir().getMedium()).isEqualTo("Memory");
    assertThat(spec.getContainers().get(0).getVolumeMounts())
        .extracting("mountPath")
        .containsExactly("/scratch", "/data", "/dev/shm");
  }

  @Test
  void toJob_emptyDirScratchHasSizeLimit() {
    PodSpec spec =
        resnet()
            .addVolume(WorkloadVolume.scratch("/scratch", "100Gi"))
            .build()
            .toJob()
            .getSpec()
            .getTemplate()
            .getSpec();
    assertThat(spec.getVolumes().get(0).getEmptyDir().getSizeLimit())
        .isEqualTo(new Quantity("100Gi"));
  }

  @Test
  void build_parallelismBeyondPoolCapacity_isAccepted_sinceAJobsPodsQueue() {
    // 5 pods of 8 GPUs on 32 GPUs: four run at once and the fifth waits, as the scheduler does
    assertThat(resnet().parallelism(5).completions(5).build().parallelism()).isEqualTo(5);
  }

  @Test
  void build_duplicateMountPath_fails() {
    assertThatThrownBy(
            () ->
                resnet()
                    .addVolume(WorkloadVolume.dataset("a", "/data", "a"))
                    .addVolume(WorkloadVolume.dataset("b", "/data", "b"))
                    .build())
        .isInstanceOf(InvalidSpecException.class)
        .hasMessageContaining(
            "Job/ml/resnet50 spec.template.spec.containers[0].volumeMounts[1].mountPath: mount path"
                + " \"/data\" is also used by spec.template.spec.containers[0].volumeMounts[0]");
  }

  @Test
  void build_negativeBackoff_fails() {
    assertThatThrownBy(() -> resnet().backoffLimit(-1).build())
        .isInstanceOf(InvalidSpecException.class)
        .hasMessageStartingWith("Job/ml/resnet50 spec.backoffLimit: -1 is negative");
  }

  @Test
  void build_relativeMountPath_fails() {
    assertThatThrownBy(() -> WorkloadVolume.scratch("scratch", "1Gi"))
        .isInstanceOf(InvalidSpecException.class)
        .hasMessageContaining("is not absolute");
  }

  @Test
  void build_rootUser_fails() {
    assertThatThrownBy(() -> resnet().runAsUser(0).build())
        .isInstanceOf(InvalidSpecException.class)
        .hasMessageContaining(
            "spec.template.spec.securityContext.runAsUser: runAsUser is 0 (root) but runAsNonRoot"
                + " is true");
  }

  @Test
  void build_poolButNoGpus_fails() {
    assertThatThrownBy(
            () ->
                TrainingJob.named("cpu")
                    .image("busybox:1.36")
                    .gpus(0)
                    .onPool(Fixtures.A100_TRAIN)
                    .build())
        .isInstanceOf(InvalidSpecException.class)
        .hasMessageContaining("requests no GPU");
  }
}
