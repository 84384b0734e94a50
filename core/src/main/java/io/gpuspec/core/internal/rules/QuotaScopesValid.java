package io.gpuspec.core.internal.rules;

import io.fabric8.kubernetes.api.model.ResourceQuota;
import io.gpuspec.core.facts.QuotaScopeFacts;
import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.spi.BaseRule;
import io.gpuspec.core.spi.CheckContext;
import io.gpuspec.core.spi.RuleInfo;

/**
 * K8S034: the API server rejects a ResourceQuota with an unknown or conflicting scope, a scope over
 * a standard resource it cannot count, or a scope selector with the wrong operator or values
 * (per-tier GPU quotas select the PriorityClass scope). The fact is {@link QuotaScopeFacts#spec}.
 *
 * <p>Upstream: <a
 * href="https://kubernetes.io/docs/concepts/policy/resource-quotas/#quota-scopes">Quota scopes</a>
 * and <a
 * href="https://github.com/kubernetes/kubernetes/blob/master/pkg/apis/core/validation/validation.go">core
 * validation</a>.
 */
public final class QuotaScopesValid extends BaseRule {
  public QuotaScopesValid() {
    super(
        RuleInfo.builder()
            .apiServerRejects(true)
            .id(QuotaScopeFacts.RULE)
            .severity(Severity.ERROR)
            .title("A ResourceQuota's scopes and scope selector are known and fit its resources")
            .why(
                "The API server rejects unknown scopes, Terminating with NotTerminating or BestEffort with NotBestEffort, a scope over a standard resource it cannot count (BestEffort over anything but pods), and scope selectors whose boolean scopes use an operator other than Exists or whose In/NotIn lack values.")
            .fix(
                "Per priority tier, select scopeName: PriorityClass with operator In and the class names; keep BestEffort quotas to pods.")
            .addKinds("ResourceQuota")
            .documentation(
                "https://kubernetes.io/docs/concepts/policy/resource-quotas/#quota-scopes")
            .build());
  }

  @Override
  public void check(ManifestSet manifests, CheckContext context) {
    for (ResourceQuota quota : manifests.ofType(ResourceQuota.class)) {
      QuotaScopeFacts.spec(quota.getSpec()).forEach(f -> context.report(quota, f));
    }
  }
}
