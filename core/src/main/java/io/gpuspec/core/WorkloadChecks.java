package io.gpuspec.core;

import io.fabric8.kubernetes.api.model.Quantity;
import io.gpuspec.core.k8s.GpuResources;
import java.util.HashSet;
import java.util.Optional;
import java.util.Set;

/**
 * The {@code build()}-time checks every workload value runs, so that an impossible spec fails early
 * with a message naming the object, the field and the fix.
 */
public final class WorkloadChecks {

  private WorkloadChecks() {}

  /** Name and namespace of a namespaced object whose name also labels its pods. */
  public static void name(String where, String name, String namespace) {
    InvalidSpecException.require(
        Labels.isDns1123Label(name),
        where,
        "name \"" + name + "\" is not a DNS-1123 label",
        "use at most 63 lower-case letters, digits and '-', starting and ending alphanumeric");
    InvalidSpecException.require(
        Labels.isDns1123Label(namespace),
        where + " namespace",
        "\"" + namespace + "\" is not a DNS-1123 label",
        "use at most 63 lower-case letters, digits and '-'");
  }

  /** The container: image, quantities, and GPUs that fit the pool's nodes. */
  public static void container(
      String where, ContainerAttributes container, Optional<GpuPlacement> placement) {
    InvalidSpecException.require(
        !container.image().isBlank() && container.image().strip().equals(container.image()),
        where + " image",
        container.image().isBlank() ? "the image is empty" : "the image has spaces",
        "set .image(\"registry/name:tag\")");
    quantity(where + " cpu", container.cpu(), "e.g. \"4\" or \"500m\"");
    quantity(where + " memory", container.memory(), "e.g. \"16Gi\"");
    container
        .env()
        .keySet()
        .forEach(
            key ->
                InvalidSpecException.require(
                    !key.isEmpty()
                        && !key.contains("=")
                        && key.chars().allMatch(c -> c > 32 && c < 127),
                    where + " env",
                    "variable name \"" + key + "\" is invalid",
                    "use printable ASCII without '=' or spaces, e.g. NCCL_DEBUG"));
    InvalidSpecException.require(
        container.gpus() >= 0,
        where + " gpus",
        container.gpus() + " is negative",
        "request 0 or more GPUs");
    InvalidSpecException.require(
        GpuResources.isGpu(container.gpuResource()),
        where + " gpuResource",
        "\"" + container.gpuResource() + "\" is not a GPU resource",
        "use nvidia.com/gpu, nvidia.com/gpu.shared or nvidia.com/mig-<profile>");
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
      return;
    }
    InvalidSpecException.require(
        container.gpus() <= pool.gpusPerNode(),
        where + " gpus",
        container.gpus()
            + " GPUs per pod but nodes of pool \""
            + pool.name()
            + "\" have "
            + pool.gpusPerNode(),
        "request at most " + pool.gpusPerNode() + " or use a pool with larger nodes");
  }

  /**
   * GPUs on a pool whose GPUs are shared or partitioned: the resource must be one the pool
   * advertises, at most its count per node, and more than one replica per container only where the
   * device plugin admits it (more than one time-sliced replica is no more GPU, so the rules warn).
   */
  private static void sharedPool(
      String where, ContainerAttributes container, GpuPlacement placement, PoolSharing sharing) {
    NodePool pool = placement.pool();
    String resource = placement.resourceFor(container);
    String pooled = "pool \"" + pool.name() + "\"";
    InvalidSpecException.require(
        !resource.equals(GpuResources.NVIDIA_GPU)
            || sharing.defaultResource(pool).isPresent()
            || pool.advertisedPerNode(resource) > 0,
        where + " gpuResource",
        pooled + " advertises several GPU resources " + pool.advertisedPerNode().keySet(),
        "choose one with .gpuResource(\"...\")");
    InvalidSpecException.require(
        pool.advertisedPerNode(resource) > 0,
        where + " gpuResource",
        pooled + " advertises no " + resource + " (it advertises " + pool.advertisedPerNode() + ")",
        "request one of the resources the pool advertises, or use another pool");
    int perNode = pool.advertisedPerNode(resource);
    InvalidSpecException.require(
        container.gpus() <= perNode,
        where + " gpus",
        container.gpus()
            + " "
            + resource
            + " per pod but nodes of "
            + pooled
            + " advertise "
            + perNode,
        "request at most " + perNode + " or use a pool with larger nodes");
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

  /** Pod-level settings: labels, annotations, names and volumes. */
  public static void pod(String where, PodAttributes pod) {
    pod.labels()
        .forEach(
            (key, value) ->
                InvalidSpecException.require(
                    Labels.isQualifiedName(key) && Labels.isValue(value),
                    where + " labels",
                    "\"" + key + "=" + value + "\" is not a valid label",
                    "use a qualified key and a value of at most 63 letters, digits, '-', '_', '.'"));
    pod.annotations()
        .keySet()
        .forEach(
            key ->
                InvalidSpecException.require(
                    Labels.isQualifiedName(key),
                    where + " annotations",
                    "\"" + key + "\" is not a valid annotation key",
                    "use a qualified name such as example.com/owner"));
    pod.priorityClassName()
        .ifPresent(
            name ->
                InvalidSpecException.require(
                    Labels.isDns1123Subdomain(name),
                    where + " priorityClassName",
                    "\"" + name + "\" is not a valid name",
                    "use the name of a PriorityClass"));
    pod.serviceAccountName()
        .ifPresent(
            name ->
                InvalidSpecException.require(
                    Labels.isDns1123Subdomain(name),
                    where + " serviceAccountName",
                    "\"" + name + "\" is not a valid name",
                    "use the name of a ServiceAccount"));
    InvalidSpecException.require(
        pod.runAsUser() > 0,
        where + " runAsUser",
        pod.runAsUser() + " is root or negative",
        "run as a non-root user id such as 1000");
    pod.sharedMemory().ifPresent(size -> quantity(where + " sharedMemory", size, "e.g. \"8Gi\""));
    Set<String> names = new HashSet<>();
    Set<String> paths = new HashSet<>();
    for (WorkloadVolume volume : pod.volumes()) {
      InvalidSpecException.require(
          names.add(volume.name()),
          where + " volumes",
          "two volumes are named \"" + volume.name() + "\"",
          "give each volume its own name");
      InvalidSpecException.require(
          paths.add(volume.mountPath()),
          where + " volumes",
          "two volumes mount at \"" + volume.mountPath() + "\"",
          "give each volume its own mount path");
      volume
          .size()
          .ifPresent(size -> quantity(where + " volume " + volume.name(), size, "e.g. \"200Gi\""));
    }
  }

  /** Retry and lifetime limits of a batch workload (Job, TFJob run policy). */
  public static void batchLimits(
      String where,
      Optional<Integer> backoffLimit,
      Optional<Long> activeDeadlineSeconds,
      Optional<Integer> ttlSecondsAfterFinished) {
    backoffLimit.ifPresent(
        limit ->
            InvalidSpecException.require(
                limit >= 0,
                where + " backoffLimit",
                limit + " is negative",
                "use 0 or more retries"));
    activeDeadlineSeconds.ifPresent(
        seconds ->
            InvalidSpecException.require(
                seconds > 0,
                where + " activeDeadlineSeconds",
                seconds + " is not positive",
                "give the deadline in seconds"));
    ttlSecondsAfterFinished.ifPresent(
        ttl ->
            InvalidSpecException.require(
                ttl >= 0,
                where + " ttlSecondsAfterFinished",
                ttl + " is negative",
                "use 0 or more"));
  }

  /** A positive Kubernetes quantity. */
  static void quantity(String where, String value, String example) {
    boolean positive;
    try {
      positive = GpuResources.amount(new Quantity(value)).filter(a -> a.signum() > 0).isPresent();
    } catch (IllegalArgumentException e) { // the constructor rejects an empty string
      positive = false;
    }
    InvalidSpecException.require(
        positive,
        where,
        "\"" + value + "\" is not a positive quantity",
        "write a quantity " + example);
  }
}
