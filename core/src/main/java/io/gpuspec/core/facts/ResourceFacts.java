package io.gpuspec.core.facts;

import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.PersistentVolumeClaimSpec;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.ResourceRequirements;
import io.fabric8.kubernetes.api.model.Volume;
import io.fabric8.kubernetes.api.model.VolumeResourceRequirements;
import io.gpuspec.core.k8s.Amounts;
import io.gpuspec.core.k8s.GpuResources;
import io.gpuspec.core.k8s.Names;
import io.gpuspec.core.k8s.PodRequests;
import io.gpuspec.core.k8s.Quantities;
import io.gpuspec.core.report.Finding;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.jspecify.annotations.Nullable;

/**
 * Resource names and quantities of a pod spec as the API server validates them (<a
 * href="https://kubernetes.io/docs/concepts/configuration/manage-resources-containers/">Resource
 * management for pods and containers</a>), and the amounts it silently rounds, caps or ignores.
 * Reported by rule {@value #RULE} ({@link #requirements} as errors, {@link #amounts} as warnings);
 * the core DSL's {@code build()} throws their first finding.
 */
public final class ResourceFacts {

  /** The id of the rule that reports these facts. */
  public static final String RULE = "K8S010";

  /** The finest CPU amount Kubernetes keeps: one millicore. */
  private static final BigDecimal MILLICORE = new BigDecimal("0.001");

  /** The largest amount a Kubernetes quantity may stand for: 2^63-1. */
  private static final BigDecimal MAX_QUANTITY = BigDecimal.valueOf(Long.MAX_VALUE);

  private static final String QUANTITY_FIX = "write a quantity such as 500m, 2 or 16Gi";

  private ResourceFacts() {}

  /**
   * K8S010's errors on a pod spec at {@code specPath}: a container names standard resources or
   * domain-qualified extended resources, pod-level {@code resources} only cpu, memory and huge
   * pages; every amount of a standard resource is a quantity; no amount is negative; a request of a
   * resource that can be overcommitted is at most its limit; huge pages come in whole pages and
   * need cpu or memory; a volume's size is a quantity, an ephemeral claim's above 0. Whole numbers,
   * limits and request == limit of extended resources are GPU001's.
   */
  public static List<Finding> requirements(PodSpec spec, String specPath) {
    List<Finding> findings = new ArrayList<>();
    boolean podCpuOrMemory = cpuOrMemory(spec.getResources());
    containers(spec, specPath)
        .forEach(
            (path, container) ->
                requirements(
                    container.getResources(),
                    path + ".resources",
                    false,
                    podCpuOrMemory,
                    findings));
    requirements(spec.getResources(), specPath + ".resources", true, true, findings);
    podLevel(spec, specPath + ".resources", findings);
    List<Volume> volumes = spec.getVolumes() == null ? List.of() : spec.getVolumes();
    for (int i = 0; i < volumes.size(); i++) {
      Volume volume = volumes.get(i);
      String path = specPath + ".volumes[" + i + "]";
      if (volume == null) {
        continue;
      }
      if (volume.getEmptyDir() != null) {
        size(volume.getEmptyDir().getSizeLimit(), path + ".emptyDir.sizeLimit", false, findings);
      }
      storage(volume)
          .ifPresent(
              storage ->
                  size(
                      storage,
                      path + ".ephemeral.volumeClaimTemplate.spec.resources.requests[storage]",
                      true,
                      findings));
    }
    return findings;
  }

