package io.gpuspec.core.internal.rules;

import io.gpuspec.core.Fleet;
import io.gpuspec.core.NodePool;
import io.gpuspec.core.k8s.GpuResources;
import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.spi.BaseRule;
import io.gpuspec.core.spi.CheckContext;
import io.gpuspec.core.spi.PodTemplate;
import io.gpuspec.core.spi.RuleInfo;
import io.gpuspec.core.spi.Workload;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * GPU005: with the pools known, every pod that requests GPUs must fit some pool: its nodeSelector
 * and required affinity select at least one pool (a pod only schedules on a node whose labels
 * satisfy a required term: <a
 * href="https://kubernetes.io/docs/concepts/scheduling-eviction/assign-pod-node/#node-affinity">node
 * affinity</a>) and one selected pool has nodes with at least as many GPUs as the pod requests.
 * Otherwise it stays Pending forever. Untolerated taints are GPU002's part. Without a fleet the
 * rule is silent: the cluster may have nodes this input does not describe.
 */
public final class GpuPodsFitAPool extends BaseRule {
  public GpuPodsFitAPool() {
    super(
        RuleInfo.builder()
            .id("GPU005")
            .severity(Severity.ERROR)
            .title(
                "With the pools known, every GPU pod selects a pool whose nodes have enough GPUs")
            .why(
                "A pod that asks for more GPUs than any node of the pools it selects has can never schedule.")
            .fix(
                "Request at most the GPUs per node of the selected pool, or select a pool with larger nodes.")
            .addKinds("*")
            .documentation(
                "https://kubernetes.io/docs/concepts/scheduling-eviction/assign-pod-node/#node-affinity")
            .build());
  }

  @Override
  public void check(ManifestSet manifests, CheckContext context) {
    if (context.fleet().isEmpty()
        || (context.fleet().get().pools().isEmpty() && !context.fleet().get().groups().isEmpty())) {
      return; // silent without a fleet; fleets known only as nodes get the fleet check instead
    }
    Fleet fleet = context.fleet().get();
    for (Workload workload : context.workloads()) {
      for (PodTemplate template : workload.templates()) {
        long gpus = GpuResources.gpusPerPod(template.spec());
        if (gpus > 0) {
          check(workload, template, gpus, fleet, context);
        }
      }
    }
  }

  private static void check(
      Workload workload, PodTemplate template, long gpus, Fleet fleet, CheckContext context) {
    List<NodePool> selected = fleet.poolsSelectedBy(template.spec());
    String subject = Subjects.of(workload.object(), template);
    if (fleet.pools().isEmpty()) {
      context.report(
          workload.object(),
          template.specPath() + ".affinity",
          subject
              + " requests "
              + gpus
              + " GPU(s) but the fleet has no GPU pool; it can never schedule",
          "describe the GPU pools it runs on (Platform adds the pools its workloads are placed"
              + " on), or give the check the cluster's pools");
      return;
    }
    if (selected.isEmpty()) {
      context.report(
          workload.object(),
          template.specPath() + ".affinity",
          subject
              + " requests "
              + gpus
              + " GPU(s) but its nodeSelector and required node affinity match no pool of the"
              + " fleet ("
              + fleet.pools().stream().map(NodePool::name).collect(Collectors.joining(", "))
              + "); it can never schedule",
          "pin it to one pool's labels, e.g. " + describe(fleet.pools().get(0)));
      return;
    }
    if (selected.stream().noneMatch(pool -> gpusPerNode(pool) >= gpus)) {
      int most = selected.stream().mapToInt(GpuPodsFitAPool::gpusPerNode).max().orElse(0);
      context.report(
          workload.object(),
          template.specPath() + ".containers",
          subject
              + " requests "
              + gpus
              + " GPUs per pod but the nodes of the pools it selects have at most "
              + most
              + "; it can never schedule",
          "request at most " + most + " GPUs per pod, or select a pool with larger nodes");
    }
  }

  /**
   * The GPU devices one node of the pool advertises: its GPUs, or under sharing the replicas and
   * MIG instances the device plugin advertises (which resource a pod names is the sharing rules'
   * part).
   */
  private static int gpusPerNode(NodePool pool) {
    return pool.advertisedPerNode().entrySet().stream()
        .filter(entry -> GpuResources.isGpu(entry.getKey()))
        .mapToInt(Map.Entry::getValue)
        .sum();
  }

  private static String describe(NodePool pool) {
    return "pool \"" + pool.name() + "\": " + pool.selectorLabels();
  }
}
