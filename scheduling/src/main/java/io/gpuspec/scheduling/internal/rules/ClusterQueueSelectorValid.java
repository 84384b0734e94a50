package io.gpuspec.scheduling.internal.rules;

import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.spi.BaseRule;
import io.gpuspec.core.spi.CheckContext;
import io.gpuspec.core.spi.RuleInfo;
import io.gpuspec.scheduling.facts.KueueAdmissionFacts;
import io.gpuspec.scheduling.model.kueue.ClusterQueue;

/**
 * SCH042: a ClusterQueue's {@code namespaceSelector} has the form of a label selector (label keys
 * and values, known operators, values exactly when the operator takes them), as Kueue's webhook
 * requires. The fact is {@link KueueAdmissionFacts#namespaceSelector}.
 *
 * <p>Upstream: <a
 * href="https://github.com/kubernetes-sigs/kueue/blob/v0.19.2/pkg/webhooks/clusterqueue_webhook.go">Kueue's
 * ClusterQueue webhook</a>.
 */
public final class ClusterQueueSelectorValid extends BaseRule {

  public ClusterQueueSelectorValid() {
    super(
        RuleInfo.builder()
            .apiServerRejects(true)
            .id("SCH042")
            .severity(Severity.ERROR)
            .title("A ClusterQueue's namespaceSelector is a valid label selector")
            .why(
                "Kueue's ClusterQueue webhook rejects a namespaceSelector that is not a valid label selector.")
            .fix(
                "Use label keys and values, and In, NotIn, Exists or DoesNotExist with values only for In and NotIn.")
            .addKinds("ClusterQueue")
            .documentation(Sched.KUEUE_CLUSTER_QUEUE_DOCS)
            .build());
  }

  @Override
  public void check(ManifestSet manifests, CheckContext context) {
    for (ClusterQueue queue : manifests.ofType(ClusterQueue.class)) {
      KueueAdmissionFacts.namespaceSelector(queue).forEach(f -> context.report(queue, f));
    }
  }
}
