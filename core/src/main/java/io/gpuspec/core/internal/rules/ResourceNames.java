package io.gpuspec.core.internal.rules;

import io.fabric8.kubernetes.api.model.Quantity;
import io.gpuspec.core.Labels;
import io.gpuspec.core.k8s.GpuResources;
import java.math.BigDecimal;
import java.util.Optional;
import java.util.Set;

/**
 * The API server's classes of resource names (<a
 * href="https://kubernetes.io/docs/concepts/configuration/manage-resources-containers/">Resource
 * management for pods and containers</a>): standard container resources, native names (no domain or
 * a {@code kubernetes.io/} domain), huge pages, and extended resources (any other domain-qualified
 * name).
 */
final class ResourceNames {

  /** The resources a container may name without a domain, besides {@code hugepages-<size>}. */
  static final Set<String> STANDARD_CONTAINER = Set.of("cpu", "memory", "ephemeral-storage");

  /** The resources pod-level {@code spec.resources} may name, besides {@code hugepages-<size>}. */
  static final Set<String> POD_LEVEL = Set.of("cpu", "memory");

  private static final String HUGE_PAGES = "hugepages-";

  private ResourceNames() {}

  /** {@code hugepages-<size>}, e.g. {@code hugepages-2Mi}. */
  static boolean isHugePages(String name) {
    return name.startsWith(HUGE_PAGES);
  }

  /** Whether requests may be below limits (native resources other than huge pages). */
  static boolean overcommits(String name) {
    return Labels.isNativeResourceName(name) && !isHugePages(name);
  }

  /**
   * Why a container cannot name this resource in {@code requests} or {@code limits}, if it cannot:
   * it must be a standard resource ({@code cpu}, {@code memory}, {@code ephemeral-storage}, {@code
   * hugepages-<size>}), a native {@code kubernetes.io/} name, or an extended {@code domain/name}.
   */
  static Optional<String> containerResourceProblem(String name) {
    if (!Labels.isQualifiedName(name)) {
      return Optional.of(
          "is not a qualified name ([domain/]name of letters, digits, '-', '_', '.')");
    }
    if (!name.contains("/")) {
      return STANDARD_CONTAINER.contains(name) || isHugePages(name)
          ? Optional.empty()
          : Optional.of(
              "is neither a standard resource (cpu, memory, ephemeral-storage, hugepages-<size>)"
                  + " nor a domain-qualified extended resource");
    }
    return Labels.isNativeResourceName(name) || Labels.isExtendedResourceName(name)
        ? Optional.empty()
        : Optional.of("does not follow the extended resource name standard (domain/name)");
  }

  /** The page size of a {@code hugepages-<size>} name, if it parses. */
  static Optional<BigDecimal> pageSize(String name) {
    if (!isHugePages(name)) {
      return Optional.empty();
    }
    return GpuResources.amount(new Quantity(name.substring(HUGE_PAGES.length())))
        .filter(size -> size.signum() > 0);
  }
}
