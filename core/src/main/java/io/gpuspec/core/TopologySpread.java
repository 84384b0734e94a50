package io.gpuspec.core;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * How a pool's nodes spread over the domains of one topology level, whose label value differs per
 * node: e.g. 4 nodes in rack {@code r1} and 4 in rack {@code r2}. The pool renders one node group
 * per domain (named {@code <pool>-<domain>}), each carrying the level's label with its domain's
 * value, as a node list grouped by labels shows them.
 *
 * <pre>{@code
 * TopologySpread racks = TopologySpread.over(rack).domain("r1", 4).domain("r2", 4);
 * }</pre>
 *
 * @param level the level whose value differs per domain
 * @param nodesPerDomain nodes in each domain, by the level's label value, in the order given
 */
public record TopologySpread(TopologyLevel level, Map<String, Integer> nodesPerDomain) {

  public TopologySpread {
    InvalidSpecException.requireValue(level, "topology spread level");
    InvalidSpecException.requireValue(nodesPerDomain, "topology spread over " + level.name());
    nodesPerDomain = Collections.unmodifiableMap(new LinkedHashMap<>(nodesPerDomain));
  }

  /** A spread over no domain yet; add them with {@link #domain}. */
  public static TopologySpread over(TopologyLevel level) {
    return new TopologySpread(level, Map.of());
  }

  /** This spread with {@code nodes} nodes in the domain {@code value}. */
  public TopologySpread domain(String value, int nodes) {
    InvalidSpecException.requireValue(value, "topology spread over " + level.name() + " domain");
    Map<String, Integer> more = new LinkedHashMap<>(nodesPerDomain);
    InvalidSpecException.require(
        more.put(value, nodes) == null,
        "topology spread over " + level.name(),
        "domain \"" + value + "\" is given twice",
        "give each domain once, with all its nodes");
    return new TopologySpread(level, more);
  }

  /** Nodes in every domain together. */
  public long nodes() {
    return nodesPerDomain.values().stream().mapToLong(Integer::longValue).sum();
  }
}
