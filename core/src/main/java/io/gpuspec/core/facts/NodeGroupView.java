package io.gpuspec.core.facts;

import io.fabric8.kubernetes.api.model.Taint;
import java.math.BigDecimal;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * One node group of a fleet as the fleet facts ({@link FleetFacts}) read it: a plain data view of
 * what a fleet file's {@code spec.nodeGroups[i]} says, so that the facts need not know the DSL's
 * pools or the fleet check's groups.
 *
 * @param name the group's name
 * @param count how many nodes the group has
 * @param labels the labels of its nodes
 * @param taints the taints of its nodes, in order
 * @param allocatable what one node can allocate, by resource name
 */
public record NodeGroupView(
    String name,
    long count,
    Map<String, String> labels,
    List<Taint> taints,
    Map<String, BigDecimal> allocatable) {

  public NodeGroupView {
    Objects.requireNonNull(name, "name");
    labels = Collections.unmodifiableMap(new LinkedHashMap<>(labels));
    taints = List.copyOf(taints);
    allocatable = Collections.unmodifiableMap(new TreeMap<>(allocatable));
  }
}
