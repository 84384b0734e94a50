package io.gpuspec.core.fleet;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.Taint;
import io.fabric8.kubernetes.api.model.TaintBuilder;
import io.gpuspec.core.Fleet;
import io.gpuspec.core.NodeGroup;
import io.gpuspec.core.facts.FleetFacts;
import io.gpuspec.core.k8s.GpuResources;
import io.gpuspec.core.manifest.ReadProblem;
import io.gpuspec.core.manifest.ReadResult;
import io.gpuspec.core.manifest.YamlRenderer;
import io.gpuspec.core.report.ObjectRef;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.report.Violation;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;

/**
 * Reads a {@link Fleet} from YAML: gpuspec fleet files ({@code apiVersion: gpuspec.io/v1alpha1,
 * kind: Fleet}, format in {@code docs/fleet.md}) and real node lists ({@code kubectl get nodes -o
 * yaml}, a {@code v1 List} of Nodes), whose identical nodes are grouped.
 */
public final class FleetFiles {

  /** Rule id of a problem in a fleet file's content. */
  static final String INVALID_FLEET = FleetFacts.RULE;

  static final String API_VERSION = FleetFacts.API_VERSION;
  static final String KIND = FleetFacts.KIND;

  /** Node labels that differ per node and so do not split groups. */
  private static final List<String> PER_NODE_LABELS = List.of("kubernetes.io/hostname");

  /** Labels that name a node pool in common clusters, to name groups after. */
  private static final List<String> POOL_LABELS =
      List.of(
          "gpu.pool",
          "cloud.google.com/gke-nodepool",
          "eks.amazonaws.com/nodegroup",
          "karpenter.sh/nodepool",
          "kubernetes.azure.com/agentpool",
          "agentpool",
          "node.kubernetes.io/instance-type");

  private FleetFiles() {}

  /**
   * The fleet in what the reader read from {@code paths}: Fleet documents and Nodes, grouped; the
   * reader's problems except the unknown kind of a Fleet document, and the fleet's own.
   */
  public static FleetRead read(ReadResult read, List<Path> paths) {
    List<Violation> problems = new ArrayList<>();
    for (Violation problem : read.problems()) {
      boolean fleetKind =
          problem.object().apiVersion().equals(API_VERSION) && problem.object().kind().equals(KIND);
      if (!(fleetKind && problem.ruleId().equals(ReadProblem.YAML004.id()))) {
        problems.add(problem);
      }
    }
    List<NodeGroup> groups = new ArrayList<>();
    List<Node> nodes = new ArrayList<>();
    for (HasMetadata object : read.manifests()) {
      if (object instanceof Node node) {
        nodes.add(node);
      } else if (object instanceof GenericKubernetesResource fleet
          && API_VERSION.equals(fleet.getApiVersion())
          && KIND.equals(fleet.getKind())) {
        new FleetSpec(fleet, read, problems).groups().forEach(groups::add);
      }
    }
    groups.addAll(group(nodes));
    boolean errors = problems.stream().anyMatch(p -> p.severity() == Severity.ERROR);
    if (groups.isEmpty() && !errors) {
      problems.add(
          new Violation(
              INVALID_FLEET,
              Severity.ERROR,
              new ObjectRef("", "", "", String.valueOf(paths)),
              "<root>",
              "no node groups and no Nodes found",
              "give a gpuspec.io/v1alpha1 Fleet file or the output of kubectl get nodes -o yaml",
              Optional.empty()));
      errors = true;
    }
    return new FleetRead(errors ? Optional.empty() : Optional.of(Fleet.ofGroups(groups)), problems);
  }

