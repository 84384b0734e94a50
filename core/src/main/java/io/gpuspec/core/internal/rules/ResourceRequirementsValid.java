package io.gpuspec.core.internal.rules;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.ResourceRequirements;
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
import java.util.TreeMap;

/**
 * K8S010: the API server validates the resource names and quantities of every container and of
 * pod-level {@code spec.resources} (<a
 * href="https://kubernetes.io/docs/concepts/configuration/manage-resources-containers/">Resource
 * management for pods and containers</a>): a container names standard resources ({@code cpu},
 * {@code memory}, {@code ephemeral-storage}, {@code hugepages-<size>}) or domain-qualified extended
 * resources ({@code foo} alone is rejected); pod-level resources name only {@code cpu}, {@code
 * memory} and huge pages, never a GPU; no quantity is negative; a request of a resource that can be
 * overcommitted is at most its limit; huge pages come in whole pages and need cpu or memory. Whole
 * numbers, limits and request == limit of extended resources are GPU001's.
 */
public final class ResourceRequirementsValid extends BaseRule {
  public ResourceRequirementsValid() {
    super(
        RuleInfo.builder()
            .apiServerRejects(true)
            .id("K8S010")
            .severity(Severity.ERROR)
            .title("Resource names and quantities of containers and pods are valid")
            .why(
                "The API server rejects unknown or unqualified resource names, pod-level resources other than cpu, memory and huge pages (such as nvidia.com/gpu), negative quantities, requests above limits, and huge pages that are not whole pages or come without cpu or memory.")
            .fix(
                "Name cpu, memory, ephemeral-storage, hugepages-<size> or a domain-qualified extended resource such as nvidia.com/gpu in containers; keep GPUs out of spec.resources; keep requests at or below limits.")
            .addKinds("*")
            .documentation(
                "https://kubernetes.io/docs/concepts/configuration/manage-resources-containers/")
            .build());
  }

  @Override
  public void check(ManifestSet manifests, CheckContext context) {
    for (Workload workload : context.workloads()) {
      for (PodTemplate template : workload.templates()) {
        String subject = Subjects.of(workload.object(), template);
        boolean podCpuOrMemory = cpuOrMemory(template.spec().getResources());
        for (IndexedContainer at : IndexedContainer.of(template)) {
          check(
              workload.object(),
              subject + " " + at.describe(),
              at.container().getResources(),
              at.path() + ".resources",
              false,
              podCpuOrMemory,
              context);
        }
        check(
            workload.object(),
            subject,
            template.spec().getResources(),
            template.specPath() + ".resources",
            true,
            true,
            context);
      }
    }
  }

  private static void check(
      HasMetadata object,
      String subject,
      ResourceRequirements resources,
      String path,
      boolean podLevel,
      boolean podCpuOrMemory,
      CheckContext context) {
    if (resources == null) {
      return;
    }
    Map<String, Quantity> limits = orEmpty(resources.getLimits());
    Map<String, Quantity> requests = orEmpty(resources.getRequests());
    boolean hugePages = false;
    for (String section : new String[] {"limits", "requests"}) {
      Map<String, Quantity> amounts = section.equals("limits") ? limits : requests;
      for (Map.Entry<String, Quantity> entry : new TreeMap<>(amounts).entrySet()) {
        String name = entry.getKey();
        String at = path + "." + section + "[" + name + "]";
        hugePages |= ResourceNames.isHugePages(name);
        Optional<String> problem =
            podLevel ? podLevelProblem(name) : ResourceNames.containerResourceProblem(name);
        if (problem.isPresent()) {
          context.report(
              object,
              at,
              subject + ": " + at + ": resource name \"" + name + "\" " + problem.get(),
              podLevel
                  ? "move "
                      + name
                      + " to the containers' resources; pod-level resources take only"
                      + " cpu, memory and hugepages-<size>"
                  : "use cpu, memory, ephemeral-storage, hugepages-<size>, or the extended"
                      + " resource's full name with its domain, e.g. nvidia.com/gpu");
          continue;
        }
        Optional<BigDecimal> amount = GpuResources.amount(entry.getValue());
        if (amount.isPresent() && amount.get().signum() < 0) {
          context.report(
              object,
              at,
              subject + ": " + at + " is " + quantity(entry.getValue()) + ", a negative quantity",
              "write a quantity of 0 or more");
          continue;
        }
        Optional<BigDecimal> page = ResourceNames.pageSize(name);
        if (amount.isPresent()
            && page.isPresent()
            && amount.get().remainder(page.get()).signum() != 0) {
          context.report(
              object,
              at,
              subject
                  + ": "
                  + at
                  + " is "
                  + quantity(entry.getValue())
                  + ", not a whole number of "
                  + name.substring("hugepages-".length())
                  + " pages",
              "write a multiple of the page size, e.g. " + name + ": 100Mi for 2Mi pages");
        }
      }
    }
    for (Map.Entry<String, Quantity> request : new TreeMap<>(requests).entrySet()) {
      String name = request.getKey();
      Quantity limit = limits.get(name);
      if (limit == null || !ResourceNames.overcommits(name)) {
        continue; // GPU001 owns requests of resources that cannot be overcommitted
      }
      Optional<BigDecimal> asked = GpuResources.amount(request.getValue());
      Optional<BigDecimal> capped = GpuResources.amount(limit);
      if (asked.isPresent()
          && capped.isPresent()
          && capped.get().signum() >= 0
          && asked.get().compareTo(capped.get()) > 0) {
        String at = path + ".requests[" + name + "]";
        context.report(
            object,
            at,
            subject
                + ": "
                + at
                + " is "
                + quantity(request.getValue())
                + ", above its limit of "
                + quantity(limit),
            "lower the request to at most " + quantity(limit) + ", or raise the limit");
      }
    }
    if (hugePages && !podCpuOrMemory && !cpuOrMemory(resources)) {
      context.report(
          object,
          path,
          subject + ": " + path + " asks for huge pages without cpu or memory",
          "add a memory (or cpu) request and limit next to the huge pages");
    }
  }

  /** Whether resources name cpu or memory, which huge pages need beside them. */
  private static boolean cpuOrMemory(ResourceRequirements resources) {
    return resources != null
        && ResourceNames.POD_LEVEL.stream()
            .anyMatch(
                r ->
                    orEmpty(resources.getLimits()).containsKey(r)
                        || orEmpty(resources.getRequests()).containsKey(r));
  }

  private static Optional<String> podLevelProblem(String name) {
    return ResourceNames.POD_LEVEL.contains(name) || ResourceNames.isHugePages(name)
        ? Optional.empty()
        : Optional.of(
            "is not supported in pod-level resources, which take only cpu, memory and"
                + " hugepages-<size>"
                + (GpuResources.isGpu(name) ? "; GPUs are requested per container" : ""));
  }

  private static String quantity(Quantity quantity) {
    return quantity == null ? "" : "\"" + Subjects.quantity(quantity) + "\"";
  }

  private static Map<String, Quantity> orEmpty(Map<String, Quantity> map) {
    return map == null ? Map.of() : map;
  }
}
