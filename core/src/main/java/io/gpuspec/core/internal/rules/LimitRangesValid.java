package io.gpuspec.core.internal.rules;

import io.fabric8.kubernetes.api.model.LimitRange;
import io.gpuspec.core.facts.LimitRangeFacts;
import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.spi.BaseRule;
import io.gpuspec.core.spi.CheckContext;
import io.gpuspec.core.spi.RuleInfo;

/**
 * K8S021: the API server rejects a LimitRange with an unknown or repeated type, resource names the
 * type cannot limit, defaults on type Pod, min/default/max out of order, a ratio below 1 or above
 * max/min, or a GPU default request below its default; the facts are {@link LimitRangeFacts}.
 *
 * <p>Upstream: <a
 * href="https://github.com/kubernetes/kubernetes/blob/v1.35.0/pkg/apis/core/validation/validation.go">Kubernetes
 * <code>ValidateLimitRange</code></a>.
 */
public final class LimitRangesValid extends BaseRule {
  public LimitRangesValid() {
    super(
        RuleInfo.builder()
            .apiServerRejects(true)
            .id(LimitRangeFacts.RULE)
            .severity(Severity.ERROR)
            .title("LimitRanges have known types and ordered min, defaults and max")
            .why(
                "The API server rejects a LimitRange whose type is unknown or repeated, that names resources its type cannot limit, sets defaults on type Pod, has min above max or a default outside min..max, a maxLimitRequestRatio below 1 or above max/min, or a default request of a GPU (which cannot be overcommitted) below its default.")
            .fix(
                "Use types Container, Pod and PersistentVolumeClaim once each, keep min ≤ defaultRequest ≤ default ≤ max per resource, a ratio between 1 and max/min, and equal default and defaultRequest for GPUs.")
            .addKinds("LimitRange")
            .documentation("https://kubernetes.io/docs/concepts/policy/limit-range/")
            .build());
  }

  @Override
  public void check(ManifestSet manifests, CheckContext context) {
    for (LimitRange range : manifests.ofType(LimitRange.class)) {
      LimitRangeFacts.valid(range).forEach(f -> context.report(range, f));
    }
  }
}
