package io.gpuspec.core;

import io.fabric8.kubernetes.api.model.Taint;
import io.gpuspec.core.facts.NodeGroupView;
import java.math.BigDecimal;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * Identical nodes as the scheduler sees them: how many, their labels, their taints and what each
 * one can allocate. A {@link NodePool} is one; so is a group of real nodes read from {@code kubectl
 * get nodes -o yaml}.
 *
 * @param allocatable what one node can allocate per resource name (cores for {@code cpu}, bytes for
 *     {@code memory}, counts for extended resources); a resource that is not listed is not limited
 *     when it is {@code cpu}, {@code memory} or storage, and absent otherwise (a node without
 *     {@code nvidia.com/gpu} has none)
 */
public record NodeGroup(
    String name,
    int nodeCount,
    Map<String, String> labels,
    List<Taint> taints,
    Map<String, BigDecimal> allocatable) {

  public NodeGroup {
    Objects.requireNonNull(name, "name");
    labels = Map.copyOf(labels);
    taints = List.copyOf(taints);
    allocatable = new TreeMap<>(allocatable);
  }

  @Override
  public Map<String, BigDecimal> allocatable() {
    return Collections.unmodifiableMap(allocatable);
  }

  /** This group as the fleet facts ({@code FleetFacts}) read it, its labels in key order. */
  public NodeGroupView toView() {
    return new NodeGroupView(name, nodeCount, new TreeMap<>(labels), taints, allocatable);
  }

  /** Whether a resource that a group does not list is unlimited there (node basics). */
  public static boolean unlimitedWhenUnlisted(String resource) {
    return resource.equals("cpu")
        || resource.equals("memory")
        || resource.equals("ephemeral-storage")
        || resource.equals("pods");
  }
}
