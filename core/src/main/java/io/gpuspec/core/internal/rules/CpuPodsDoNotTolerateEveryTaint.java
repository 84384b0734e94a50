package io.gpuspec.core.internal.rules;

import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.Toleration;
import io.gpuspec.core.k8s.GpuResources;
import io.gpuspec.core.k8s.NodeSelection;
import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.spi.BaseRule;
import io.gpuspec.core.spi.CheckContext;
import io.gpuspec.core.spi.PodTemplate;
import io.gpuspec.core.spi.RuleInfo;
import io.gpuspec.core.spi.Workload;
import java.util.List;
import java.util.Set;

/**
 * GPU007: a toleration with an empty key and operator {@code Exists} tolerates every taint (<a
 * href="https://kubernetes.io/docs/concepts/scheduling-eviction/taint-and-toleration/">Kubernetes
 * documentation</a>), including the taints that keep CPU work off GPU nodes; a workload that
 * requests no GPUs and carries one can land on GPU nodes and take their CPU and memory from the GPU
 * pods. A warning: the cluster may not taint its GPU nodes.
 *
 * <p>Quiet: DaemonSets (node agents such as log shippers and monitoring run on every node on
 * purpose, and the NVIDIA device plugin tolerates only {@code nvidia.com/gpu}), workloads that
 * request GPUs (their tolerations are GPU002's and GPU003's part), and workloads whose nodeSelector
 * or required affinity already pins GPU nodes (they are meant to run there, e.g. a GPU metrics
 * exporter).
 */
public final class CpuPodsDoNotTolerateEveryTaint extends BaseRule {
  public CpuPodsDoNotTolerateEveryTaint() {
    super(
        RuleInfo.builder()
            .id("GPU007")
            .severity(Severity.WARNING)
            .title("Workloads that request no GPUs do not tolerate every taint")
            .why(
                "A toleration with an empty key and operator Exists tolerates every taint, so pods that need no GPU can land on tainted GPU nodes and take their CPU and memory.")
            .fix(
                "Tolerate only the taints the workload needs, by key; keep it off GPU nodes with required node affinity such as {key: nvidia.com/gpu.present, operator: DoesNotExist}.")
            .addKinds("*")
            .documentation(
                "https://kubernetes.io/docs/concepts/scheduling-eviction/taint-and-toleration/")
            .build());
  }

  @Override
  public void check(ManifestSet manifests, CheckContext context) {
    Set<String> gpuKeys = GpuNodes.labelKeys(context);
    for (Workload workload : context.workloads()) {
      if (workload.everyNode()) {
        continue; // node agents run on every node on purpose
      }
      for (PodTemplate template : workload.templates()) {
        PodSpec spec = template.spec();
        if (spec == null
            || GpuResources.requestsGpus(spec)
            || GpuNodes.claimsDevices(spec)
            || GpuNodes.pinned(spec, gpuKeys)) {
          continue;
        }
        List<Toleration> tolerations = NodeSelection.tolerations(spec);
        for (int i = 0; i < tolerations.size(); i++) {
          if (GpuNodes.toleratesEverything(tolerations.get(i))) {
            context.report(
                Severity.WARNING,
                workload.object(),
                template.specPath() + ".tolerations[" + i + "]",
                "requests no GPUs but tolerates every taint (operator Exists with no key);"
                    + " its pods can land on tainted GPU nodes and take their CPU and memory",
                "tolerate only the taints it needs, by key, in "
                    + template.specPath()
                    + ".tolerations; to keep it off GPU nodes add a required node-affinity term"
                    + " {key: nvidia.com/gpu.present, operator: DoesNotExist}");
            break;
          }
        }
      }
    }
  }
}
