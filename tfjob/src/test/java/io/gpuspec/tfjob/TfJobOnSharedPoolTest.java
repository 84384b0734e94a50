package io.gpuspec.tfjob;

import static io.gpuspec.tfjob.TfFixtures.IMAGE;
import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.Quantity;
import io.gpuspec.core.GpuCatalogue;
import io.gpuspec.core.NodePool;
import io.gpuspec.core.PoolShape;
import io.gpuspec.core.PoolSharing;
import io.gpuspec.core.kubeflow.ReplicaSpec;
import io.gpuspec.tfjob.model.TFJob;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * A TFJob placed on a pool whose GPUs are partitioned requests the pool's resource through the same
 * {@link io.gpuspec.core.GpuPlacement} as core's workloads; a test double stands for the sharing
 * module's MIG partitioning.
 */
class TfJobOnSharedPoolTest {

  /** Every GPU as {@code count} instances of one MIG profile under the mixed strategy. */
  private record MigMixed(String profile, int count) implements PoolSharing {
    @Override
    public Map<String, String> configLabels() {
      return Map.of("nvidia.com/mig.config", "all-" + profile);
    }

    @Override
    public Map<String, String> discoveredLabels(PoolShape pool) {
      return Map.of();
    }

    @Override
    public Map<String, Integer> advertisedPerNode(PoolShape pool) {
      return Map.of("nvidia.com/mig-" + profile, pool.gpusPerNode() * count);
    }

    @Override
    public Optional<String> defaultResource(PoolShape pool) {
      return Optional.of("nvidia.com/mig-" + profile);
    }

    @Override
    public MultipleRequests multipleRequests(String resource) {
      return MultipleRequests.ALLOWED;
    }

    @Override
    public void validate(PoolShape pool) {}
  }

  @Test
  void gpuReplicas_requestThePoolsMigResource_andPinItsConfigLabel() {
    NodePool a100 =
        NodePool.named("a100-mig")
            .model(GpuCatalogue.A100_80GB)
            .gpusPerNode(8)
            .sharing(new MigMixed("3g.40gb", 2))
            .build();

    TFJob job =
        TfJob.named("bert")
            .onPool(a100)
            .chief(c -> c.image(IMAGE).gpus(2))
            .workers(3, w -> w.image(IMAGE).gpus(2))
            .build()
            .toTfJob();

    ReplicaSpec worker = job.getSpec().getTfReplicaSpecs().get("Worker");
    Map<String, Quantity> limits =
        worker.getTemplate().getSpec().getContainers().get(0).getResources().getLimits();
    assertThat(limits).containsEntry("nvidia.com/mig-3g.40gb", new Quantity("2"));
    assertThat(limits).doesNotContainKey("nvidia.com/gpu");
    assertThat(
            worker
                .getTemplate()
                .getSpec()
                .getAffinity()
                .getNodeAffinity()
                .getRequiredDuringSchedulingIgnoredDuringExecution()
                .getNodeSelectorTerms()
                .get(0)
                .getMatchExpressions())
        .anySatisfy(e -> assertThat(e.getKey()).isEqualTo("nvidia.com/mig.config"));
  }
}
