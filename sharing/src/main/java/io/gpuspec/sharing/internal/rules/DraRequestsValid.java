package io.gpuspec.sharing.internal.rules;

import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaimTemplate;
import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.spi.BaseRule;
import io.gpuspec.core.spi.CheckContext;
import io.gpuspec.core.spi.RuleInfo;
import io.gpuspec.sharing.facts.DraRequestFacts;

/**
 * SHR013: the device requests of a DRA claim or claim template have unique DNS-label names, an
 * {@code ExactCount} request asks for at least one device, and the claim for at most 32 together
 * ({@link DraRequestFacts}). See docs/sharing.md.
 *
 * <p>Upstream: <a
 * href="https://kubernetes.io/docs/concepts/scheduling-eviction/dynamic-resource-allocation/">Dynamic
 * Resource Allocation</a>.
 */
public final class DraRequestsValid extends BaseRule {

  public DraRequestsValid() {
    super(
        RuleInfo.builder()
            .id("SHR013")
            .severity(Severity.ERROR)
            .title("DRA requests have unique DNS-label names and allocatable counts")
            .why(
                "The API server rejects a claim with two requests of one name, a request name that"
                    + " is not a DNS label or a count below 1; a claim asking for more devices than"
                    + " one allocation holds (32) is never allocated and its pods stay Pending.")
            .fix("Name each request once with a DNS label and ask for 1 to 32 devices per claim.")
            .addKinds("ResourceClaimTemplate", "ResourceClaim")
            .documentation(SharingRules.DRA)
            .build());
  }

  @Override
  public void check(ManifestSet manifests, CheckContext context) {
    for (ResourceClaimTemplate template : manifests.ofType(ResourceClaimTemplate.class)) {
      DraRequestFacts.requests(template).forEach(f -> context.report(template, f));
    }
    for (ResourceClaim claim : manifests.ofType(ResourceClaim.class)) {
      DraRequestFacts.requests(claim).forEach(f -> context.report(claim, f));
    }
  }
}
