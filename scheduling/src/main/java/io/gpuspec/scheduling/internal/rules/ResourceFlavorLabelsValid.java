package io.gpuspec.scheduling.internal.rules;

import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.spi.BaseRule;
import io.gpuspec.core.spi.CheckContext;
import io.gpuspec.core.spi.RuleInfo;
import io.gpuspec.scheduling.facts.KueueAdmissionFacts;
import io.gpuspec.scheduling.model.kueue.ResourceFlavor;

/**
 * SCH044: a ResourceFlavor's {@code nodeLabels} are labels, its taints have label keys and label
 * values, and its tolerations' keys are label keys, as Kueue's ResourceFlavor webhook requires
 * (that taints are unique is SCH020's). The fact is {@link
 * KueueAdmissionFacts#flavorLabelsAndTaints}.
 *
 * <p>Upstream: <a
 * href="https://github.com/kubernetes-sigs/kueue/blob/v0.19.2/pkg/webhooks/resourceflavor_webhook.go">Kueue's
 * ResourceFlavor webhook</a>.
 */
public final class ResourceFlavorLabelsValid extends BaseRule {

  public ResourceFlavorLabelsValid() {
    super(
        RuleInfo.builder()
            .apiServerRejects(true)
            .id("SCH044")
            .severity(Severity.ERROR)
            .title("A ResourceFlavor's node labels, taints and tolerations are valid")
            .why(
                "Kueue's ResourceFlavor webhook rejects node labels that are not labels, and taints or tolerations whose key is not a label key or whose taint value is not a label value.")
            .fix("Use label keys such as nvidia.com/gpu.product and label values.")
            .addKinds("ResourceFlavor")
            .documentation("https://kueue.sigs.k8s.io/docs/concepts/resource_flavor/")
            .build());
  }

  @Override
  public void check(ManifestSet manifests, CheckContext context) {
    for (ResourceFlavor flavor : manifests.ofType(ResourceFlavor.class)) {
      KueueAdmissionFacts.flavorLabelsAndTaints(flavor).forEach(f -> context.report(flavor, f));
    }
  }
}
