package io.gpuspec.scheduling.internal.rules;

import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.spi.BaseRule;
import io.gpuspec.core.spi.CheckContext;
import io.gpuspec.core.spi.RuleInfo;
import io.gpuspec.scheduling.facts.KueueQuotaFacts;
import io.gpuspec.scheduling.model.kueue.ClusterQueue;

/**
 * SCH014: a {@code lendingLimit} is at most the {@code nominalQuota} of the same resource: a
 * ClusterQueue cannot lend more than it has, and Kueue's webhook rejects it
 * (https://kueue.sigs.k8s.io/docs/concepts/cluster_queue/#lendinglimit). A Cohort is not held to
 * it: Kueue validates Cohorts without that bound.
 */
public final class LendingWithinNominalQuota extends BaseRule {

  public LendingWithinNominalQuota() {
    super(
        RuleInfo.builder()
            .id("SCH014")
            .severity(Severity.ERROR)
            .title("lendingLimit ≤ nominalQuota")
            .why("Kueue rejects a quota that lends more than its nominal quota.")
            .fix("Lower the lendingLimit to at most the nominalQuota.")
            .addKinds("ClusterQueue")
            .documentation("https://kueue.sigs.k8s.io/docs/concepts/cluster_queue/#lendinglimit")
            .apiServerRejects(true)
            .build());
  }

  @Override
  public void check(ManifestSet manifests, CheckContext context) {
    for (ClusterQueue queue : manifests.ofType(ClusterQueue.class)) {
      KueueQuotaFacts.lendingWithinNominalQuota(queue).forEach(f -> context.report(queue, f));
    }
  }
}
