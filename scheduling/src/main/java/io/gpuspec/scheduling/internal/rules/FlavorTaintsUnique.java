package io.gpuspec.scheduling.internal.rules;

import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.spi.BaseRule;
import io.gpuspec.core.spi.CheckContext;
import io.gpuspec.core.spi.RuleInfo;
import io.gpuspec.scheduling.facts.KueueWebhookFacts;
import io.gpuspec.scheduling.model.kueue.ResourceFlavor;

/**
 * SCH020: a ResourceFlavor's node taints are unique by key and effect, as Kueue's webhook requires
 * (https://kueue.sigs.k8s.io/docs/concepts/resource_flavor/); its CRD does not say so. The fact is
 * {@link KueueWebhookFacts#taintsUnique}.
 */
public final class FlavorTaintsUnique extends BaseRule {

  public FlavorTaintsUnique() {
    super(
        RuleInfo.builder()
            .apiServerRejects(true)
            .id("SCH020")
            .severity(Severity.ERROR)
            .title("A ResourceFlavor's nodeTaints are unique by key and effect")
            .why("Kueue's webhook rejects a ResourceFlavor with two taints of one key and effect.")
            .fix("Keep one taint per key and effect.")
            .addKinds("ResourceFlavor")
            .documentation("https://kueue.sigs.k8s.io/docs/concepts/resource_flavor/")
            .build());
  }

  @Override
  public void check(ManifestSet manifests, CheckContext context) {
    for (ResourceFlavor flavor : manifests.ofType(ResourceFlavor.class)) {
      KueueWebhookFacts.taintsUnique(flavor).forEach(f -> context.report(flavor, f));
    }
  }
}
