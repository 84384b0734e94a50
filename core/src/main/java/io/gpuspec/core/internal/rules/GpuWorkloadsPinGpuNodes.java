package io.gpuspec.core.internal.rules;

import io.fabric8.kubernetes.api.model.PodSpec;
import io.gpuspec.core.k8s.GpuResources;
import io.gpuspec.core.k8s.GpuResources.Vendor;
import io.gpuspec.core.k8s.NodeSelection;
import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.spi.BaseRule;
import io.gpuspec.core.spi.CheckContext;
import io.gpuspec.core.spi.ModelPin;
import io.gpuspec.core.spi.PodTemplate;
import io.gpuspec.core.spi.RuleInfo;
import io.gpuspec.core.spi.Workload;
import java.util.Set;

/**
 * GPU008: a workload that requests GPUs pins GPU nodes with a nodeSelector or required node
 * affinity on a GPU label or model (<a
 * href="https://kubernetes.io/docs/tasks/manage-gpus/scheduling-gpus/#clusters-containing-different-types-of-gpus">Kubernetes
 * documentation</a>).
 *
 * <ul>
 *   <li>A DaemonSet without one creates a pod for every node it tolerates, and the pods on nodes
 *       without GPUs stay Pending: the DaemonSet controller places its pods by node affinity and
 *       taints, not by resources (<a
 *       href="https://kubernetes.io/docs/concepts/workloads/controllers/daemonset/#how-daemon-pods-are-scheduled">DaemonSet
 *       scheduling</a>).
 *   <li>Other workloads schedule only on nodes that advertise the GPU resource, so without a pin
 *       they still reach GPU nodes, but any model. That matters only where the cluster has several
 *       models: the rule reports them when the fleet is known and its pools the pods can land on
 *       have more than one GPU model. Without a fleet they stay quiet, as the upstream examples
 *       that request {@code nvidia.com/gpu} with no node selection do.
 * </ul>
 *
 * A warning: a cluster whose every node has GPUs runs such a DaemonSet fine. Quiet as well where
 * another rule reports the missing pin on the same template (a GPU toleration without a pin:
 * GPU003; the training replicas of a distributed workload: GPU004), and for pods with DRA resource
 * claims, which are placed by their claims. The NVIDIA device plugin's own DaemonSet requests no
 * GPU and stays quiet.
 */
public final class GpuWorkloadsPinGpuNodes extends BaseRule {
  public GpuWorkloadsPinGpuNodes() {
    super(
        RuleInfo.builder()
            .id("GPU008")
            .severity(Severity.WARNING)
            .title(
                "Workloads that request GPUs pin GPU nodes with a nodeSelector or required node affinity")
            .why(
                "Without a GPU node selection a GPU DaemonSet creates pods on every node, which stay Pending where there are no GPUs; with several GPU models in the fleet other GPU workloads land on whatever model is free.")
            .fix(
                "Add a nodeSelector or required node-affinity term on the GPU model label, e.g. nvidia.com/gpu.product.")
            .addKinds("*")
            .documentation(
                "https://kubernetes.io/docs/tasks/manage-gpus/scheduling-gpus/#clusters-containing-different-types-of-gpus")
            .build());
  }

  @Override
  public void check(ManifestSet manifests, CheckContext context) {
    Set<String> gpuKeys = GpuNodes.labelKeys(context);
    for (Workload workload : context.workloads()) {
      for (PodTemplate template : workload.templates()) {
        PodSpec spec = template.spec();
        if (spec == null
            || !GpuResources.requestsGpus(spec)
            || GpuNodes.pinned(spec, gpuKeys)
            || GpuNodes.claimsDevices(spec)
            || reportedElsewhere(workload, template, context)) {
          continue;
        }
        ModelPin pin = ModelPin.of(spec, context);
        if (!workload.everyNode() && !(context.fleet().isPresent() && pin.admitsSeveral())) {
          continue; // resource fit keeps it on GPU nodes; the cluster has one model as far as known
        }
        Vendor vendor = GpuResources.vendors(spec).iterator().next();
        context.report(
            Severity.WARNING,
            workload.object(),
            template.specPath(),
            "requests "
                + vendor.displayName()
                + " GPUs but its nodeSelector and required node affinity pin no GPU node label"
                + (workload.everyNode()
                    ? "; the DaemonSet creates a pod on every node it tolerates, and those on"
                        + " nodes without GPUs stay Pending"
                    : "; its pods can land on nodes labelled " + pin.describe()),
            "add to "
                + template.specPath()
                + ".affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution a term"
                + " on the GPU label, e.g. "
                + (workload.everyNode() && vendor == Vendor.NVIDIA
                    ? "{key: nvidia.com/gpu.present, operator: In, values: [\"true\"]} (GPU"
                        + " Feature Discovery)"
                    : GpuTolerationsPairedWithAffinity.exampleTerm(vendor))
                + ", or a nodeSelector on it");
      }
    }
  }

  /** Whether GPU003 (a GPU toleration) or GPU004 (a training replica) reports this template. */
  private static boolean reportedElsewhere(
      Workload workload, PodTemplate template, CheckContext context) {
    return (!workload.everyNode()
            && NodeSelection.tolerations(template.spec()).stream()
                .anyMatch(
                    t -> GpuTolerationsPairedWithAffinity.isGpuToleration(t, context.fleet())))
        || (workload.distributed() && OneGpuModelPerJob.trains(template));
  }
}
