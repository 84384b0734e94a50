package io.gpuspec.scheduling.internal.rules;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.spi.BaseRule;
import io.gpuspec.core.spi.CheckContext;
import io.gpuspec.core.spi.RuleInfo;
import io.gpuspec.scheduling.facts.KueueQuotas;
import io.gpuspec.scheduling.facts.KueueWebhookFacts;

/**
 * SCH021: the fair-sharing weight of a ClusterQueue or Cohort is 0 or more than 10⁻⁹, as Kueue's
 * webhook requires (https://kueue.sigs.k8s.io/docs/concepts/fair_sharing/); its CRD does not say
 * so. The fact is {@link KueueWebhookFacts#fairSharingWeight}.
 */
public final class FairSharingWeightValid extends BaseRule {

  public FairSharingWeightValid() {
    super(
        RuleInfo.builder()
            .apiServerRejects(true)
            .id("SCH021")
            .severity(Severity.ERROR)
            .title("A fairSharing weight is 0 or more than 1e-9")
            .why(
                "Kueue's webhook rejects a negative fair-sharing weight and a positive one too"
                    + " small to tell from 0.")
            .fix("Set the weight to 0, or to more than 1e-9.")
            .addKinds("ClusterQueue", "Cohort")
            .documentation("https://kueue.sigs.k8s.io/docs/concepts/fair_sharing/")
            .build());
  }

  @Override
  public void check(ManifestSet manifests, CheckContext context) {
    for (HasMetadata owner : KueueQuotas.owners(manifests)) {
      KueueWebhookFacts.fairSharingWeight(owner).forEach(f -> context.report(owner, f));
    }
  }
}
