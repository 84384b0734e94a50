package io.gpuspec.core;

import java.util.Map;
import java.util.Optional;

/**
 * How the GPUs of a {@link NodePool} are shared or partitioned (time-slicing, MPS, MIG), as far as
 * core needs to know it: what each node then advertises, the node labels that select the sharing
 * configs, and which resource a workload on the pool requests. Core has no implementation; the
 * {@code gpuspec-sharing} module provides one ({@code io.gpuspec.sharing.GpuSharing}).
 *
 * <p>Facts: the NVIDIA device plugin advertises {@code GPUs × replicas} of a time-sliced or MPS
 * resource, under {@code <name>.shared} with {@code renameByDefault}; with MIG, strategy {@code
 * single} advertises the instances as {@code nvidia.com/gpu} and {@code mixed} one resource {@code
 * nvidia.com/mig-<profile>} per profile; nodes pick their configs with the labels {@code
 * nvidia.com/device-plugin.config} and {@code nvidia.com/mig.config}
 * (https://docs.nvidia.com/datacenter/cloud-native/gpu-operator/latest/gpu-sharing.html).
 */
public interface PoolSharing {

  /** What a container gains from asking a pool for more than one of a resource. */
  enum MultipleRequests {
    /** The resource is a whole device (a GPU or a MIG instance): more is more. */
    ALLOWED,
    /**
     * The resource is a replica of a shared GPU: two replicas are no more GPU than one, and may be
     * the same GPU; the device plugin admits it.
     */
    NO_GAIN,
    /** The resource is a replica and the device plugin fails such requests. */
    REJECTED
  }

  /**
   * The labels the admin puts on the pool's nodes to select its configs, e.g. {@code
   * nvidia.com/device-plugin.config=t4-time-sliced}; workloads on the pool pin them.
   */
  Map<String, String> configLabels();

  /**
   * The labels GPU Feature Discovery sets on the pool's nodes under this sharing, replacing the
   * ones it sets without sharing: e.g. {@code nvidia.com/gpu.product=Tesla-T4-SHARED}, {@code
   * nvidia.com/gpu.replicas=4}. Used for pools labelled with the GFD scheme.
   */
  Map<String, String> discoveredLabels(PoolShape pool);

  /** What one node of the pool advertises: extended-resource name to count. */
  Map<String, Integer> advertisedPerNode(PoolShape pool);

  /**
   * The resource a workload on the pool requests when it names none other than {@code
   * nvidia.com/gpu}; empty when the pool advertises several and the workload must choose.
   */
  Optional<String> defaultResource(PoolShape pool);

  /** What asking for more than one of {@code resource} per container gains on this pool. */
  MultipleRequests multipleRequests(String resource);

  /**
   * Throws {@link InvalidSpecException} when what the pool's nodes advertise under the sharing
   * cannot be known (e.g. a MIG layout that does not fit its GPU model), so that the pool cannot be
   * rendered as a node group: the DSL's shape. What the rendered configs show against the pools is
   * for the builders that render them to throw, as their rules report it.
   */
  void validate(PoolShape pool);
}
