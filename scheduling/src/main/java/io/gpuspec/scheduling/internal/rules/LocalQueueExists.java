package io.gpuspec.scheduling.internal.rules;

import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.spi.CheckContext;
import io.gpuspec.core.spi.ReferenceRule;
import io.gpuspec.core.spi.RuleInfo;
import io.gpuspec.scheduling.facts.KueueReferenceFacts;
import io.gpuspec.scheduling.model.kueue.LocalQueue;
import java.util.List;
import java.util.stream.Stream;

/**
 * SCH004: the label {@code kueue.x-k8s.io/queue-name} names a Kueue LocalQueue of the workload's
 * namespace. A workload queued in a LocalQueue that does not exist is never admitted, and since
 * Kueue suspends it, it never runs (https://kueue.sigs.k8s.io/docs/concepts/local_queue/). See
 * {@link ReferenceRule} for when a missing queue is an error.
 */
public final class LocalQueueExists extends ReferenceRule<LocalQueue> {

  public LocalQueueExists() {
    super(
        RuleInfo.builder()
            .id("SCH004")
            .severity(Severity.ERROR)
            .title("kueue.x-k8s.io/queue-name names a LocalQueue in the workload's namespace")
            .why(
                "Kueue never admits a workload whose LocalQueue does not exist in its namespace; the"
                    + " suspended job never runs.")
            .fix("Add the LocalQueue to the namespace, or name one that exists there.")
            .addKinds("*")
            .documentation("https://kueue.sigs.k8s.io/docs/concepts/local_queue/")
            .build(),
        KueueReferenceFacts.LOCAL_QUEUE,
        LocalQueue.class);
  }

  @Override
  protected Stream<Reference> references(ManifestSet manifests, CheckContext context) {
    return manifests.objects().stream()
        .filter(Sched::outsideKueue)
        .map(KueueReferenceFacts::localQueueReference);
  }

  @Override
  protected String note(Reference reference, ManifestSet manifests, List<LocalQueue> defined) {
    return KueueReferenceFacts.localQueueNote(reference, defined);
  }

  @Override
  protected String fix(Reference reference, List<LocalQueue> defined) {
    return KueueReferenceFacts.localQueueFix(reference);
  }
}
