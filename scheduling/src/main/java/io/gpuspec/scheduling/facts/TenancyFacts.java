package io.gpuspec.scheduling.facts;

import io.fabric8.kubernetes.api.model.LimitRange;
import io.fabric8.kubernetes.api.model.LimitRangeItem;
import io.fabric8.kubernetes.api.model.Quantity;
import io.gpuspec.core.k8s.Amounts;
import io.gpuspec.core.k8s.GpuResources;
import io.gpuspec.core.report.Finding;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.jspecify.annotations.Nullable;

/**
 * Facts about the objects that fence a team in: a LimitRange's default request of a resource is at
 * most its default limit, as the API server validates it
 * (https://kubernetes.io/docs/concepts/policy/limit-range/), reported by SCH019. A {@code Team}
 * throws the first finding when built.
 */
public final class TenancyFacts {

  private TenancyFacts() {}

  /** SCH019: per limit and resource, {@code defaultRequest} ≤ {@code default}. */
  public static List<Finding> defaultRequestWithinDefault(LimitRange range) {
    List<LimitRangeItem> limits =
        range.getSpec() == null || range.getSpec().getLimits() == null
            ? List.of()
            : range.getSpec().getLimits();
    List<Finding> findings = new ArrayList<>();
    for (int i = 0; i < limits.size(); i++) {
      LimitRangeItem limit = limits.get(i);
      if (limit == null || limit.getDefaultRequest() == null || limit.getDefault() == null) {
        continue;
      }
      Map<String, Quantity> defaults = limit.getDefault();
      for (Map.Entry<String, Quantity> request :
          new TreeMap<>(limit.getDefaultRequest()).entrySet()) {
        String resource = request.getKey();
        Optional<BigDecimal> asked = amount(request.getValue());
        Optional<BigDecimal> most = amount(defaults.get(resource));
        if (asked.isEmpty() || most.isEmpty() || asked.get().compareTo(most.get()) <= 0) {
          continue;
        }
        findings.add(
            new Finding(
                "spec.limits[" + i + "].defaultRequest[" + resource + "]",
                "the default request of "
                    + resource
                    + " is "
                    + Amounts.format(resource, asked.get())
                    + ", more than the default limit "
                    + Amounts.format(resource, most.get())
                    + "; the API server rejects the LimitRange",
                "lower the default request to at most "
                    + Amounts.format(resource, most.get())
                    + ", or raise the default limit"));
      }
    }
    return findings;
  }

  private static Optional<BigDecimal> amount(@Nullable Quantity quantity) {
    return quantity == null ? Optional.empty() : GpuResources.amount(quantity);
  }
}
