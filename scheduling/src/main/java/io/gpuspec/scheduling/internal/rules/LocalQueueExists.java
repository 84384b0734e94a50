package io.gpuspec.scheduling.internal.rules;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.spi.BaseRule;
import io.gpuspec.core.spi.CheckContext;
import io.gpuspec.core.spi.RuleInfo;
import io.gpuspec.scheduling.model.kueue.LocalQueue;
import java.util.List;

/**
 * SCH004: the label {@code kueue.x-k8s.io/queue-name} names a Kueue LocalQueue of the workload's
 * namespace. A workload queued in a LocalQueue that does not exist is never admitted, and since
 * Kueue suspends it, it never runs (https://kueue.sigs.k8s.io/docs/concepts/local_queue/). See
 * {@link Sched} for when a missing queue is an error.
 */
public final class LocalQueueExists extends BaseRule {

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
            .build());
  }

  @Override
  public void check(ManifestSet manifests, CheckContext context) {
    List<LocalQueue> queues = manifests.ofType(LocalQueue.class);
    boolean defined = !queues.isEmpty();
    for (HasMetadata object : manifests) {
      String name = Sched.labels(object).get(Sched.KUEUE_QUEUE_NAME);
      String namespace = Sched.namespace(object);
      if (name == null
          || name.isEmpty()
          || object.getApiVersion() == null
          || object.getApiVersion().startsWith("kueue.x-k8s.io/")
          || Sched.has(queues, name, namespace)) {
        continue;
      }
      List<String> elsewhere =
          queues.stream().filter(q -> Sched.name(q).equals(name)).map(Sched::namespace).toList();
      context.report(
          Sched.missing(defined),
          object,
          "metadata.labels[" + Sched.KUEUE_QUEUE_NAME + "]",
          Sched.missingMessage(
              Sched.of(object),
              "LocalQueue",
              (namespace.isEmpty() ? "" : namespace + "/") + name,
              defined,
              "Kueue never admits the workload, so it never runs"
                  + (elsewhere.isEmpty()
                      ? ""
                      : " (a LocalQueue of that name is in namespace "
                          + String.join(", ", elsewhere)
                          + "; a workload can only use its own namespace's queues)")),
          "add LocalQueue \""
              + name
              + "\" to namespace \""
              + namespace
              + "\", or name a LocalQueue of that namespace");
    }
  }
}
