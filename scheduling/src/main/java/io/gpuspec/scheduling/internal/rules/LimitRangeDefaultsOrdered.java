package io.gpuspec.scheduling.internal.rules;

import io.fabric8.kubernetes.api.model.LimitRange;
import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.spi.BaseRule;
import io.gpuspec.core.spi.CheckContext;
import io.gpuspec.core.spi.RuleInfo;
import io.gpuspec.scheduling.facts.TenancyFacts;

/**
 * SCH019: a LimitRange's default request of a resource is at most its default limit; the API server
 * rejects a LimitRange that would give containers a request above their limit
 * (https://kubernetes.io/docs/concepts/policy/limit-range/). The fact is {@link
 * TenancyFacts#defaultRequestWithinDefault}.
 */
public final class LimitRangeDefaultsOrdered extends BaseRule {

  public LimitRangeDefaultsOrdered() {
    super(
        RuleInfo.builder()
            .apiServerRejects(true)
            .id("SCH019")
            .severity(Severity.ERROR)
            .title("A LimitRange's defaultRequest is at most its default, per resource")
            .why(
                "The API server rejects a LimitRange whose default request of a resource is above"
                    + " its default limit.")
            .fix("Lower the defaultRequest, or raise the default limit.")
            .addKinds("LimitRange")
            .documentation("https://kubernetes.io/docs/concepts/policy/limit-range/")
            .build());
  }

  @Override
  public void check(ManifestSet manifests, CheckContext context) {
    for (LimitRange range : manifests.ofType(LimitRange.class)) {
      TenancyFacts.defaultRequestWithinDefault(range).forEach(f -> context.report(range, f));
    }
  }
}
