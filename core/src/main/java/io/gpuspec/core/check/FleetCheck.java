package io.gpuspec.core.check;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.NodeSelectorRequirement;
import io.fabric8.kubernetes.api.model.NodeSelectorTerm;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.Taint;
import io.fabric8.kubernetes.api.model.Toleration;
import io.gpuspec.core.Fleet;
import io.gpuspec.core.NodeGroup;
import io.gpuspec.core.k8s.GpuResources;
import io.gpuspec.core.k8s.NodeSelection;
import io.gpuspec.core.k8s.PodRequests;
import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.report.ObjectRef;
import io.gpuspec.core.spi.PodTemplate;
import io.gpuspec.core.spi.Workload;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * "Will this ever schedule on our pools, and why not": evaluates the scheduler's filters for every
 * pod template of every workload against every node group of a {@link Fleet} — node labels against
 * {@code nodeSelector} and required node affinity, taints against tolerations, the pod's requests
 * against one node's allocatable resources — and, for gangs, whether the whole gang fits at once.
 *
 * <p>A fleet made only of GPU node groups (e.g. the DSL's pools) says nothing about the CPU nodes
 * of a cluster, so pod templates that request no GPU are judged only when the fleet has a group
 * without GPUs (as a node list read from {@code kubectl get nodes} has).
 *
 * <p>Identical pod demands are evaluated once per node group, so the cost grows with the number of
 * distinct templates times the number of groups, not with pods times nodes.
 */
public final class FleetCheck {

  private final RuleEngine engine;
  private final Fleet fleet;

  FleetCheck(RuleEngine engine, Fleet fleet) {
    this.engine = engine;
    this.fleet = fleet;
  }

  /** What one pod of a template needs from a node; equal demands share one evaluation. */
  record Demand(
      Map<String, String> nodeSelector,
      List<NodeSelectorTerm> requiredTerms,
      List<Toleration> tolerations,
      Map<String, BigDecimal> requests) {

    static Demand of(PodSpec spec) {
      return new Demand(
          spec.getNodeSelector() == null ? Map.of() : Map.copyOf(spec.getNodeSelector()),
          List.copyOf(NodeSelection.requiredTerms(spec)),
          NodeSelection.tolerations(spec).stream().filter(t -> t != null).toList(),
          PodRequests.of(spec));
    }

    long gpus() {
      return requests.entrySet().stream()
          .filter(e -> GpuResources.isGpu(e.getKey()))
          .mapToLong(e -> e.getValue().setScale(0, RoundingMode.CEILING).longValue())
          .sum();
    }
  }

  /** Whether one pod of a demand fits one node of a group, and if not, why. */
  record Fit(boolean fits, String reason, long podsPerNode) {}

  /** Checks every workload of the set. */
  public FleetReport check(ManifestSet manifests) {
    Map<Demand, List<Fit>> cache = new HashMap<>();
    List<FleetReport.Placement> placements = new ArrayList<>();
    List<NodeGroup> groups = fleet.groups();
    boolean knowsCpuNodes =
        groups.stream()
            .anyMatch(g -> g.allocatable().keySet().stream().noneMatch(GpuResources::isGpu));
    for (HasMetadata object : manifests) {
      Optional<Workload> workload = engine.workload(object);
      if (workload.isEmpty()) {
        continue;
      }
      for (PodTemplate template : workload.get().templates()) {
        if (template.replicas() <= 0) {
          continue;
        }
        Demand demand = Demand.of(template.spec());
        if (demand.gpus() == 0 && !knowsCpuNodes) {
          continue; // a fleet of GPU pools says nothing about where CPU-only pods run
        }
        List<Fit> fits = cache.computeIfAbsent(demand, d -> evaluate(d, groups));
        Map<String, String> blocked = new LinkedHashMap<>();
        List<String> fitting = new ArrayList<>();
        long capacity = 0;
        for (int i = 0; i < groups.size(); i++) {
          NodeGroup group = groups.get(i);
          Fit fit = fits.get(i);
          if (fit.fits()) {
            fitting.add(group.name());
            capacity += fit.podsPerNode() * group.nodeCount();
          } else {
            blocked.put(group.name(), fit.reason());
          }
        }
        placements.add(
            new FleetReport.Placement(
                ObjectRef.of(object),
                template.role(),
                template.specPath(),
                template.replicas(),
                demand.gpus(),
                fitting,
                blocked,
                capacity,
                workload.get().distributed(),
                manifests.sourceOf(object, template.specPath())));
      }
    }
    return new FleetReport(placements, groups);
  }

  private static List<Fit> evaluate(Demand demand, List<NodeGroup> groups) {
    List<Fit> fits = new ArrayList<>(groups.size());
    for (NodeGroup group : groups) {
      fits.add(fit(demand, group));
    }
    return fits;
  }

  /** The scheduler's filters, in its order: node selection, taints, resources. */
  static Fit fit(Demand demand, NodeGroup group) {
    Map<String, String> labels = group.labels();
    for (Map.Entry<String, String> entry : demand.nodeSelector().entrySet()) {
      String has = labels.get(entry.getKey());
      if (!entry.getValue().equals(has)) {
        return new Fit(
            false,
            "nodeSelector "
                + entry.getKey()
                + "="
                + entry.getValue()
                + " but nodes have "
                + (has == null ? "no " + entry.getKey() + " label" : entry.getKey() + "=" + has),
            0);
      }
    }
    if (!demand.requiredTerms().isEmpty()
        && demand.requiredTerms().stream().noneMatch(t -> NodeSelection.matches(t, labels))) {
      return new Fit(
          false, "required node affinity " + describe(demand.requiredTerms(), labels), 0);
    }
    for (Taint taint : group.taints()) {
      if (NodeSelection.repels(taint)
          && demand.tolerations().stream().noneMatch(t -> NodeSelection.tolerates(t, taint))) {
        return new Fit(
            false,
            "untolerated taint "
                + taint.getKey()
                + (taint.getValue() == null || taint.getValue().isEmpty()
                    ? ""
                    : "=" + taint.getValue())
                + ":"
                + taint.getEffect(),
            0);
      }
    }
    long podsPerNode = Long.MAX_VALUE;
    for (Map.Entry<String, BigDecimal> request : demand.requests().entrySet()) {
      String resource = request.getKey();
      BigDecimal has = group.allocatable().get(resource);
      if (has == null) {
        if (NodeGroup.unlimitedWhenUnlisted(resource)) {
          continue;
        }
        return new Fit(false, "needs " + resource + " but nodes have none", 0);
      }
      if (has.compareTo(request.getValue()) < 0) {
        return new Fit(
            false,
            "needs "
                + plain(request.getValue())
                + " "
                + resource
                + " per pod, nodes have "
                + plain(has),
            0);
      }
      podsPerNode =
          Math.min(
              podsPerNode,
              has.divide(request.getValue(), 0, RoundingMode.FLOOR)
                  .min(BigDecimal.valueOf(1_000_000))
                  .longValue());
    }
    return new Fit(true, "", podsPerNode == Long.MAX_VALUE ? 1_000_000 : podsPerNode);
  }

  private static String describe(List<NodeSelectorTerm> terms, Map<String, String> labels) {
    List<String> parts = new ArrayList<>();
    for (NodeSelectorTerm term : terms) {
      List<String> failing = new ArrayList<>();
      for (NodeSelectorRequirement r :
          term.getMatchExpressions() == null
              ? List.<NodeSelectorRequirement>of()
              : term.getMatchExpressions()) {
        if (!NodeSelection.matches(r.getKey(), r.getOperator(), r.getValues(), labels)) {
          String has = labels.get(r.getKey());
          failing.add(
              r.getKey()
                  + " "
                  + r.getOperator()
                  + (r.getValues() == null || r.getValues().isEmpty() ? "" : " " + r.getValues())
                  + " (nodes have "
                  + (has == null ? "no such label" : r.getKey() + "=" + has)
                  + ")");
        }
      }
      parts.add(failing.isEmpty() ? "an empty term" : String.join(" and ", failing));
    }
    return "needs " + String.join(", or ", parts);
  }

  private static String plain(BigDecimal amount) {
    return amount.stripTrailingZeros().toPlainString();
  }
}
