package io.gpuspec.tfjob;

import static io.gpuspec.tfjob.TfFixtures.A100_TRAIN;
import static io.gpuspec.tfjob.TfFixtures.IMAGE;
import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.gpuspec.core.TestGpuspec;
import io.gpuspec.core.spi.PodTemplate;
import io.gpuspec.core.spi.Workload;
import org.junit.jupiter.api.Test;

class TfJobWorkloadAdapterTest {

  private static Workload workload(TfJob job) {
    return TestGpuspec.workload(job.toTfJob()).orElseThrow();
  }

  @Test
  void adapt_givesOneTemplatePerReplicaTypeWithRolePathAndReplicas() {
    Workload workload =
        workload(
            TfJob.named("mnist")
                .onPool(A100_TRAIN)
                .chief(c -> c.image(IMAGE))
                .workers(4, w -> w.image(IMAGE))
                .ps(2, p -> p.image(IMAGE).gpus(0))
                .build());

    assertThat(workload.templates())
        .extracting(PodTemplate::role, PodTemplate::specPath, PodTemplate::replicas)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple(
                "Chief", "spec.tfReplicaSpecs.Chief.template.spec", 1),
            org.assertj.core.groups.Tuple.tuple(
                "Worker", "spec.tfReplicaSpecs.Worker.template.spec", 4),
            org.assertj.core.groups.Tuple.tuple("PS", "spec.tfReplicaSpecs.PS.template.spec", 2));
    assertThat(workload.templates().get(1).metadataPath())
        .isEqualTo("spec.tfReplicaSpecs.Worker.template.metadata");
    assertThat(workload.distributed()).isTrue();
  }

  @Test
  void adapt_singlePodJobIsNotDistributed() {
    assertThat(
            workload(TfJob.named("one").onPool(A100_TRAIN).workers(1, w -> w.image(IMAGE)).build())
                .distributed())
        .isFalse();
  }

  @Test
  void adapt_twoWorkersAreDistributed() {
    assertThat(
            workload(TfJob.named("two").onPool(A100_TRAIN).workers(2, w -> w.image(IMAGE)).build())
                .distributed())
        .isTrue();
  }

  @Test
  void adapt_twoReplicaTypesOfOnePodEachAreDistributed() {
    assertThat(
            workload(
                    TfJob.named("pair")
                        .onPool(A100_TRAIN)
                        .chief(c -> c.image(IMAGE))
                        .evaluator(e -> e.image(IMAGE).gpus(0))
                        .build())
                .distributed())
        .isTrue();
  }

  @Test
  void adapt_ignoresOtherKinds() {
    assertThat(
            TestGpuspec.workload(
                new ConfigMapBuilder().withNewMetadata().withName("c").endMetadata().build()))
        .isEmpty();
  }
}