  /**
   * Pod-level resources as {@code validatePodResources} and {@code validatePodResourceConsistency}
   * compare them with the containers': no claims; for each resource the pod level requests (or
   * limits, which a missing request defaults to), at least the containers' effective total request;
   * no container limit above the pod-level limit.
   */
  private static void podLevel(PodSpec spec, String at, List<Finding> findings) {
    ResourceRequirements pod = spec.getResources();
    if (pod == null) {
      return;
    }
    if (pod.getClaims() != null && !pod.getClaims().isEmpty()) {
      findings.add(
          Finding.rejection(
              at + ".claims",
              "pod-level resources take no claims",
              "list the claims in the containers' resources.claims"));
    }
    Map<String, Quantity> podLimits = orEmpty(pod.getLimits());
    Map<String, Quantity> podRequests = new TreeMap<>(podLimits);
    podRequests.putAll(orEmpty(pod.getRequests()));
    Map<String, BigDecimal> total = PodRequests.of(spec);
    podRequests.forEach(
        (name, quantity) -> {
          Optional<BigDecimal> amount = Quantities.amount(quantity);
          BigDecimal containers = total.getOrDefault(name, BigDecimal.ZERO);
          if (amount.isPresent() && containers.compareTo(amount.get()) > 0) {
            findings.add(
                Finding.rejection(
                    at + ".requests[" + name + "]",
                    "the pod-level request of "
                        + name
                        + " is below the containers' total request of "
                        + Amounts.format(name, containers),
                    "raise the pod-level request, or lower the containers'"));
          }
        });
    containers(spec, specPath(at))
        .forEach(
            (path, container) -> {
              if (path.contains(".initContainers[") || container.getResources() == null) {
                return;
              }
              orEmpty(container.getResources().getLimits())
                  .forEach(
                      (name, limit) -> {
                        Optional<BigDecimal> own = Quantities.amount(limit);
                        Optional<BigDecimal> podLimit =
                            podLimits.containsKey(name)
                                ? Quantities.amount(podLimits.get(name))
                                : Optional.empty();
                        if (own.isPresent()
                            && podLimit.isPresent()
                            && own.get().compareTo(podLimit.get()) > 0) {
                          findings.add(
                              Finding.rejection(
                                  path + ".resources.limits[" + name + "]",
                                  "the container's limit of "
                                      + name
                                      + " is above the pod-level limit",
                                  "keep each container's limit within the pod's"));
                        }
                      });
            });
  }

  private static String specPath(String resourcesPath) {
    return resourcesPath.substring(0, resourcesPath.length() - ".resources".length());
  }

  /**
   * K8S010's warnings on a pod spec at {@code specPath}: amounts of cpu, memory and
   * ephemeral-storage in containers, and volume sizes, that the API server takes but rounds, caps
   * or the kubelet ignores: 0 (no limit at all, and no guaranteed share), below the finest unit
   * (rounded up to 1m of CPU, to a byte), or above 2^63-1 (capped); the same of an ephemeral
   * claim's storage.
   */
  public static List<Finding> amounts(PodSpec spec, String specPath) {
    List<Finding> findings = new ArrayList<>();
    containers(spec, specPath)
        .forEach(
            (path, container) -> {
              ResourceRequirements resources = container.getResources();
              if (resources == null) {
                return;
              }
              for (String section : new String[] {"limits", "requests"}) {
                Map<String, Quantity> amounts =
                    orEmpty(
                        section.equals("limits") ? resources.getLimits() : resources.getRequests());
                new TreeMap<>(amounts)
                    .forEach(
                        (name, quantity) -> {
                          if (ResourceNames.STANDARD_CONTAINER.contains(name)) {
                            amount(
                                quantity,
                                path + ".resources." + section + "[" + name + "]",
                                name.equals("cpu") ? MILLICORE : BigDecimal.ONE,
                                section.equals("limits")
                                    ? "a limit of 0 is no limit to the kubelet"
                                    : "a request of 0 reserves nothing for the container",
                                findings);
                          }
                        });
              }
            });
    List<Volume> volumes = spec.getVolumes() == null ? List.of() : spec.getVolumes();
    for (int i = 0; i < volumes.size(); i++) {
      Volume volume = volumes.get(i);
      if (volume == null) {
        continue;
      }
      Optional<Quantity> storage = storage(volume);
      if (storage.isPresent()
          && Quantities.amount(storage.get()).filter(a -> a.signum() > 0).isPresent()) {
        amount(
            storage.get(),
            specPath
                + ".volumes["
                + i
                + "].ephemeral.volumeClaimTemplate.spec.resources.requests[storage]",
            BigDecimal.ONE,
            "",
            findings);
      }
      if (volume.getEmptyDir() != null) {
        Quantity size = volume.getEmptyDir().getSizeLimit();
        if (size != null) {
          amount(
              size,
              specPath + ".volumes[" + i + "].emptyDir.sizeLimit",
              BigDecimal.ONE,
              "a sizeLimit of 0 is no limit to the kubelet",
              findings);
        }
      }
    }
    return findings;
  }

