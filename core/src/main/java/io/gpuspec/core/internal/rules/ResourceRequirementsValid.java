package io.gpuspec.core.internal.rules;

import io.gpuspec.core.facts.ResourceFacts;
import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.spi.BaseRule;
import io.gpuspec.core.spi.CheckContext;
import io.gpuspec.core.spi.PodTemplate;
import io.gpuspec.core.spi.RuleInfo;
import io.gpuspec.core.spi.Workload;

/**
 * K8S010: the API server validates the resource names and quantities of every container and of
 * pod-level {@code spec.resources} (<a
 * href="https://kubernetes.io/docs/concepts/configuration/manage-resources-containers/">Resource
 * management for pods and containers</a>): a container names standard resources ({@code cpu},
 * {@code memory}, {@code ephemeral-storage}, {@code hugepages-<size>}) or domain-qualified extended
 * resources ({@code foo} alone is rejected); pod-level resources name only {@code cpu}, {@code
 * memory} and huge pages, never a GPU; no quantity is negative; a request of a resource that can be
 * overcommitted is at most its limit; huge pages come in whole pages and need cpu or memory; an
 * amount of a standard resource and a volume's size are quantities. Amounts the API server takes
 * but rounds, caps or the kubelet ignores (0, below 1m of CPU or a byte, above 2^63-1) are
 * warnings. Whole numbers, limits and request == limit of extended resources are GPU001's. The
 * facts are {@link ResourceFacts}, which the core DSL's {@code build()} throws.
 */
public final class ResourceRequirementsValid extends BaseRule {
  public ResourceRequirementsValid() {
    super(
        RuleInfo.builder()
            .apiServerRejects(true)
            .id(ResourceFacts.RULE)
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
        ResourceFacts.requirements(template.spec(), template.specPath())
            .forEach(finding -> context.report(workload.object(), finding));
        ResourceFacts.amounts(template.spec(), template.specPath())
            .forEach(finding -> context.report(Severity.WARNING, workload.object(), finding));
      }
    }
  }
}
