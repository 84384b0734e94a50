package io.gpuspec.scheduling.internal.rules;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.spi.BaseRule;
import io.gpuspec.core.spi.CheckContext;
import io.gpuspec.core.spi.RuleInfo;
import io.gpuspec.scheduling.facts.KueueQuotaFacts;
import io.gpuspec.scheduling.internal.support.KueueQuotas;

/**
 * SCH014: a {@code lendingLimit} is at most the {@code nominalQuota} of the same resource: a
 * ClusterQueue (or Cohort) cannot lend more than it has, and Kueue rejects it
 * (https://kueue.sigs.k8s.io/docs/concepts/cluster_queue/#lendinglimit).
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
            .addKinds("ClusterQueue", "Cohort")
            .documentation("https://kueue.sigs.k8s.io/docs/concepts/cluster_queue/#lendinglimit")
            .build());
  }

  @Override
  public void check(ManifestSet manifests, CheckContext context) {
    for (HasMetadata owner : KueueQuotas.owners(manifests)) {
      KueueQuotaFacts.lendingWithinNominalQuota(owner).forEach(f -> context.report(owner, f));
    }
  }
}
