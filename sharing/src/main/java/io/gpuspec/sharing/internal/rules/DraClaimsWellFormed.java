package io.gpuspec.sharing.internal.rules;

import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaimTemplate;
import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.spi.BaseRule;
import io.gpuspec.core.spi.CheckContext;
import io.gpuspec.core.spi.RuleInfo;
import io.gpuspec.sharing.facts.DraDeviceClaimFacts;

/**
 * DRA003: the device requests, subrequests, selectors and constraints of a DRA claim or claim
 * template have the shape the API server admits ({@link DraDeviceClaimFacts}). See docs/sharing.md.
 *
 * <p>Upstream: <a
 * href="https://github.com/kubernetes/kubernetes/blob/v1.35.0/pkg/apis/resource/validation/validation.go">Kubernetes
 * <code>ValidateResourceClaim</code></a>.
 */
public final class DraClaimsWellFormed extends BaseRule {

  public DraClaimsWellFormed() {
    super(
        RuleInfo.builder()
            .apiServerRejects(true)
            .id(DraDeviceClaimFacts.RULE)
            .severity(Severity.ERROR)
            .title("DRA requests name a device class, and constraints name requests of the claim")
            .why(
                "The API server rejects a claim whose request gives neither or both of exactly and"
                    + " firstAvailable, names no device class, lists more than 8 alternatives or 32"
                    + " selectors, or has a constraint naming a request it does not have or an"
                    + " attribute that is not <domain>/<identifier>.")
            .fix(
                "Give each request exactly: {deviceClassName: ...} or a firstAvailable list of"
                    + " named alternatives, and constrain only the claim's requests by a"
                    + " fully qualified attribute.")
            .addKinds("ResourceClaimTemplate", "ResourceClaim")
            .documentation(SharingRules.DRA)
            .build());
  }

  @Override
  public void check(ManifestSet manifests, CheckContext context) {
    for (ResourceClaimTemplate template : manifests.ofType(ResourceClaimTemplate.class)) {
      DraDeviceClaimFacts.template(template).forEach(f -> context.report(template, f));
    }
    for (ResourceClaim claim : manifests.ofType(ResourceClaim.class)) {
      DraDeviceClaimFacts.claim(claim).forEach(f -> context.report(claim, f));
    }
  }
}
