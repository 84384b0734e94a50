package io.gpuspec.core.internal.rules;

import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.Toleration;
import io.gpuspec.core.Fleet;
import io.gpuspec.core.NodeGroup;
import io.gpuspec.core.k8s.GpuResources;
import io.gpuspec.core.k8s.NodeSelection;
import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.spi.BaseRule;
import io.gpuspec.core.spi.CheckContext;
import io.gpuspec.core.spi.PodTemplate;
import io.gpuspec.core.spi.RuleInfo;
import io.gpuspec.core.spi.Workload;
import java.math.BigDecimal;
import java.util.List;
import java.util.stream.Collectors;

/**
 * FLEET005: with the fleet known, a workload that requests no GPU may land on a GPU node group
 * exactly when its node selection (nodeSelector, required affinity with its {@code matchFields})
 * admits the group's nodes and it tolerates every {@code NoSchedule}/{@code NoExecute} taint they
 * carry (<a
 * href="https://kubernetes.io/docs/concepts/scheduling-eviction/taint-and-toleration/">Taints and
 * Tolerations</a>). There it takes the CPU, memory and pod slots that GPU pods need, so GPU pods
 * wait while the GPUs idle. GPU003 and GPU007 guess this without a fleet; this rule names the
 * groups.
 *
 * <p>A GPU group without a {@code NoSchedule}/{@code NoExecute} taint is open to every pod by the
 * cluster's choice: a pod that neither selects nodes nor tolerates a taint is not reported for it.
 *
 * <p>A warning: the pod runs, and a cluster may place small helpers on GPU nodes on purpose.
 * DaemonSets (node agents run on every node they tolerate) and pods with DRA claims (placed where
 * their devices are) are left alone; nothing is said without a fleet.
 */
public final class GpuNodesKeptForGpuWork extends BaseRule {

  /** The rule's id. */
  public static final String ID = "FLEET005";

  public GpuNodesKeptForGpuWork() {
    super(
        RuleInfo.builder()
            .id(ID)
            .severity(Severity.WARNING)
            .title("Workloads that request no GPUs cannot land on the fleet's GPU nodes")
            .why(
                "A pod without GPUs that the GPU nodes admit (by labels and taints) may be placed there and take their CPU, memory and pod slots; GPU pods then wait while the GPUs idle. It runs, so it is a warning.")
            .fix(
                "Pin nodes without GPUs (required affinity to a CPU pool's labels) and tolerate only the taints of those nodes, never a GPU node's.")
            .addKinds("*")
            .documentation(
                "https://kubernetes.io/docs/concepts/scheduling-eviction/taint-and-toleration/")
            .build());
  }

  @Override
  public void check(ManifestSet manifests, CheckContext context) {
    if (context.fleet().isEmpty()) {
      return;
    }
    List<NodeGroup> gpuGroups = gpuGroups(context.fleet().get());
    if (gpuGroups.isEmpty()) {
      return;
    }
    for (Workload workload : context.workloads()) {
      if (workload.everyNode()) {
        continue; // node agents run on every node they tolerate, on purpose
      }
      for (PodTemplate template : workload.templates()) {
        PodSpec spec = template.spec();
        if (spec == null || GpuResources.requestsGpus(spec) || GpuNodes.claimsDevices(spec)) {
          continue;
        }
        List<NodeGroup> landing = gpuGroups.stream().filter(g -> admits(spec, g)).toList();
        if (!landing.isEmpty()) {
          context.report(
              Severity.WARNING,
              workload.object(),
              template.specPath(),
              "requests no GPU but its node selection and tolerations admit the GPU node group"
                  + (landing.size() == 1 ? " " : "s ")
                  + landing.stream()
                      .map(GpuNodesKeptForGpuWork::describe)
                      .collect(Collectors.joining(", "))
                  + "; its pods can take the CPU and memory that GPU pods need there",
              "pin nodes without GPUs with required node affinity (e.g. to a CPU pool's labels) and"
                  + " drop the tolerations of those groups' taints in "
                  + template.specPath());
        }
      }
    }
  }

  /** The fleet's node groups whose nodes advertise some GPU resource. */
  static List<NodeGroup> gpuGroups(Fleet fleet) {
    return fleet.groups().stream()
        .filter(
            g ->
                g.allocatable().entrySet().stream()
                    .anyMatch(e -> GpuResources.isGpu(e.getKey()) && e.getValue().signum() > 0))
        .toList();
  }

  /**
   * Whether the pod opts into the group's nodes: its node selection admits some node of the group
   * and it tolerates their taints, and it either selects nodes at all or tolerates a taint that
   * keeps pods away (a group without such a taint is open to every pod by the cluster's choice, and
   * a pod that neither selects nor tolerates did nothing to land there).
   */
  static boolean admits(PodSpec spec, NodeGroup group) {
    List<Toleration> tolerations =
        NodeSelection.tolerations(spec).stream().filter(t -> t != null).toList();
    boolean selects =
        (spec.getNodeSelector() != null && !spec.getNodeSelector().isEmpty())
            || !NodeSelection.requiredTerms(spec).isEmpty();
    boolean guarded = group.taints().stream().anyMatch(NodeSelection::repels);
    return (selects || guarded)
        && group.selects(spec)
        && NodeSelection.firstUntolerated(tolerations, group.taints()).isEmpty();
  }

  private static String describe(NodeGroup group) {
    return group.name()
        + " ("
        + group.allocatable().entrySet().stream()
            .filter(e -> GpuResources.isGpu(e.getKey()))
            .map(e -> plain(e.getValue()) + " " + e.getKey())
            .collect(Collectors.joining(", "))
        + " per node)";
  }

  private static String plain(BigDecimal amount) {
    return amount.stripTrailingZeros().toPlainString();
  }
}
