package io.gpuspec.scheduling.internal.rules;

import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.spi.BaseRule;
import io.gpuspec.core.spi.CheckContext;
import io.gpuspec.core.spi.RuleInfo;
import io.gpuspec.scheduling.model.kueue.ClusterQueue;
import io.gpuspec.scheduling.model.kueue.LocalQueue;
import java.util.List;

/**
 * SCH007: a LocalQueue points at a ClusterQueue of the set. A LocalQueue whose ClusterQueue does
 * not exist is inactive, and the namespace's workloads are never admitted
 * (https://kueue.sigs.k8s.io/docs/concepts/local_queue/). See {@link Sched} for when a missing
 * queue is an error.
 */
public final class ClusterQueueExists extends BaseRule {

  public ClusterQueueExists() {
    super(
        RuleInfo.builder()
            .id("SCH007")
            .severity(Severity.ERROR)
            .title("Every LocalQueue points at a ClusterQueue of the set")
            .why("A LocalQueue whose ClusterQueue does not exist is inactive and admits nothing.")
            .fix("Add the ClusterQueue, or point the LocalQueue at one that exists.")
            .addKinds("LocalQueue")
            .documentation("https://kueue.sigs.k8s.io/docs/concepts/local_queue/")
            .build());
  }

  @Override
  public void check(ManifestSet manifests, CheckContext context) {
    List<ClusterQueue> queues = manifests.ofType(ClusterQueue.class);
    boolean defined = !queues.isEmpty();
    for (LocalQueue local : manifests.ofType(LocalQueue.class)) {
      String name = local.getSpec() == null ? null : local.getSpec().getClusterQueue();
      if (name == null || name.isEmpty() || Sched.has(queues, name, "")) {
        continue;
      }
      context.report(
          Sched.missing(defined),
          local,
          "spec.clusterQueue",
          Sched.missingMessage(
              Sched.of(local),
              "ClusterQueue",
              name,
              defined,
              "the LocalQueue is inactive and Kueue admits none of the namespace's workloads"),
          "add ClusterQueue \"" + name + "\", or point the LocalQueue at an existing one");
    }
  }
}
