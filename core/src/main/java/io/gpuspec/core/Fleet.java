package io.gpuspec.core;

import io.fabric8.kubernetes.api.model.PodSpec;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * The node pools of a cluster (GPU pools, pools without GPUs) or its node groups read from node
 * lists. Given to a check, it makes cluster-dependent findings exact: which pools a pod can land on
 * (labels and taints), and so which GPU models.
 */
public final class Fleet {

  private final List<NodePool> pools;
  private final List<CpuPool> cpuPools;
  private final List<NodeGroup> groups;

  private Fleet(List<NodePool> pools) {
    this(pools, List.of(), List.of());
  }

  private Fleet(List<NodePool> pools, List<CpuPool> cpuPools, List<NodeGroup> more) {
    InvalidSpecException.requireValue(pools, "fleet pools");
    InvalidSpecException.require(
        pools.stream().allMatch(Objects::nonNull),
        "fleet pools",
        "a pool is null",
        "give only built pools");
    InvalidSpecException.requireValue(cpuPools, "fleet cpu pools");
    InvalidSpecException.require(
        cpuPools.stream().allMatch(Objects::nonNull),
        "fleet cpu pools",
        "a pool is null",
        "give only built pools");
    this.pools = List.copyOf(pools);
    this.cpuPools = List.copyOf(cpuPools);
    List<NodeGroup> all = new ArrayList<>();
    pools.forEach(pool -> all.addAll(pool.toNodeGroups()));
    cpuPools.forEach(pool -> all.addAll(pool.toNodeGroups()));
    all.addAll(more);
    this.groups = List.copyOf(all);
    for (int i = 0; i < this.pools.size(); i++) {
      for (int j = i + 1; j < this.pools.size(); j++) {
        InvalidSpecException.require(
            !this.pools.get(i).name().equals(this.pools.get(j).name()),
            "fleet",
            "two pools are named \"" + this.pools.get(i).name() + "\"",
            "give every pool its own name");
        requireDistinguishable(this.pools.get(i), this.pools.get(j));
        requireDistinguishable(this.pools.get(j), this.pools.get(i));
      }
    }
  }

  /**
   * A workload placed on {@code pool} must not land on the nodes of a pool with another model:
   * otherwise "one model per job" cannot be pinned with labels at all (e.g. H100 SXM and PCIe are
   * both {@code gpu.model=H100, gpu.mem=80gb}).
   */
  private static void requireDistinguishable(NodePool pool, NodePool other) {
    boolean admitsOther =
        pool.selectorLabels().entrySet().stream()
            .allMatch(e -> e.getValue().equals(other.nodeLabels().get(e.getKey())));
    InvalidSpecException.require(
        !admitsOther || pool.model().equals(other.model()),
        "fleet",
        "pool \""
            + pool.name()
            + "\" ("
            + pool.model().name()
            + ") selects nodes by "
            + pool.selectorLabels()
            + ", which the nodes of pool \""
            + other.name()
            + "\" ("
            + other.model().name()
            + ") also carry; its workloads could land on either model",
        "give one of the pools an extra label, e.g. .putExtraLabel(\"gpu.form\", \"sxm\"), or"
            + " a label scheme that names the exact model");
  }

  public static Fleet of(NodePool... pools) {
    return new Fleet(Arrays.asList(InvalidSpecException.requireValue(pools, "fleet pools")));
  }

  public static Fleet of(List<NodePool> pools) {
    return new Fleet(pools);
  }

  /** GPU pools and pools without GPUs. */
  public static Fleet of(List<NodePool> pools, List<CpuPool> cpuPools) {
    return new Fleet(pools, cpuPools, List.of());
  }

  /** Node groups known only as nodes (e.g. read from {@code kubectl get nodes}), with no pool. */
  public static Fleet ofGroups(List<NodeGroup> groups) {
    return new Fleet(List.of(), List.of(), groups);
  }

  /** The GPU pools. */
  public List<NodePool> pools() {
    return pools;
  }

  /** The pools without GPUs. */
  public List<CpuPool> cpuPools() {
    return cpuPools;
  }

  /** Every group of identical nodes: the pools' and those known only as nodes. */
  public List<NodeGroup> groups() {
    return groups;
  }

  /** The pools whose node labels pass the pod's nodeSelector and required node affinity. */
  public List<NodePool> poolsSelectedBy(PodSpec spec) {
    return pools.stream().filter(p -> p.selects(spec)).toList();
  }

  /** The pools a pod can be scheduled on: selected by its affinity and every taint tolerated. */
  public List<NodePool> poolsAdmitting(PodSpec spec) {
    return pools.stream().filter(p -> p.admits(spec)).toList();
  }

  @Override
  public String toString() {
    return "Fleet" + pools + (cpuPools.isEmpty() ? "" : cpuPools.toString());
  }
}
