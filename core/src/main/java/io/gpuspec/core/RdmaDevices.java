package io.gpuspec.core;

import io.gpuspec.core.k8s.GpuResources;

/**
 * The RDMA devices a pool's nodes advertise as an extended resource (InfiniBand or RoCE host
 * channel adapters, through an RDMA device plugin): the resource name its device plugin advertises
 * and how many one node has. Workloads on the pool request them with {@code .rdmaDevices(n)},
 * requests equal to limits; the fleet file lists them as allocatable.
 *
 * @param resource the extended resource, e.g. {@code rdma/ib} or {@code rdma/hca_shared_devices_a}
 * @param perNode how many one node advertises, 1 or more
 */
public record RdmaDevices(String resource, int perNode) {

  /** The resource of the RDMA shared device plugin's example config ({@code rdma/ib}). */
  public static final String IB = "rdma/ib";

  /** The NVIDIA Network Operator's shared HCA resource ({@code rdma/hca_shared_devices_a}). */
  public static final String HCA_SHARED_DEVICES_A = "rdma/hca_shared_devices_a";

  public RdmaDevices {
    InvalidSpecException.requireValue(resource, "rdma resource");
    InvalidSpecException.require(
        Labels.isExtendedResourceName(resource) && !GpuResources.isGpu(resource),
        "rdma \"" + resource + "\"",
        "it is not an extended resource other than a GPU",
        "name the resource the pool's RDMA device plugin advertises, e.g. " + IB);
    InvalidSpecException.require(
        perNode >= 1,
        "rdma \"" + resource + "\" perNode",
        perNode + " devices per node",
        "give 1 or more");
  }

  /** {@code perNode} devices of {@code rdma/ib}. */
  public static RdmaDevices ib(int perNode) {
    return new RdmaDevices(IB, perNode);
  }

  /** {@code perNode} devices of {@code rdma/hca_shared_devices_a}. */
  public static RdmaDevices sharedHca(int perNode) {
    return new RdmaDevices(HCA_SHARED_DEVICES_A, perNode);
  }

  /** {@code perNode} devices of the resource the pool's device plugin advertises. */
  public static RdmaDevices of(String resource, int perNode) {
    return new RdmaDevices(resource, perNode);
  }
}