  private static void amount(
      Quantity quantity, String path, BigDecimal finest, String zero, List<Finding> findings) {
    Optional<BigDecimal> amount = Quantities.amount(quantity);
    if (amount.isEmpty() || amount.get().signum() < 0) {
      return; // the errors' part
    }
    String text = "\"" + text(quantity) + "\"";
    if (amount.get().signum() == 0) {
      findings.add(
          new Finding(
              path, text + " is 0: " + zero, "give the amount needed, or leave the entry out"));
    } else if (amount.get().compareTo(finest) < 0) {
      findings.add(
          new Finding(
              path,
              text
                  + " is less than "
                  + (finest.equals(MILLICORE) ? "1m, the finest CPU amount" : "1 byte")
                  + " Kubernetes keeps; it is rounded up",
              "write the amount Kubernetes will use, e.g. "
                  + (finest.equals(MILLICORE) ? "\"1m\"" : "\"1\"")));
    } else if (amount.get().compareTo(MAX_QUANTITY.multiply(finest)) > 0) {
      findings.add(
          new Finding(
              path,
              text
                  + " is larger than a Kubernetes quantity can be (2^63-1"
                  + (finest.equals(MILLICORE) ? " millicores" : "")
                  + "); it is capped",
              "write an amount the node has, e.g. \"16Gi\""));
    }
  }

  private static Optional<Quantity> storage(Volume volume) {
    if (volume.getEphemeral() == null || volume.getEphemeral().getVolumeClaimTemplate() == null) {
      return Optional.empty();
    }
    PersistentVolumeClaimSpec claim = volume.getEphemeral().getVolumeClaimTemplate().getSpec();
    VolumeResourceRequirements resources = claim == null ? null : claim.getResources();
    return Optional.ofNullable(
        resources == null ? null : orEmpty(resources.getRequests()).get("storage"));
  }

  private static void size(
      @Nullable Quantity size, String path, boolean positive, List<Finding> findings) {
    if (size == null) {
      return;
    }
    Optional<BigDecimal> amount = Quantities.amount(size);
    if (amount.isEmpty()) {
      findings.add(notAQuantity(size, path));
    } else if (amount.get().signum() < 0 || (positive && amount.get().signum() == 0)) {
      findings.add(
          new Finding(
              path,
              "\"" + text(size) + "\" is " + (positive ? "not above 0" : "a negative quantity"),
              positive ? "request the size the volume needs, e.g. 500Gi" : QUANTITY_FIX));
    }
  }

  private static Finding notAQuantity(Quantity quantity, String path) {
    return new Finding(path, "\"" + text(quantity) + "\" is not a quantity", QUANTITY_FIX);
  }

