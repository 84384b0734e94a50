package io.gpuspec.scheduling.internal.rules;

import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.spi.CheckContext;
import io.gpuspec.core.spi.ReferenceRule;
import io.gpuspec.core.spi.RuleInfo;
import io.gpuspec.scheduling.facts.KueueReferenceFacts;
import io.gpuspec.scheduling.model.kueue.ClusterQueue;
import io.gpuspec.scheduling.model.kueue.LocalQueue;
import java.util.List;
import java.util.stream.Stream;

/**
 * SCH007: a LocalQueue points at a ClusterQueue of the set. A LocalQueue whose ClusterQueue does
 * not exist is inactive, and the namespace's workloads are never admitted
 * (https://kueue.sigs.k8s.io/docs/concepts/local_queue/). See {@link ReferenceRule} for when a
 * missing queue is an error.
 */
public final class ClusterQueueExists extends ReferenceRule<ClusterQueue> {

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
            .build(),
        KueueReferenceFacts.CLUSTER_QUEUE,
        ClusterQueue.class);
  }

  @Override
  protected Stream<Reference> references(ManifestSet manifests, CheckContext context) {
    return manifests.ofType(LocalQueue.class).stream()
        .map(KueueReferenceFacts::clusterQueueReference);
  }

  @Override
  protected String fix(Reference reference, List<ClusterQueue> defined) {
    return KueueReferenceFacts.clusterQueueFix(reference);
  }
}
