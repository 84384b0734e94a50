package io.gpuspec.core.facts;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A GPU node pool as the facts need to know it: its name, the labels its nodes carry, the labels a
 * workload pins to land on it, and what one node advertises. A plain data view, so that facts need
 * not know the DSL's pools.
 *
 * @param name the pool's name
 * @param nodeLabels every label of the pool's nodes
 * @param selectorLabels the labels a workload's required node affinity pins to land on the pool
 * @param advertisedPerNode what one node advertises, by extended-resource name
 */
public record PoolView(
    String name,
    Map<String, String> nodeLabels,
    Map<String, String> selectorLabels,
    Map<String, Integer> advertisedPerNode) {

  public PoolView {
    nodeLabels = Map.copyOf(nodeLabels);
    selectorLabels = Collections.unmodifiableMap(new LinkedHashMap<>(selectorLabels));
    advertisedPerNode = Map.copyOf(advertisedPerNode);
  }
}
