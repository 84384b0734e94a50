package io.gpuspec.core.internal.rules;

import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.Taint;
import io.fabric8.kubernetes.api.model.Toleration;
import io.gpuspec.core.Fleet;
import io.gpuspec.core.NodeGroup;
import io.gpuspec.core.k8s.GpuResources;
import io.gpuspec.core.k8s.GpuTaints;
import io.gpuspec.core.k8s.NodeSelection;
import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.spi.BaseRule;
import io.gpuspec.core.spi.CheckContext;
import io.gpuspec.core.spi.PodTemplate;
import io.gpuspec.core.spi.RuleInfo;
import io.gpuspec.core.spi.Workload;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * GPU002: GPU pods must tolerate the taints of GPU nodes, or they stay Pending (<a
 * href="https://kubernetes.io/docs/concepts/scheduling-eviction/taint-and-toleration/#example-use-cases">Kubernetes
 * documentation</a>). Without a fleet, the pod is judged against the taints GPU node pools commonly
 * carry ({@link GpuTaints}: GKE's {@code nvidia.com/gpu=present}, EKS's and the GPU Operator's
 * {@code nvidia.com/gpu}, AKS's {@code sku=gpu}, {@code dedicated=gpu}, AMD's and Intel's resource
 * keys), matched exactly as the scheduler does: a pod that tolerates none of them gets a warning
 * (the cluster's own taints are not known, and the ExtendedResourceToleration admission plugin may
 * add its toleration). With a fleet, a pod that selects pools but tolerates the taints of none of
 * them can never schedule.
 */
public final class GpuPodsTolerateGpuTaints extends BaseRule {
  public GpuPodsTolerateGpuTaints() {
    super(
        RuleInfo.builder()
            .id("GPU002")
            .severity(Severity.ERROR)
            .title("Pods that request GPUs tolerate the taints of the GPU nodes they select")
            .why(
                "GPU nodes are usually tainted; a GPU pod that does not tolerate the taints of the nodes it selects stays Pending forever.")
            .fix("Add a toleration for each taint of the GPU pool the pod is placed on.")
            .addKinds("*")
            .documentation(
                "https://kubernetes.io/docs/concepts/scheduling-eviction/taint-and-toleration/#example-use-cases")
            .build());
  }

  @Override
  public void check(ManifestSet manifests, CheckContext context) {
    for (Workload workload : context.workloads()) {
      for (PodTemplate template : workload.templates()) {
        if (!GpuResources.requestsGpus(template.spec())) {
          continue;
        }
        Optional<Fleet> fleet = context.fleet();
        if (fleet.isPresent()) {
          checkAgainstPools(workload, template, fleet.get(), context);
        } else {
          checkConventionalTaint(workload, template, context);
        }
      }
    }
  }

  private static void checkConventionalTaint(
      Workload workload, PodTemplate template, CheckContext context) {
    List<Toleration> tolerations = NodeSelection.tolerations(template.spec());
    List<GpuTaints.Common> common = GpuTaints.forPod(template.spec());
    if (common.isEmpty() || GpuTaints.toleratesAny(tolerations, common)) {
      return;
    }
    Set<String> keys = conventionalTaintKeys(template.spec());
    String vendors =
        String.join(
            " and ",
            keys.stream()
                .map(k -> GpuResources.vendor(k).map(GpuResources.Vendor::displayName).orElse(k))
                .toList());
    context.report(
        Severity.WARNING,
        workload.object(),
        template.specPath() + ".tolerations",
        "requests "
            + vendors
            + " GPUs but tolerates none of the taints GPU nodes commonly carry ("
            + GpuTaints.describe(common)
            + "); GPU nodes with such a taint repel it unless the cluster runs the"
            + " ExtendedResourceToleration admission plugin, which adds a toleration of "
            + String.join(" and ", keys),
        "add to "
            + template.specPath()
            + ".tolerations: "
            + String.join(
                ", ",
                keys.stream()
                    .map(k -> "{key: " + k + ", operator: Exists, effect: NoSchedule}")
                    .toList())
            + ", or the toleration of your GPU nodes' taint");
  }

  /**
   * The taint keys GPU nodes conventionally carry for the GPUs a pod requests: the vendor's
   * whole-GPU resource name ({@code nvidia.com/gpu} also for shared and MIG devices, {@code
   * amd.com/gpu}; Intel's GPU resource as requested), which is also the key of the toleration the
   * ExtendedResourceToleration admission plugin adds.
   */
  static Set<String> conventionalTaintKeys(PodSpec spec) {
    Set<String> keys = new LinkedHashSet<>();
    for (String resource : GpuResources.gpuRequests(spec).keySet()) {
      GpuResources.vendor(resource)
          .ifPresent(
              vendor ->
                  keys.add(
                      vendor == GpuResources.Vendor.INTEL ? resource : vendor.wholeGpuResource()));
    }
    return keys;
  }

  /**
   * With a fleet: the GPU node groups (pools, or groups of a node list that offer a GPU resource)
   * whose labels and node names the pod selects; an error when it tolerates the taints of none.
   */
  private static void checkAgainstPools(
      Workload workload, PodTemplate template, Fleet fleet, CheckContext context) {
    PodSpec spec = template.spec();
    List<Toleration> tolerations = NodeSelection.tolerations(spec);
    List<NodeGroup> selected =
        fleet.groups().stream()
            .filter(g -> g.allocatable().keySet().stream().anyMatch(GpuResources::isGpu))
            .filter(g -> g.selects(spec))
            .toList();
    if (selected.isEmpty()
        || selected.stream()
            .anyMatch(g -> NodeSelection.firstUntolerated(tolerations, g.taints()).isEmpty())) {
      return; // no pool at all is a schedulability problem; one tolerated pool is enough
    }
    List<String> pools = new ArrayList<>();
    Set<String> missing = new LinkedHashSet<>();
    for (NodeGroup group : selected) {
      List<Taint> untolerated =
          group.taints().stream()
              .filter(t -> NodeSelection.repels(t) && !NodeSelection.tolerates(tolerations, t))
              .toList();
      untolerated.forEach(t -> missing.add(Subjects.toleration(t)));
      pools.add(
          "\""
              + group.name()
              + "\" ("
              + String.join(", ", untolerated.stream().map(Subjects::taint).toList())
              + ")");
    }
    context.report(
        Severity.ERROR,
        workload.object(),
        template.specPath() + ".tolerations",
        "requests GPUs and selects "
            + (pools.size() == 1 ? "pool " : "pools ")
            + String.join(", ", pools)
            + " but does not tolerate those taints; its pods can never schedule",
        "add to " + template.specPath() + ".tolerations: " + String.join(", ", missing));
  }
}
