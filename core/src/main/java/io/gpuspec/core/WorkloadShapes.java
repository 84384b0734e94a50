package io.gpuspec.core;

import io.gpuspec.core.k8s.GpuResources;
import io.gpuspec.core.k8s.Quantities;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The checks of a workload value's own shape that every module's workload builders share, run
 * before rendering: what the DSL could not render at all (an empty quantity, a negative GPU count,
 * a GPU resource that is none, a GPU container without a pool or a pool without GPUs, a shared pool
 * whose resource the container does not choose or the pool does not advertise), and labels gpuspec
 * sets itself. Whatever the rendered objects can say is a fact of the rules ({@code
 * io.gpuspec.core.facts}), which {@code build()} throws after rendering.
 */
public final class WorkloadShapes {

  /** The labels gpuspec sets on every object and pod; a workload's own labels leave them alone. */
  private static final Set<String> RESERVED_LABELS =
      Set.of(PodTemplates.APP_NAME, PodTemplates.MANAGED_BY);

  private WorkloadShapes() {}

  /**
   * The main container: quantities that can be rendered, a GPU count and resource, and a pool
   * exactly when it requests GPUs, whose resource it names when the pool shares its GPUs.
   */
  public static void container(
      String where, ContainerAttributes container, Optional<GpuPlacement> placement) {
    container(where, container, placement, Optional.empty());
  }

  /**
   * As {@link #container(String, ContainerAttributes, Optional)}, for a workload that may instead
   * be placed on a pool without GPUs: then it requests no GPU and has no GPU pool.
   */
  public static void container(
      String where,
      ContainerAttributes container,
      Optional<GpuPlacement> placement,
      Optional<CpuPool> cpuPool) {
    if (cpuPool.isPresent()) {
      InvalidSpecException.require(
          placement.isEmpty(),
          where + " pool",
          "placed on GPU pool \""
              + placement.map(p -> p.pool().name()).orElse("")
              + "\" and on cpu pool \""
              + cpuPool.get().name()
              + "\"",
          "place it on one pool: .onPool(gpuPool) for GPU work, .onCpuPool(cpuPool) otherwise");
      InvalidSpecException.require(
          container.gpus() == 0,
          where + " gpus",
          container.gpus() + " GPU(s) requested on cpu pool \"" + cpuPool.get().name() + "\"",
          "request .gpus(0) on a pool without GPUs, or place it with .onPool(gpuPool)");
    }
    quantity(where + " cpu", container.cpu(), "e.g. \"4\" or \"500m\"");
    quantity(where + " memory", container.memory(), "e.g. \"16Gi\"");
    InvalidSpecException.require(
        container.gpus() >= 0,
        where + " gpus",
        container.gpus() + " is negative",
        "request 0 or more GPUs");
    InvalidSpecException.require(
        Labels.isQualifiedName(container.gpuResource())
            && container.gpuResource().contains("/")
            && GpuResources.isGpu(container.gpuResource()),
        where + " gpuResource",
        "\"" + container.gpuResource() + "\" is not a GPU resource",
        "use nvidia.com/gpu, nvidia.com/gpu.shared or nvidia.com/mig-<profile>");
    rdma(where, container, placement);
    if (container.gpus() == 0) {
      InvalidSpecException.require(
          placement.isEmpty(),
          where + " gpus",
          "placed on pool \""
              + placement.map(p -> p.pool().name()).orElse("")
              + "\" but requests no GPU",
          "request at least 1 GPU, or leave the pool out for a CPU-only pod");
      return;
    }
    InvalidSpecException.require(
        placement.isPresent(),
        where + " pool",
        container.gpus() + " GPU(s) requested but no pool given",
        "call .onPool(pool) so the pod gets the pool's affinity and tolerations");
    NodePool pool = placement.get().pool();
    if (pool.sharing().isPresent()) {
      sharedPool(where, container, placement.get(), pool.sharing().get());
    }
  }

