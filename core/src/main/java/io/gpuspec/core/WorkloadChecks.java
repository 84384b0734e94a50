package io.gpuspec.core;

import io.fabric8.kubernetes.api.model.Quantity;
import io.gpuspec.core.k8s.GpuResources;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

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
    cpu(where + " cpu", container.cpu());
    bytes(where + " memory", container.memory(), "e.g. \"16Gi\"");
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
        Labels.isQualifiedName(container.gpuResource())
            && container.gpuResource().contains("/")
            && GpuResources.isGpu(container.gpuResource()),
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
    migProfile(where, container.gpuResource(), pool);
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

  /** The labels gpuspec sets on every object and pod; a workload's own labels leave them alone. */
  private static final Set<String> RESERVED_LABELS =
      Set.of(PodTemplates.APP_NAME, PodTemplates.MANAGED_BY);

  /** The most bytes the API server takes in all annotations of one object (256 KiB). */
  private static final long MAX_ANNOTATION_BYTES = 256 * 1024;

  /**
   * Labels and annotations of an object: valid keys and values, none of the labels gpuspec sets
   * itself ({@code app.kubernetes.io/name}, {@code managed-by}, and {@code reserved}), and
   * annotations within the API server's 256 KiB.
   */
  public static void metadata(
      String where,
      Map<String, String> labels,
      Map<String, String> annotations,
      String... reserved) {
    Set<String> taken = new HashSet<>(RESERVED_LABELS);
    taken.addAll(List.of(reserved));
    labels.forEach(
        (key, value) -> {
          InvalidSpecException.require(
              Labels.isQualifiedName(key) && Labels.isValue(value),
              where + " labels",
              "\"" + key + "=" + value + "\" is not a valid label",
              "use a qualified key and a value of at most 63 letters, digits, '-', '_', '.'");
          InvalidSpecException.require(
              !taken.contains(key),
              where + " labels",
              "\"" + key + "\" is set by gpuspec (it selects and names the pods)",
              "leave it out, or use another key");
        });
    long bytes = 0;
    for (Map.Entry<String, String> annotation : annotations.entrySet()) {
      InvalidSpecException.require(
          Labels.isQualifiedName(annotation.getKey()),
          where + " annotations",
          "\"" + annotation.getKey() + "\" is not a valid annotation key",
          "use a qualified name such as example.com/owner");
      bytes += utf8Length(annotation.getKey()) + utf8Length(annotation.getValue());
    }
    InvalidSpecException.require(
        bytes <= MAX_ANNOTATION_BYTES,
        where + " annotations",
        "they take " + bytes + " bytes, more than the API server's 262144",
        "keep large data in a ConfigMap and annotate a reference to it");
  }

  private static long utf8Length(String text) {
    return text.getBytes(StandardCharsets.UTF_8).length;
  }

  /** A MIG device of the mixed strategy: {@code nvidia.com/mig-<slices>g.<memory>gb[+me]}. */
  private static final Pattern MIG_RESOURCE =
      Pattern.compile("nvidia\\.com/mig-([1-7])g\\.([0-9]{1,4})gb(?:\\+me)?");

  /**
   * A MIG resource only on MIG-capable GPUs, with at most the 7 compute slices and the memory of
   * one GPU (GPU-FACTS §5).
   */
  private static void migProfile(String where, String resource, NodePool pool) {
    if (!resource.startsWith(GpuResources.MIG_PREFIX)) {
      return;
    }
    GpuModel model = pool.model();
    InvalidSpecException.require(
        model.migCapable(),
        where + " gpuResource",
        resource
            + " is a MIG device but pool \""
            + pool.name()
            + "\" has "
            + model.name()
            + " GPUs, which do not support MIG",
        "request nvidia.com/gpu, or use a pool of MIG-capable GPUs (A30, A100, H100, H200, B200)");
    Matcher profile = MIG_RESOURCE.matcher(resource);
    InvalidSpecException.require(
        profile.matches(),
        where + " gpuResource",
        "\"" + resource + "\" is not a MIG profile",
        "name a profile of the GPU like nvidia.com/mig-1g.10gb (slices 1-7, memory in GB)");
    int memory = Integer.parseInt(profile.group(2));
    InvalidSpecException.require(
        memory <= model.memoryGiB(),
        where + " gpuResource",
        resource
            + " needs "
            + memory
            + "GB but the "
            + model.name()
            + " GPUs of pool \""
            + pool.name()
            + "\" have "
            + model.memoryGiB()
            + "GB",
        "name a profile that fits the GPU, e.g. the 1g profiles of " + model.name());
    String name = GpuResources.migProfile(resource).orElse("");
    InvalidSpecException.require(
        model.migProfiles().isEmpty() || model.offersMigProfile(name),
        where + " gpuResource",
        resource
            + " is not a MIG profile of the "
            + model.name()
            + " GPUs of pool \""
            + pool.name()
            + "\"",
        "request one they offer: "
            + String.join(
                ", ", model.migProfiles().stream().map(p -> GpuResources.MIG_PREFIX + p).toList()));
  }

  /** Pod-level settings: labels, annotations, names and volumes. */
  public static void pod(String where, PodAttributes pod, String... reservedLabels) {
    metadata(where, pod.labels(), pod.annotations(), reservedLabels);
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
    InvalidSpecException.require(
        pod.runAsUser() <= Integer.MAX_VALUE,
        where + " runAsUser",
        pod.runAsUser() + " is above 2147483647, the largest user id Kubernetes takes",
        "run as a user id such as 1000");
    pod.sharedMemory().ifPresent(size -> bytes(where + " sharedMemory", size, "e.g. \"8Gi\""));
    Set<String> names = new HashSet<>();
    Set<String> paths = new HashSet<>();
    if (pod.sharedMemory().isPresent()) {
      names.add(PodTemplates.SHM_VOLUME);
      paths.add(PodTemplates.SHM_PATH);
    }
    for (WorkloadVolume volume : pod.volumes()) {
      InvalidSpecException.require(
          names.add(volume.name()),
          where + " volumes",
          "two volumes are named \"" + volume.name() + "\"",
          "give each volume its own name ("
              + PodTemplates.SHM_VOLUME
              + " is the sharedMemory volume's)");
      InvalidSpecException.require(
          paths.add(volume.mountPath()),
          where + " volumes",
          "two volumes mount at \"" + volume.mountPath() + "\"",
          "give each volume its own mount path ("
              + PodTemplates.SHM_PATH
              + " is the sharedMemory volume's)");
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

  /** The finest CPU amount Kubernetes allows: one millicore. */
  private static final BigDecimal MIN_CPU = new BigDecimal("0.001");

  /** The largest amount a Kubernetes quantity may stand for: 2^63-1. */
  private static final BigDecimal MAX_QUANTITY = BigDecimal.valueOf(Long.MAX_VALUE);

  /**
   * The quantity syntax of Kubernetes (apimachinery {@code resource.Quantity}): an unsigned decimal
   * number in ASCII digits, then a binary-SI or decimal-SI suffix or a decimal exponent.
   */
  private static final Pattern QUANTITY =
      Pattern.compile(
          "(?:[0-9]+(?:\\.[0-9]*)?|\\.[0-9]+)(?:[eE][-+]?[0-9]+|Ki|Mi|Gi|Ti|Pi|Ei|m|k|M|G|T|P|E)?");

  /** A CPU quantity: at least 1m, at most 2^63-1 millicores. */
  static void cpu(String where, String value) {
    quantity(
        where,
        value,
        MIN_CPU,
        "less than 1m, the finest CPU amount Kubernetes allows",
        MAX_QUANTITY.movePointLeft(3),
        "e.g. \"4\" or \"500m\"");
  }

  /** An amount of bytes: at least 1, at most 2^63-1. */
  static void bytes(String where, String value, String example) {
    quantity(where, value, BigDecimal.ONE, "less than 1 byte", MAX_QUANTITY, example);
  }

  private static void quantity(
      String where, String value, BigDecimal min, String belowMin, BigDecimal max, String example) {
    Optional<BigDecimal> amount =
        value.length() <= 64 && QUANTITY.matcher(value).matches()
            ? GpuResources.amount(new Quantity(value))
            : Optional.empty();
    InvalidSpecException.require(
        amount.isPresent() && amount.get().signum() > 0,
        where,
        "\"" + value + "\" is not a positive quantity",
        "write a quantity " + example);
    InvalidSpecException.require(
        amount.get().compareTo(min) >= 0,
        where,
        "\"" + value + "\" is " + belowMin,
        "write a quantity " + example);
    InvalidSpecException.require(
        amount.get().compareTo(max) <= 0,
        where,
        "\"" + value + "\" is larger than a Kubernetes quantity can be (2^63-1)",
        "write a quantity " + example);
  }

  /** A sum or product of counts, which must fit the int32 fields of the Kubernetes API. */
  public static void requireCount(String where, long value, String fix) {
    InvalidSpecException.require(
        value <= Integer.MAX_VALUE,
        where,
        value + " is more than a Kubernetes count can hold (2147483647)",
        fix);
  }
}