  private static void requirements(
      @Nullable ResourceRequirements resources,
      String path,
      boolean podLevel,
      boolean podCpuOrMemory,
      List<Finding> findings) {
    if (resources == null) {
      return;
    }
    Map<String, Quantity> limits = orEmpty(resources.getLimits());
    Map<String, Quantity> requests = orEmpty(resources.getRequests());
    boolean hugePages = false;
    for (String section : new String[] {"limits", "requests"}) {
      Map<String, Quantity> amounts = section.equals("limits") ? limits : requests;
      for (Map.Entry<String, Quantity> entry : new TreeMap<>(amounts).entrySet()) {
        String name = entry.getKey();
        String at = path + "." + section + "[" + name + "]";
        hugePages |= ResourceNames.isHugePages(name);
        Optional<String> problem =
            podLevel ? podLevelProblem(name) : ResourceNames.containerResourceProblem(name);
        if (problem.isPresent()) {
          findings.add(
              new Finding(
                  at,
                  "resource name \"" + name + "\" " + problem.get(),
                  podLevel
                      ? "move "
                          + name
                          + " to the containers' resources; pod-level resources take only"
                          + " cpu, memory and hugepages-<size>"
                      : "use cpu, memory, ephemeral-storage, hugepages-<size>, or the extended"
                          + " resource's full name with its domain, e.g. nvidia.com/gpu"));
          continue;
        }
        Optional<BigDecimal> amount = Quantities.amount(entry.getValue());
        if (amount.isEmpty() && entry.getValue() != null && !Names.isExtendedResourceName(name)) {
          findings.add(notAQuantity(entry.getValue(), at));
          continue;
        }
        if (amount.isPresent() && amount.get().signum() < 0) {
          findings.add(
              new Finding(
                  at,
                  quantity(entry.getValue()) + " is a negative quantity",
                  "write a quantity of 0 or more"));
          continue;
        }
        Optional<BigDecimal> page = ResourceNames.pageSize(name);
        if (amount.isPresent()
            && page.isPresent()
            && amount.get().remainder(page.get()).signum() != 0) {
          findings.add(
              new Finding(
                  at,
                  quantity(entry.getValue())
                      + " is not a whole number of "
                      + name.substring("hugepages-".length())
                      + " pages",
                  "write a multiple of the page size, e.g. " + name + ": 100Mi for 2Mi pages"));
        }
      }
    }
    for (Map.Entry<String, Quantity> request : new TreeMap<>(requests).entrySet()) {
      String name = request.getKey();
      Quantity limit = limits.get(name);
      if (limit == null || !ResourceNames.overcommits(name)) {
        continue; // GPU001 owns requests of resources that cannot be overcommitted
      }
      Optional<BigDecimal> asked = Quantities.amount(request.getValue());
      Optional<BigDecimal> capped = Quantities.amount(limit);
      if (asked.isPresent()
          && capped.isPresent()
          && capped.get().signum() >= 0
          && asked.get().compareTo(capped.get()) > 0) {
        findings.add(
            new Finding(
                path + ".requests[" + name + "]",
                quantity(request.getValue()) + " is above its limit of " + quantity(limit),
                "lower the request to at most " + quantity(limit) + ", or raise the limit"));
      }
    }
    if (hugePages && !podCpuOrMemory && !cpuOrMemory(resources)) {
      findings.add(
          new Finding(
              path,
              "huge pages are asked for without cpu or memory",
              "add a memory (or cpu) request and limit next to the huge pages"));
    }
  }

  /** Regular, then init containers, by field path. */
  private static Map<String, Container> containers(PodSpec spec, String specPath) {
    Map<String, Container> all = new java.util.LinkedHashMap<>();
    add(all, spec.getContainers(), specPath + ".containers");
    add(all, spec.getInitContainers(), specPath + ".initContainers");
    return all;
  }

  private static void add(
      Map<String, Container> all, @Nullable List<Container> containers, String path) {
    if (containers == null) {
      return;
    }
    for (int i = 0; i < containers.size(); i++) {
      if (containers.get(i) != null) {
        all.put(path + "[" + i + "]", containers.get(i));
      }
    }
  }

  /** Whether resources name cpu or memory, which huge pages need beside them. */
  private static boolean cpuOrMemory(@Nullable ResourceRequirements resources) {
    return resources != null
        && ResourceNames.POD_LEVEL.stream()
            .anyMatch(
                r ->
                    orEmpty(resources.getLimits()).containsKey(r)
                        || orEmpty(resources.getRequests()).containsKey(r));
  }

  private static Optional<String> podLevelProblem(String name) {
    return ResourceNames.POD_LEVEL.contains(name) || ResourceNames.isHugePages(name)
        ? Optional.empty()
        : Optional.of(
            "is not supported in pod-level resources, which take only cpu, memory and"
                + " hugepages-<size>"
                + (GpuResources.isGpu(name) ? "; GPUs are requested per container" : ""));
  }

  private static String quantity(@Nullable Quantity quantity) {
    return quantity == null ? "" : "\"" + text(quantity) + "\"";
  }

  /** A quantity as written, e.g. {@code 500m}. */
  private static String text(Quantity quantity) {
    String amount = quantity.getAmount() == null ? "" : quantity.getAmount();
    return amount + (quantity.getFormat() == null ? "" : quantity.getFormat());
  }

  private static <V> Map<String, V> orEmpty(@Nullable Map<String, V> map) {
    return map == null ? Map.of() : map;
  }
}
