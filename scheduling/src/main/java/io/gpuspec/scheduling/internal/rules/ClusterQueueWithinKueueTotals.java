package io.gpuspec.scheduling.internal.rules;

import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.spi.BaseRule;
import io.gpuspec.core.spi.CheckContext;
import io.gpuspec.core.spi.RuleInfo;
import io.gpuspec.scheduling.facts.KueueWebhookFacts;
import io.gpuspec.scheduling.model.kueue.ClusterQueue;

/**
 * SCH022: a ClusterQueue stays within the totals Kueue's webhook allows: 256 flavors and 256
 * covered resources over all its resource groups, 512 flavor-resource quotas in one group
 * (https://kueue.sigs.k8s.io/docs/concepts/cluster_queue/). Its CRD bounds each list on its own (16
 * groups, 64 flavors, 64 resources), which the cel module's CRD001 checks. The fact is {@link
 * KueueWebhookFacts#totals}.
 */
public final class ClusterQueueWithinKueueTotals extends BaseRule {

  public ClusterQueueWithinKueueTotals() {
    super(
        RuleInfo.builder()
            .apiServerRejects(true)
            .id("SCH022")
            .severity(Severity.ERROR)
            .title(
                "A ClusterQueue has at most 256 flavors and 256 covered resources in all, and 512"
                    + " flavor quotas per resource group")
            .why("Kueue's webhook rejects a ClusterQueue above these totals.")
            .fix("Give the queue fewer flavors or resources, or split a resource group.")
            .addKinds("ClusterQueue")
            .documentation(Sched.KUEUE_CLUSTER_QUEUE_DOCS)
            .build());
  }

  @Override
  public void check(ManifestSet manifests, CheckContext context) {
    for (ClusterQueue queue : manifests.ofType(ClusterQueue.class)) {
      KueueWebhookFacts.totals(queue).forEach(f -> context.report(queue, f));
    }
  }
}
