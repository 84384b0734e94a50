package io.gpuspec.core.fleet;

import io.gpuspec.core.NodeGroup;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/**
 * Whether the pods of one gang, of several pod templates, can all run at once: a search that puts
 * every pod on a node of a group it fits, within each node's allocatable resources. Nodes of one
 * group with the same resources left are interchangeable and pods of one template too, so each
 * choice is tried once; the search gives up (no answer) after a bounded amount of work.
 */
final class GangFit {

  /** Placement attempts before the search gives up. */
  static final long BUDGET = 200_000;

  /**
   * The pods of one template in a gang.
   *
   * @param pods how many
   * @param requests what one pod requests
   * @param fitting the node groups one pod fits on its own
   * @param names per fitting group whose nodes' names are known, the names of the nodes its {@code
   *     matchFields} admit; a group not listed admits the pod on every node
   */
  record Need(
      int pods,
      Map<String, BigDecimal> requests,
      List<String> fitting,
      Map<String, Set<String>> names) {

    Need(int pods, Map<String, BigDecimal> requests, List<String> fitting) {
      this(pods, requests, fitting, Map.of());
    }
  }

  /** One node of a group, with its name when the group knows it (else empty). */
  private record Node(int group, String name, Map<String, BigDecimal> left) {}

  private final List<Node> nodes = new ArrayList<>();
  private final List<Integer> groupOfNode = new ArrayList<>();

  /** Per node, which needs admit it by name: nodes of one group alike here are interchangeable. */
  private final List<String> admittedBy = new ArrayList<>();

  private final List<Need> pods = new ArrayList<>();
  private final List<List<Integer>> candidates = new ArrayList<>();
  private long work;

  private GangFit(List<Need> needs, List<NodeGroup> groups) {
    int total = needs.stream().mapToInt(Need::pods).sum();
    List<String> names = groups.stream().map(NodeGroup::name).toList();
    for (int g = 0; g < groups.size(); g++) {
      NodeGroup group = groups.get(g);
      boolean named = needs.stream().anyMatch(n -> n.names().containsKey(group.name()));
      if (named) {
        // pods pinned by name: every node counts as itself
        for (String name : group.nodeNames()) {
          nodes.add(new Node(g, name, new TreeMap<>(group.allocatable())));
          groupOfNode.add(g);
        }
        continue;
      }
      // a gang of n pods uses at most n nodes of a group
      long copies = Math.min(group.nodeCount(), total);
      for (int i = 0; i < copies; i++) {
        nodes.add(new Node(g, "", new TreeMap<>(group.allocatable())));
        groupOfNode.add(g);
      }
    }
    for (Node node : nodes) {
      StringBuilder by = new StringBuilder();
      for (Need need : needs) {
        Set<String> admitted = need.names().get(names.get(node.group()));
        by.append(admitted == null || admitted.contains(node.name()) ? '1' : '0');
      }
      admittedBy.add(by.toString());
    }
    List<Need> sorted = new ArrayList<>(needs);
    sorted.sort((a, b) -> gpus(b).compareTo(gpus(a)));
    for (Need need : sorted) {
      List<Integer> allowed = new ArrayList<>();
      for (int n = 0; n < nodes.size(); n++) {
        String group = names.get(groupOfNode.get(n));
        Set<String> admitted = need.names().get(group);
        if (need.fitting().contains(group)
            && (admitted == null || admitted.contains(nodes.get(n).name()))) {
          allowed.add(n);
        }
      }
      for (int i = 0; i < need.pods(); i++) {
        pods.add(need);
        candidates.add(allowed);
      }
    }
  }

  /** Whether the needs fit the groups at once; empty when the search gave up. */
  static Optional<Boolean> fits(List<Need> needs, List<NodeGroup> groups) {
    GangFit search = new GangFit(needs, groups);
    try {
      return Optional.of(search.place(0, 0));
    } catch (GaveUp e) {
      return Optional.empty();
    }
  }

  private static final class GaveUp extends RuntimeException {
    private static final long serialVersionUID = 1L;

    GaveUp() {
      super(null, null, false, false);
    }
  }

  private static BigDecimal gpus(Need need) {
    return need.requests().entrySet().stream()
        .filter(e -> io.gpuspec.core.k8s.GpuResources.isGpu(e.getKey()))
        .map(Map.Entry::getValue)
        .reduce(BigDecimal.ZERO, BigDecimal::add);
  }

  /** Places pod {@code i} and the rest; pods of one template take nodes in index order. */
  private boolean place(int i, int from) {
    if (i == pods.size()) {
      return true;
    }
    if (++work > BUDGET) {
      throw new GaveUp();
    }
    Need need = pods.get(i);
    Set<String> tried = new HashSet<>();
    for (int n : candidates.get(i)) {
      if (n < from) {
        continue;
      }
      Node node = nodes.get(n);
      // nodes of a group admitted by the same needs with the same resources left are alike
      if (!takes(node, need)
          || !tried.add(node.group() + " " + admittedBy.get(n) + " " + node.left())) {
        continue;
      }
      take(node, need, BigDecimal.ONE.negate());
      boolean sameNext = i + 1 < pods.size() && pods.get(i + 1) == need;
      boolean placed = place(i + 1, sameNext ? n : 0);
      take(node, need, BigDecimal.ONE);
      if (placed) {
        return true;
      }
    }
    return false;
  }

  private static boolean takes(Node node, Need need) {
    for (Map.Entry<String, BigDecimal> request : need.requests().entrySet()) {
      BigDecimal left = node.left().get(request.getKey());
      if (left == null) {
        if (!NodeGroup.unlimitedWhenUnlisted(request.getKey())) {
          return false;
        }
      } else if (left.compareTo(request.getValue()) < 0) {
        return false;
      }
    }
    return true;
  }

  private static void take(Node node, Need need, BigDecimal sign) {
    for (Map.Entry<String, BigDecimal> request : need.requests().entrySet()) {
      node.left()
          .computeIfPresent(request.getKey(), (k, v) -> v.add(request.getValue().multiply(sign)));
    }
  }
}
