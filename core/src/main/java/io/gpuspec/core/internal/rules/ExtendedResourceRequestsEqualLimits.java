package io.gpuspec.core.internal.rules;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.ResourceRequirements;
import io.gpuspec.core.Labels;
import io.gpuspec.core.facts.ResourceNames;
import io.gpuspec.core.k8s.GpuResources;
import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.spi.BaseRule;
import io.gpuspec.core.spi.CheckContext;
import io.gpuspec.core.spi.PodTemplate;
import io.gpuspec.core.spi.RuleInfo;
import io.gpuspec.core.spi.Workload;
import java.math.BigDecimal;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import org.jspecify.annotations.Nullable;

/**
 * GPU001: extended resources ({@code nvidia.com/gpu}, MIG devices, any {@code domain/name} outside
 * {@code kubernetes.io}) and huge pages cannot be overcommitted. The API server rejects a request
 * without a limit, a request that differs from the limit, and a fractional extended resource (<a
 * href="https://kubernetes.io/docs/concepts/configuration/manage-resources-containers/#extended-resources">Kubernetes
 * documentation</a>).
 */
public final class ExtendedResourceRequestsEqualLimits extends BaseRule {
  public ExtendedResourceRequestsEqualLimits() {
    super(
        RuleInfo.builder()
            .apiServerRejects(true)
            .id("GPU001")
            .severity(Severity.ERROR)
            .title(
                "Extended resources and huge pages: whole numbers, a limit, and request equal to limit")
            .why(
                "The API server rejects an extended resource (a GPU) that is not a whole number, has a request but no limit, or a request that differs from its limit; huge pages need a limit too.")
            .fix(
                "Set the GPU count once, as a whole number, in limits; if you also set it in requests, use the same number.")
            .addKinds("*")
            .documentation(
                "https://kubernetes.io/docs/concepts/configuration/manage-resources-containers/#extended-resources")
            .build());
  }

  @Override
  public void check(ManifestSet manifests, CheckContext context) {
    for (Workload workload : context.workloads()) {
      for (PodTemplate template : workload.templates()) {
        for (IndexedContainer container : IndexedContainer.of(template)) {
          check(workload.object(), container, context);
        }
      }
    }
  }

  private static void check(HasMetadata object, IndexedContainer at, CheckContext context) {
    ResourceRequirements resources = at.container().getResources();
    if (resources == null) {
      return;
    }
    Map<String, Quantity> limits = orEmpty(resources.getLimits());
    Map<String, Quantity> requests = orEmpty(resources.getRequests());
    Set<String> names = new TreeSet<>(limits.keySet());
    names.addAll(requests.keySet());
    String where = at.describe();
    String path = at.path() + ".resources";
    for (String name : names) {
      boolean hugePages = ResourceNames.isHugePages(name);
      if (!hugePages && !Labels.isExtendedResourceName(name)) {
        continue;
      }
      Quantity limit = limits.get(name);
      Quantity request = requests.get(name);
      if (!hugePages && (fractional(limit) || fractional(request))) {
        boolean inLimit = fractional(limit);
        Quantity bad = inLimit ? limit : request;
        context.report(
            object,
            path + (inLimit ? ".limits[" : ".requests[") + name + "]",
            where
                + ": "
                + name
                + " "
                + (inLimit ? "limit" : "request")
                + " \""
                + Subjects.quantity(bad)
                + "\" is not a whole number; extended resources are counted in whole devices",
            "write a whole number, e.g. " + name + ": \"1\", in both requests and limits");
        continue;
      }
      if (limit == null) {
        context.report(
            object,
            path + ".requests[" + name + "]",
            where
                + ": requests "
                + name
                + "="
                + Subjects.quantity(request)
                + " but sets no limit; the API server rejects a request without a limit for "
                + (hugePages ? "huge pages" : "an extended resource"),
            "add limits: {"
                + name
                + ": \""
                + Subjects.quantity(request)
                + "\"} equal to the request");
      } else if (request != null && !sameAmount(limit, request)) {
        context.report(
            object,
            path + ".requests[" + name + "]",
            where
                + ": requests "
                + name
                + "="
                + Subjects.quantity(request)
                + " but limits="
                + Subjects.quantity(limit)
                + "; "
                + name
                + " cannot be overcommitted, so the request must equal the limit",
            "set both to the same amount, e.g. requests and limits "
                + name
                + ": \""
                + Subjects.quantity(limit)
                + "\" (or drop the request: it defaults to the limit)");
      }
    }
  }

  private static Map<String, Quantity> orEmpty(Map<String, Quantity> map) {
    return map == null ? Map.of() : map;
  }

  private static boolean fractional(@Nullable Quantity quantity) {
    return quantity != null && GpuResources.wholeNumber(quantity).isEmpty();
  }

  private static boolean sameAmount(Quantity a, Quantity b) {
    Optional<BigDecimal> left = GpuResources.amount(a);
    Optional<BigDecimal> right = GpuResources.amount(b);
    return left.isEmpty() || right.isEmpty() || left.get().compareTo(right.get()) == 0;
  }
}
