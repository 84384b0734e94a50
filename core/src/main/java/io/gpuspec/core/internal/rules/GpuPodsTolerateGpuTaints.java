package io.gpuspec.core.internal.rules;

import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.Toleration;
import io.gpuspec.core.Fleet;
import io.gpuspec.core.NodePool;
import io.gpuspec.core.NodeTaint;
import io.gpuspec.core.k8s.GpuResources;
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
 * documentation</a>). Without a fleet only the vendors' conventional taints are known (the key is
 * the GPU resource: {@code nvidia.com/gpu} for NVIDIA's whole, shared and MIG devices, {@code
 * amd.com/gpu}, Intel's {@code gpu.intel.com/i915} or {@code xe}; the advice follows the vendor the
 * pod requests), and the ExtendedResourceToleration admission plugin may add its toleration, so a
 * miss is a warning. With a fleet, a pod that selects pools but tolerates the taints of none of
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
    for (String key : conventionalTaintKeys(template.spec())) {
      if (tolerations.stream().anyMatch(t -> toleratesConventionalTaint(t, key))) {
        continue;
      }
      context.report(
          Severity.WARNING,
          workload.object(),
          template.specPath() + ".tolerations",
          "requests "
              + GpuResources.vendor(key).map(GpuResources.Vendor::displayName).orElse("")
              + " GPUs but tolerates no "
              + key
              + " taint; GPU nodes tainted "
              + key
              + ":NoSchedule repel it unless the cluster runs the ExtendedResourceToleration"
              + " admission plugin, which adds this toleration",
          "add to "
              + template.specPath()
              + ".tolerations: {key: "
              + key
              + ", operator: Exists, effect: NoSchedule}");
    }
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

  /** Key {@code taintKey} with any value and effect NoSchedule or empty, or a wildcard. */
  static boolean toleratesConventionalTaint(Toleration toleration, String taintKey) {
    String key = toleration.getKey() == null ? "" : toleration.getKey();
    String operator = toleration.getOperator() == null ? "Equal" : toleration.getOperator();
    String effect = toleration.getEffect() == null ? "" : toleration.getEffect();
    if (!effect.isEmpty() && !effect.equals(NodeTaint.Effect.NO_SCHEDULE.text())) {
      return false;
    }
    if (key.isEmpty()) {
      return operator.equals("Exists");
    }
    return key.equals(taintKey) && (operator.equals("Exists") || operator.equals("Equal"));
  }

  private static void checkAgainstPools(
      Workload workload, PodTemplate template, Fleet fleet, CheckContext context) {
    PodSpec spec = template.spec();
    List<NodePool> selected = fleet.poolsSelectedBy(spec);
    if (selected.isEmpty() || !fleet.poolsAdmitting(spec).isEmpty()) {
      return; // no pool at all is a schedulability problem; one tolerated pool is enough
    }
    List<String> pools = new ArrayList<>();
    Set<NodeTaint> missing = new LinkedHashSet<>();
    for (NodePool pool : selected) {
      List<NodeTaint> untolerated =
          pool.taints().stream().filter(t -> t.effect().repels() && !t.toleratedBy(spec)).toList();
      missing.addAll(untolerated);
      pools.add(
          "\""
              + pool.name()
              + "\" ("
              + String.join(", ", untolerated.stream().map(NodeTaint::toString).toList())
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
        "add to "
            + template.specPath()
            + ".tolerations: "
            + String.join(", ", missing.stream().map(Subjects::toleration).toList()));
  }
}
