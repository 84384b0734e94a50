package io.gpuspec.examples;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.api.model.scheduling.v1.PriorityClass;
import io.gpuspec.core.TestGpuspec;
import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.spi.PodTemplate;
import io.gpuspec.core.spi.Workload;
import io.gpuspec.scheduling.model.kueue.ClusterQueue;
import io.gpuspec.scheduling.model.kueue.LocalQueue;
import io.gpuspec.scheduling.model.kueue.WorkloadPriorityClass;
import io.gpuspec.scheduling.model.volcano.PodGroup;
import io.gpuspec.scheduling.model.volcano.Queue;
import io.gpuspec.tfjob.model.TFJob;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** The reference platform's scheduling policy, as rendered objects. */
class ReferenceSchedulingTest {

  private static final ManifestSet SET = TestGpuspec.GPUSPEC.manifests(ReferencePlatform.build());

  @Test
  void threeTiers_asPriorityClassesAndWorkloadPriorityClasses_experimentLowTheOnlyDefault() {
    assertThat(SET.ofType(PriorityClass.class))
        .extracting(p -> p.getMetadata().getName() + "=" + p.getValue())
        .containsExactly(
            "experiment-low=100000", "inference-critical=1000000", "training-normal=500000");
    assertThat(SET.ofType(PriorityClass.class))
        .filteredOn(p -> Boolean.TRUE.equals(p.getGlobalDefault()))
        .extracting(p -> p.getMetadata().getName())
        .containsExactly("experiment-low");
    assertThat(SET.ofType(PriorityClass.class))
        .filteredOn(p -> p.getMetadata().getName().equals("inference-critical"))
        .extracting(PriorityClass::getPreemptionPolicy)
        .containsExactly("Never");
    assertThat(SET.ofType(WorkloadPriorityClass.class)).hasSize(3);
  }

  @Test
  void everyBatchJob_isQueuedInItsTeamsLocalQueueAndSuspended_alwaysOnServicesAreNot() {
    List<HasMetadata> training =
        SET.objects().stream()
            .filter(o -> o instanceof Job || o instanceof TFJob)
            .filter(o -> !o.getMetadata().getName().equals("tokenize-corpus"))
            .toList();
    assertThat(training).hasSize(6);
    // preprocessing without GPUs runs on the CPU pool, outside the teams' GPU queues
    assertThat(SET.ofType(Job.class))
        .filteredOn(j -> j.getMetadata().getName().equals("tokenize-corpus"))
        .singleElement()
        .satisfies(
            j ->
                assertThat(j.getMetadata().getLabels())
                    .doesNotContainKey("kueue.x-k8s.io/queue-name"));
    for (HasMetadata job : training) {
      String queue = job.getMetadata().getLabels().get("kueue.x-k8s.io/queue-name");
      assertThat(queue)
          .as(job.getMetadata().getName())
          .isEqualTo(job.getMetadata().getNamespace().equals("serving") ? "batch" : "training");
      assertThat(SET.ofType(LocalQueue.class))
          .anyMatch(
              q ->
                  q.getMetadata().getName().equals(queue)
                      && q.getMetadata().getNamespace().equals(job.getMetadata().getNamespace()));
      boolean suspended =
          job instanceof Job batch
              ? batch.getSpec().getSuspend()
              : ((TFJob) job).getSpec().getRunPolicy().getSuspend();
      assertThat(suspended).as(job.getMetadata().getName()).isTrue();
    }
    assertThat(SET.ofType(Deployment.class))
        .allSatisfy(
            d -> {
              assertThat(d.getMetadata().getLabels())
                  .doesNotContainKey("kueue.x-k8s.io/queue-name");
              assertThat(d.getSpec().getTemplate().getSpec().getPriorityClassName())
                  .isEqualTo(
                      d.getMetadata().getNamespace().equals("serving")
                          ? "inference-critical"
                          : "training-normal"); // notebooks
            });
  }

  @Test
  void distributedJobs_areGangsOfAllTheirPods_inTheirTeamsVolcanoQueue() {
    Map<String, PodGroup> groups =
        SET.ofType(PodGroup.class).stream()
            .collect(Collectors.toMap(g -> g.getMetadata().getName(), g -> g));
    assertThat(groups).containsOnlyKeys("bert-h100", "llama-finetune-h100", "mnist-a100");
    for (PodGroup group : groups.values()) {
      HasMetadata workload =
          SET.objects().stream()
              .filter(o -> !(o instanceof PodGroup))
              .filter(o -> o.getMetadata().getName().equals(group.getMetadata().getName()))
              .findFirst()
              .orElseThrow();
      Workload view = TestGpuspec.workload(workload).orElseThrow();
      int pods = view.templates().stream().mapToInt(PodTemplate::replicas).sum();
      assertThat(group.getSpec().getMinMember()).as(group.getMetadata().getName()).isEqualTo(pods);
      assertThat(group.getSpec().getQueue()).isEqualTo(group.getMetadata().getNamespace());
      assertThat(view.templates())
          .allSatisfy(
              t ->
                  assertThat(t.metadata().getAnnotations())
                      .containsEntry(
                          "scheduling.k8s.io/group-name", group.getMetadata().getName()));
    }
    assertThat(groups.get("mnist-a100").getSpec().getMinMember()).isEqualTo(7); // chief, 4, 2 PS
    assertThat(SET.ofType(Queue.class))
        .extracting(q -> q.getMetadata().getName())
        .containsExactly("ml-research", "serving", "vision");
  }

  @Test
  void teamQueues_shareOneCohortAndBorrowWithinLimits() {
    assertThat(SET.ofType(ClusterQueue.class))
        .allSatisfy(
            q -> {
              assertThat(q.getSpec().getCohortName()).isEqualTo("training");
              assertThat(q.getSpec().getResourceGroups().get(0).getFlavors())
                  .allSatisfy(
                      f -> assertThat(f.getResources().get(2).getBorrowingLimit()).isNotNull());
            })
        .extracting(q -> q.getMetadata().getName())
        .containsExactly("ml-research", "serving", "vision");
  }
}
