package io.gpuspec.core;

import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.Taint;
import io.gpuspec.core.facts.NodeGroupView;
import io.gpuspec.core.k8s.NodeSelection;
import java.math.BigDecimal;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
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
 * @param nodeNames the names of its nodes ({@code metadata.name}) when known, one per node (a group
 *     read from a node list); empty when only the count is known (a pool, a fleet file's group), so
 *     that a pod's {@code matchFields} on the node name cannot be judged against it
 */
public record NodeGroup(
    String name,
    int nodeCount,
    Map<String, String> labels,
    List<Taint> taints,
    Map<String, BigDecimal> allocatable,
    List<String> nodeNames) {

  public NodeGroup {
    Objects.requireNonNull(name, "name");
    labels = Map.copyOf(labels);
    taints = List.copyOf(taints);
    allocatable = new TreeMap<>(allocatable);
    nodeNames = List.copyOf(nodeNames);
  }

  /** A group whose nodes' names are not known. */
  public NodeGroup(
      String name,
      int nodeCount,
      Map<String, String> labels,
      List<Taint> taints,
      Map<String, BigDecimal> allocatable) {
    this(name, nodeCount, labels, taints, allocatable, List.of());
  }

  /** Whether the names of its nodes are known. */
  public boolean namesKnown() {
    return !nodeNames.isEmpty();
  }

  /**
   * Whether the pod's nodeSelector and required node affinity admit some node of the group: its
   * labels, and its name where the group knows its nodes' names ({@code matchFields} on {@code
   * metadata.name}; taken as met where it does not).
   */
  public boolean selects(PodSpec spec) {
    if (!namesKnown()) {
      return NodeSelection.admits(spec, labels);
    }
    return nodeNames.stream().anyMatch(n -> NodeSelection.admits(spec, labels, Optional.of(n)));
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
