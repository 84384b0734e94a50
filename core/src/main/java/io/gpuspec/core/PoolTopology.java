package io.gpuspec.core;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The topology part of a pool, shared by {@link NodePool} and {@link CpuPool}: the labels of the
 * levels every node shares, the node groups of a pool spread over the domains of a level, and the
 * shape checks of both.
 */
final class PoolTopology {

  private PoolTopology() {}

  /** The labels of the levels every node of the pool shares, by key. */
  static Map<String, String> labels(Map<TopologyLevel, String> topology) {
    Map<String, String> labels = new LinkedHashMap<>();
    topology.forEach((level, value) -> labels.put(level.key(), value));
    return labels;
  }

  /**
   * The DSL's own shape: no level for the host (the kubelet writes each node's name), no level
   * given twice or on a key another label of the pool uses, and a spread whose domains hold the
   * pool's nodes, at least one each.
   */
  static void check(
      String where,
      int nodeCount,
      Map<TopologyLevel, String> topology,
      Optional<TopologySpread> spread,
      Set<String> otherKeys) {
    List<TopologyLevel> levels = new ArrayList<>(topology.keySet());
    spread.ifPresent(s -> levels.add(s.level()));
    Map<String, TopologyLevel> byKey = new LinkedHashMap<>();
    for (TopologyLevel level : levels) {
      InvalidSpecException.require(
          !level.key().equals(TopologyLevel.HOST.key()),
          where + " topology",
          "\"" + level.key() + "\" is each node's own name, which the kubelet sets",
          "leave the host level out; give the narrowest level the nodes share, e.g. a rack");
      TopologyLevel earlier = byKey.putIfAbsent(level.key(), level);
      InvalidSpecException.require(
          earlier == null,
          where + " topology",
          "the level " + level + " is given twice",
          "give each level once: shared by every node with .putTopology, or per domain with"
              + " .spread");
      InvalidSpecException.require(
          !otherKeys.contains(level.key()),
          where + " topology",
          "\"" + level.key() + "\" is also another label of the pool",
          "give the level its own label key");
    }
    spread.ifPresent(
        s -> {
          String at = where + " spread over " + s.level().name();
          InvalidSpecException.require(
              !s.nodesPerDomain().isEmpty(), at, "it has no domain", "add .domain(\"r1\", 4)");
          s.nodesPerDomain()
              .forEach(
                  (value, nodes) ->
                      InvalidSpecException.require(
                          nodes >= 1,
                          at,
                          "domain \"" + value + "\" has " + nodes + " nodes",
                          "give each domain 1 node or more"));
          InvalidSpecException.require(
              s.nodes() == nodeCount,
              at,
              "its domains hold " + s.nodes() + " nodes but nodeCount is " + nodeCount,
              "set nodeCount(" + s.nodes() + ") or change the domains' nodes");
        });
  }

  /**
   * The pool's node groups: {@code whole} itself, or one group per domain of the spread, named
   * {@code <pool>-<domain>}, with the level's label and the domain's node count.
   */
  static List<NodeGroup> groups(NodeGroup whole, Optional<TopologySpread> spread) {
    if (spread.isEmpty()) {
      return List.of(whole);
    }
    List<NodeGroup> groups = new ArrayList<>();
    spread
        .get()
        .nodesPerDomain()
        .forEach(
            (value, nodes) -> {
              Map<String, String> labels = new LinkedHashMap<>(whole.labels());
              labels.put(spread.get().level().key(), value);
              groups.add(
                  new NodeGroup(
                      whole.name() + "-" + value,
                      nodes,
                      labels,
                      whole.taints(),
                      whole.allocatable()));
            });
    return List.copyOf(groups);
  }
}
