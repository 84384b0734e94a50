package io.gpuspec.core.fleet;

import io.fabric8.kubernetes.api.model.Taint;
import io.fabric8.kubernetes.api.model.TaintBuilder;
import io.gpuspec.core.NodeGroup;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.jspecify.annotations.Nullable;

/**
 * Identical nodes counted as they come, one node at a time: what grouping keeps per group is its
 * shape, its node count and its node names, never the nodes. Groups are in the order their first
 * node came; {@link #addAll} appends another grouping as if its nodes had come after these.
 */
final class NodeGrouping {

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

  /** One node: where it sorts, its name and the index of its shape. */
  private record Entry(
      String namespace, String sortName, @Nullable String name, boolean metadata, int shape) {}

  /** The shapes, each once, in the order they first came; a shape's first name for its group. */
  private final Map<String, Integer> shapeIndex = new HashMap<>();

  private final List<NodeGroup> shapes = new ArrayList<>();
  private final List<Entry> entries = new ArrayList<>();

  /**
   * One node as read: its namespace and name (null when it has none; {@code metadata} tells whether
   * it had metadata at all, which names an unlabelled group "node"), labels, taints as written,
   * whether it is cordoned ({@code spec.unschedulable}) and what it can allocate (unparsable
   * quantities left out by the caller).
   */
  void add(
      @Nullable String namespace,
      @Nullable String name,
      boolean metadata,
      Map<String, String> labels,
      List<Taint> taints,
      boolean unschedulable,
      Map<String, BigDecimal> allocatable) {
    Map<String, String> shapeLabels = new TreeMap<>(labels);
    PER_NODE_LABELS.forEach(shapeLabels::remove);
    List<Taint> shapeTaints = new ArrayList<>(taints);
    if (unschedulable) {
      shapeTaints.add(
          new TaintBuilder()
              .withKey("node.kubernetes.io/unschedulable")
              .withEffect("NoSchedule")
              .build());
    }
    shapeTaints.sort(Comparator.comparing(NodeGrouping::taintText));
    Map<String, BigDecimal> shapeAllocatable = new TreeMap<>(allocatable);
    String key =
        shapeLabels
            + "|"
            + shapeTaints.stream().map(NodeGrouping::taintText).toList()
            + "|"
            + shapeAllocatable;
    Integer index = shapeIndex.get(key);
    if (index == null) {
      index = shapes.size();
      shapeIndex.put(key, index);
      shapes.add(new NodeGroup("", 0, shapeLabels, shapeTaints, shapeAllocatable));
    }
    entries.add(
        new Entry(
            namespace == null ? "" : namespace, name == null ? "" : name, name, metadata, index));
  }

  /** Appends the other grouping's nodes after these. */
  void addAll(NodeGrouping other) {
    int[] map = new int[other.shapes.size()];
    for (Map.Entry<String, Integer> shape : other.shapeIndex.entrySet()) {
      Integer ours = shapeIndex.get(shape.getKey());
      if (ours == null) {
        ours = shapes.size();
        shapeIndex.put(shape.getKey(), ours);
        shapes.add(other.shapes.get(shape.getValue()));
      }
      map[shape.getValue()] = ours;
    }
    for (Entry e : other.entries) {
      entries.add(new Entry(e.namespace(), e.sortName(), e.name(), e.metadata(), map[e.shape()]));
    }
  }

  /** How many nodes were added. */
  int nodeCount() {
    return entries.size();
  }

  /**
   * The groups, named after their pool label or their first node, in the order of their first node
   * when nodes are ordered as a manifest set orders them (by namespace, then name; stable).
   */
  List<NodeGroup> groups() {
    List<Entry> sorted = new ArrayList<>(entries);
    sorted.sort(Comparator.comparing(Entry::namespace).thenComparing(Entry::sortName));
    Map<Integer, List<Entry>> byShape = new LinkedHashMap<>();
    for (Entry entry : sorted) {
      byShape.computeIfAbsent(entry.shape(), k -> new ArrayList<>()).add(entry);
    }
    List<NodeGroup> groups = new ArrayList<>();
    Map<String, Integer> names = new TreeMap<>();
    for (Map.Entry<Integer, List<Entry>> shape : byShape.entrySet()) {
      NodeGroup t = shapes.get(shape.getKey());
      List<Entry> nodes = shape.getValue();
      String name = groupName(t.labels(), nodes);
      int seen = names.merge(name, 1, Integer::sum);
      List<String> nodeNames = new ArrayList<>(nodes.size());
      for (Entry node : nodes) {
        if (node.metadata() && node.name() != null) {
          nodeNames.add(node.name());
        }
      }
      groups.add(
          new NodeGroup(
              seen == 1 ? name : name + "-" + seen,
              nodes.size(),
              t.labels(),
              t.taints(),
              t.allocatable(),
              // names are known only when every node has one
              nodeNames.size() == nodes.size() ? nodeNames : List.of()));
    }
    return groups;
  }

  private static String groupName(Map<String, String> labels, List<Entry> nodes) {
    for (String key : POOL_LABELS) {
      if (labels.containsKey(key)) {
        return labels.get(key);
      }
    }
    String first = nodes.get(0).metadata() ? String.valueOf(nodes.get(0).name()) : "node";
    return nodes.size() == 1 ? first : first + "+" + (nodes.size() - 1);
  }

  static String taintText(Taint taint) {
    return taint.getKey() + "=" + taint.getValue() + ":" + taint.getEffect();
  }
}