  /** A fleet as a gpuspec Fleet document ({@code docs/fleet.md}), deterministic. */
  public static String render(Fleet fleet, String name) {
    List<Map<String, Object>> groups = new ArrayList<>();
    for (NodeGroup group : fleet.groups()) {
      Map<String, Object> entry = new LinkedHashMap<>();
      entry.put("name", group.name());
      entry.put("count", group.nodeCount());
      entry.put("labels", new TreeMap<>(group.labels()));
      List<Map<String, String>> taints = new ArrayList<>();
      for (Taint taint : group.taints()) {
        Map<String, String> t = new LinkedHashMap<>();
        t.put("key", taint.getKey());
        if (taint.getValue() != null && !taint.getValue().isEmpty()) {
          t.put("value", taint.getValue());
        }
        t.put("effect", taint.getEffect());
        taints.add(t);
      }
      entry.put("taints", taints);
      Map<String, String> allocatable = new TreeMap<>();
      group
          .allocatable()
          .forEach((k, v) -> allocatable.put(k, v.stripTrailingZeros().toPlainString()));
      entry.put("allocatable", allocatable);
      groups.add(entry);
    }
    GenericKubernetesResource document = new GenericKubernetesResource();
    document.setApiVersion(API_VERSION);
    document.setKind(KIND);
    document.setMetadata(new ObjectMetaBuilder().withName(name).build());
    document.setAdditionalProperty("spec", Map.of("nodeGroups", groups));
    return YamlRenderer.render(document);
  }

  /** Identical nodes (same labels but per-node ones, taints and allocatable) form one group. */
  static List<NodeGroup> group(List<Node> nodes) {
    Map<String, List<Node>> byShape = new LinkedHashMap<>();
    Map<String, NodeGroup> shapes = new LinkedHashMap<>();
    for (Node node : nodes) {
      Map<String, String> labels =
          new TreeMap<>(
              node.getMetadata() == null || node.getMetadata().getLabels() == null
                  ? Map.of()
                  : node.getMetadata().getLabels());
      PER_NODE_LABELS.forEach(labels::remove);
      List<Taint> taints = new ArrayList<>();
      if (node.getSpec() != null && node.getSpec().getTaints() != null) {
        node.getSpec().getTaints().stream().filter(t -> t != null).forEach(taints::add);
      }
      if (node.getSpec() != null && Boolean.TRUE.equals(node.getSpec().getUnschedulable())) {
        taints.add(
            new TaintBuilder()
                .withKey("node.kubernetes.io/unschedulable")
                .withEffect("NoSchedule")
                .build());
      }
      taints.sort(Comparator.comparing(FleetFiles::taintText));
      Map<String, BigDecimal> allocatable = new TreeMap<>();
      Map<String, Quantity> source =
          node.getStatus() == null
              ? null
              : node.getStatus().getAllocatable() != null
                  ? node.getStatus().getAllocatable()
                  : node.getStatus().getCapacity();
      if (source != null) {
        source.forEach(
            (name, quantity) ->
                GpuResources.amount(quantity).ifPresent(amount -> allocatable.put(name, amount)));
      }
      String shape =
          labels + "|" + taints.stream().map(FleetFiles::taintText).toList() + "|" + allocatable;
      byShape.computeIfAbsent(shape, k -> new ArrayList<>()).add(node);
      shapes.putIfAbsent(shape, new NodeGroup("", 0, labels, taints, allocatable));
    }
    List<NodeGroup> groups = new ArrayList<>();
    Map<String, Integer> names = new TreeMap<>();
    for (Map.Entry<String, List<Node>> entry : byShape.entrySet()) {
      NodeGroup shape = Objects.requireNonNull(shapes.get(entry.getKey()));
      String name = groupName(shape.labels(), entry.getValue());
      int seen = names.merge(name, 1, Integer::sum);
      List<String> nodeNames = new ArrayList<>();
      for (Node node : entry.getValue()) {
        if (node.getMetadata() != null && node.getMetadata().getName() != null) {
          nodeNames.add(node.getMetadata().getName());
        }
      }
      groups.add(
          new NodeGroup(
              seen == 1 ? name : name + "-" + seen,
              entry.getValue().size(),
              shape.labels(),
              shape.taints(),
              shape.allocatable(),
              // names are known only when every node has one
              nodeNames.size() == entry.getValue().size() ? nodeNames : List.of()));
    }
    return groups;
  }

  private static String groupName(Map<String, String> labels, List<Node> nodes) {
    for (String key : POOL_LABELS) {
      if (labels.containsKey(key)) {
        return labels.get(key);
      }
    }
    String first =
        nodes.get(0).getMetadata() == null
            ? "node"
            : String.valueOf(nodes.get(0).getMetadata().getName());
    return nodes.size() == 1 ? first : first + "+" + (nodes.size() - 1);
  }

  private static String taintText(Taint taint) {
    return taint.getKey() + "=" + taint.getValue() + ":" + taint.getEffect();
  }
}
