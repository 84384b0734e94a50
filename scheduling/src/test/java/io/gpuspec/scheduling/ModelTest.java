package io.gpuspec.scheduling;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Quantity;
import io.gpuspec.core.TestGpuspec;
import io.gpuspec.core.manifest.ReadResult;
import io.gpuspec.core.manifest.YamlRenderer;
import io.gpuspec.scheduling.model.kueue.ClusterQueue;
import io.gpuspec.scheduling.model.kueue.Cohort;
import io.gpuspec.scheduling.model.kueue.LocalQueue;
import io.gpuspec.scheduling.model.kueue.ResourceFlavor;
import io.gpuspec.scheduling.model.kueue.WorkloadPriorityClass;
import io.gpuspec.scheduling.model.volcano.PodGroup;
import io.gpuspec.scheduling.model.volcano.Queue;
import io.gpuspec.scheduling.model.volcano.batch.Job;
import io.gpuspec.scheduling.model.volcano.batch.TaskSpec;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.dataformat.yaml.YAMLMapper;

/** The model classes read back what they render, and keep fields they do not name. */
class ModelTest {

  private static final YAMLMapper YAML = YAMLMapper.builder().build();

  private static <T extends HasMetadata> T readBack(T object, Class<T> type) {
    return YAML.readValue(YamlRenderer.render(object), type);
  }

  @Test
  void everyModelClass_readsBackWhatItRenders() {
    List<HasMetadata> objects =
        List.of(
            VolcanoQueue.named("q")
                .putCapability("nvidia.com/gpu", "8")
                .putDeserved("nvidia.com/gpu", "6")
                .putGuarantee("nvidia.com/gpu", "4")
                .build()
                .toQueue(),
            Gang.named("g")
                .namespace("ml")
                .pods(2)
                .putPerPod("nvidia.com/gpu", "4")
                .build()
                .podGroup()
                .toPodGroup(),
            Fixtures.a100Flavor().toResourceFlavor(),
            Fixtures.teamQueue("vision").toClusterQueue(),
            KueueLocalQueue.named("training")
                .namespace("vision")
                .clusterQueue("vision")
                .build()
                .toLocalQueue(),
            KueueCohort.named("gpu").parent("org").fairSharingWeight("0.5").build().toCohort(),
            PriorityTier.trainingNormal().toWorkloadPriorityClass());

    for (HasMetadata object : objects) {
      assertThat(readBack(object, typed(object))).as(object.getKind()).isEqualTo(object);
    }
  }

  @SuppressWarnings("unchecked")
  private static <T extends HasMetadata> Class<T> typed(T object) {
    return (Class<T>) object.getClass();
  }

  @Test
  void unknownFields_areKeptAsAdditionalProperties() {
    String yaml =
        "apiVersion: scheduling.volcano.sh/v1beta1\n"
            + "kind: Queue\n"
            + "metadata: {name: q}\n"
            + "spec: {weight: 2, capability: {nvidia.com/gpu: \"8\"}, dequeueStrategy: fifo, futureField: 3}\n"
            + "status: {state: Open}\n";

    Queue queue = YAML.readValue(yaml, Queue.class);

    assertThat(queue.getSpec().getWeight()).isEqualTo(2);
    assertThat(queue.getSpec().getCapability()).containsEntry("nvidia.com/gpu", new Quantity("8"));
    assertThat(queue.getSpec().getDequeueStrategy()).isEqualTo("fifo");
    assertThat(queue.getSpec().getAdditionalProperties()).containsEntry("futureField", 3);
    assertThat(queue.getAdditionalProperties()).containsKey("status");
  }

  @Test
  void volcanoJob_readsTypedFromYamlAndRendersBackTheSameObject() {
    ReadResult read = TestGpuspec.read(Path.of("src/test/resources/upstream/volcano-mpi-job.yaml"));
    Job job = read.manifests().ofType(Job.class).get(0);

    assertThat(read.problems()).isEmpty();
    assertThat(job.getSpec().getPlugins()).containsKeys("ssh", "svc");
    assertThat(job.getSpec().getTasks())
        .extracting(TaskSpec::getName)
        .containsExactly("mpimaster", "mpiworker");
    assertThat(job.getSpec().getTasks().get(0).getPolicies().get(0).getAction())
        .isEqualTo("CompleteJob");
    assertThat(job.getSpec().getTasks().get(1).getTopologyPolicy()).isEqualTo("best-effort");
    assertThat(readBack(job, Job.class)).isEqualTo(job);
    assertThat(TestGpuspec.read(YamlRenderer.render(job), "again.yaml").manifests().objects())
        .containsExactly(job);
  }

  @Test
  void kinds_andApiVersions_matchTheUpstreamGroups() {
    assertThat(new Queue().getApiVersion()).isEqualTo("scheduling.volcano.sh/v1beta1");
    assertThat(new PodGroup().getKind()).isEqualTo("PodGroup");
    assertThat(
            List.of(
                new ResourceFlavor(),
                new ClusterQueue(),
                new LocalQueue(),
                new Cohort(),
                new WorkloadPriorityClass()))
        .extracting(HasMetadata::getApiVersion)
        .containsOnly("kueue.x-k8s.io/v1beta2");
    assertThat(HasMetadata.getPlural(ClusterQueue.class)).isEqualTo("clusterqueues");
    assertThat(new Job().getApiVersion()).isEqualTo("batch.volcano.sh/v1alpha1");
    assertThat(HasMetadata.getPlural(Job.class)).isEqualTo("jobs");
  }
}
