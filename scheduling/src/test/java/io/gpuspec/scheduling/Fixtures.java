package io.gpuspec.scheduling;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.gpuspec.core.GpuCatalogue;
import io.gpuspec.core.ManifestSource;
import io.gpuspec.core.NodePool;
import io.gpuspec.core.manifest.YamlRenderer;
import java.util.Arrays;
import java.util.List;

/** The reference platform's pools, queues and teams, and rendering to YAML. */
final class Fixtures {

  static final NodePool A100_TRAIN =
      NodePool.named("a100-train")
          .model(GpuCatalogue.A100_80GB)
          .gpusPerNode(8)
          .nodeCount(6)
          .dedicated(true)
          .build();

  static final NodePool H100_TRAIN =
      NodePool.named("h100-train")
          .model(GpuCatalogue.H100_80GB_SXM)
          .gpusPerNode(8)
          .nodeCount(4)
          .build();

  private Fixtures() {}

  /** Every object of the sources, each as a {@code ---} document, in the sources' order. */
  static String yaml(ManifestSource... sources) {
    StringBuilder yaml = new StringBuilder();
    Arrays.stream(sources)
        .flatMap(source -> source.toManifests().stream())
        .forEach(object -> yaml.append(YamlRenderer.render(object)));
    return yaml.toString();
  }

  /** The objects as one YAML text. */
  static String yaml(List<? extends HasMetadata> objects) {
    StringBuilder yaml = new StringBuilder();
    objects.forEach(object -> yaml.append(YamlRenderer.render(object)));
    return yaml.toString();
  }

  static KueueFlavor a100Flavor() {
    return KueueFlavor.forPool(A100_TRAIN).build();
  }

  static KueueFlavor h100Flavor() {
    return KueueFlavor.forPool(H100_TRAIN).build();
  }

  /** A team's cluster queue with GPU quota on both pools, borrowing and lending in cohort "gpu". */
  static KueueClusterQueue teamQueue(String team) {
    return KueueClusterQueue.named(team)
        .cohort("gpu")
        .addNamespace(team)
        .resourceGroup(
            g ->
                g.covers("cpu", "memory", "nvidia.com/gpu")
                    .flavor(
                        a100Flavor(),
                        f ->
                            f.quota("cpu", "96")
                                .quota("memory", "768Gi")
                                .quota(
                                    "nvidia.com/gpu",
                                    "16",
                                    q -> q.borrowingLimit("8").lendingLimit("8")))
                    .flavor(
                        h100Flavor(),
                        f ->
                            f.quota("cpu", "64")
                                .quota("memory", "512Gi")
                                .quota("nvidia.com/gpu", "8", q -> q.borrowingLimit("8"))))
        .reclaimWithinCohort(KueueClusterQueue.ReclaimWithinCohort.ANY)
        .borrowWithinCohort(KueueClusterQueue.BorrowWithinCohortPolicy.LOWER_PRIORITY)
        .borrowMaxPriority(PriorityTier.experimentLow())
        .withinClusterQueue(KueueClusterQueue.WithinClusterQueue.LOWER_PRIORITY)
        .fairSharingWeight("2")
        .build();
  }
}