  /**
   * RDMA devices: not negative, and only of a GPU pool that declares its RDMA resource (else there
   * is no resource name to request).
   */
  private static void rdma(
      String where, ContainerAttributes container, Optional<GpuPlacement> placement) {
    InvalidSpecException.require(
        container.rdmaDevices() >= 0,
        where + " rdmaDevices",
        container.rdmaDevices() + " is negative",
        "request 0 or more RDMA devices");
    if (container.rdmaDevices() == 0) {
      return;
    }
    InvalidSpecException.require(
        placement.flatMap(p -> p.pool().rdma()).isPresent(),
        where + " rdmaDevices",
        container.rdmaDevices()
            + " RDMA device(s) requested but "
            + placement
                .map(p -> "pool \"" + p.pool().name() + "\" declares no RDMA resource")
                .orElse("no GPU pool is given"),
        "place it on a pool that declares its RDMA devices, e.g. .rdma(RdmaDevices.ib(8)), or"
            + " request none");
  }

  /**
   * GPUs on a pool whose GPUs are shared or partitioned: the container names one resource of
   * several, one the pool advertises, and more than one replica only where the device plugin admits
   * it. On rendered objects these are the sharing module's rules (SHR009, SHR010).
   */
  private static void sharedPool(
      String where, ContainerAttributes container, GpuPlacement placement, PoolSharing sharing) {
    NodePool pool = placement.pool();
    String resource = placement.resourceFor(container);
    String pooled = "pool \"" + pool.name() + "\"";
    InvalidSpecException.require(
        !resource.equals(GpuResources.NVIDIA_GPU)
            || sharing.defaultResource(pool.shape()).isPresent()
            || pool.advertisedPerNode(resource) > 0,
        where + " gpuResource",
        pooled + " advertises several GPU resources " + pool.advertisedPerNode().keySet(),
        "choose one with .gpuResource(\"...\")");
    InvalidSpecException.require(
        pool.advertisedPerNode(resource) > 0,
        where + " gpuResource",
        pooled + " advertises no " + resource + " (it advertises " + pool.advertisedPerNode() + ")",
        "request one of the resources the pool advertises, or use another pool");
    InvalidSpecException.require(
        container.gpus() <= 1
            || sharing.multipleRequests(resource) != PoolSharing.MultipleRequests.REJECTED,
        where + " gpus",
        container.gpus()
            + " "
            + resource
            + " per container, but on "
            + pooled
            + " it is a replica of a shared GPU and the device plugin fails requests for more"
            + " than one (failRequestsGreaterThanOne)",
        "request 1, or use a pool of whole GPUs for a pod that needs more");
  }

  /** Pod-level settings: labels gpuspec leaves to the user, and a shared memory size. */
  public static void pod(String where, PodAttributes pod, String... reservedLabels) {
    labels(where, pod.labels(), reservedLabels);
    pod.sharedMemory().ifPresent(size -> quantity(where + " sharedMemory", size, "e.g. \"8Gi\""));
  }

  /**
   * Labels of an object: none of those gpuspec sets itself ({@code app.kubernetes.io/name}, {@code
   * managed-by}, and {@code reserved}), which select and name the pods.
   */
  public static void labels(String where, Map<String, String> labels, String... reserved) {
    Set<String> taken = new HashSet<>(RESERVED_LABELS);
    taken.addAll(List.of(reserved));
    labels.forEach(
        (key, value) ->
            InvalidSpecException.require(
                !taken.contains(key),
                where + " labels",
                "\"" + key + "\" is set by gpuspec (it selects and names the pods)",
                "leave it out, or use another key"));
  }

  /** A quantity the renderer can write (whether it is a valid one is K8S010's). */
  static void quantity(String where, String value, String example) {
    InvalidSpecException.require(
        Quantities.isRenderable(value),
        where,
        "\"" + value + "\" cannot be written as a quantity",
        "write a quantity " + example);
  }
}
