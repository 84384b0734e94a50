package io.gpuspec.core.facts;

import io.fabric8.kubernetes.api.model.Quantity;
import io.gpuspec.core.k8s.Names;
import io.gpuspec.core.k8s.Quantities;
import io.gpuspec.core.report.Finding;
import java.math.BigDecimal;
import java.util.Optional;
import java.util.Set;

/**
 * The API server's classes of resource names (<a
 * href="https://kubernetes.io/docs/concepts/configuration/manage-resources-containers/">Resource
 * management for pods and containers</a>): standard container resources, native names (no domain or
 * a {@code kubernetes.io/} domain), huge pages, and extended resources (any other domain-qualified
 * name), shared by the rules on resources.
 */
public final class ResourceNames {

  /** The resources a container may name without a domain, besides {@code hugepages-<size>}. */
  public static final Set<String> STANDARD_CONTAINER = Set.of("cpu", "memory", "ephemeral-storage");

  /** The resources pod-level {@code spec.resources} may name, besides {@code hugepages-<size>}. */
  public static final Set<String> POD_LEVEL = Set.of("cpu", "memory");

  private static final String HUGE_PAGES = "hugepages-";

  /** The standard resources counted in whole units (apimachinery {@code IsIntegerResourceName}). */
  private static final Set<String> INTEGER_STANDARD =
      Set.of(
          "pods",
          "resourcequotas",
          "services",
          "replicationcontrollers",
          "secrets",
          "configmaps",
          "persistentvolumeclaims",
          "services.nodeports",
          "services.loadbalancers");

  private ResourceNames() {}

  /** {@code hugepages-<size>}, e.g. {@code hugepages-2Mi}. */
  public static boolean isHugePages(String name) {
    return name.startsWith(HUGE_PAGES);
  }

  /** Whether requests may be below limits (native resources other than huge pages). */
  public static boolean overcommits(String name) {
    return Names.isNativeResourceName(name) && !isHugePages(name);
  }

  /**
   * Why a container cannot name this resource in {@code requests} or {@code limits}, if it cannot:
   * it must be a standard resource ({@code cpu}, {@code memory}, {@code ephemeral-storage}, {@code
   * hugepages-<size>}), a native {@code kubernetes.io/} name, or an extended {@code domain/name}.
   */
  public static Optional<String> containerResourceProblem(String name) {
    if (!Names.isQualifiedName(name)) {
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
    return Names.isNativeResourceName(name) || Names.isExtendedResourceName(name)
        ? Optional.empty()
        : Optional.of("does not follow the extended resource name standard (domain/name)");
  }

  /**
   * Whether amounts of this resource must be whole numbers, as Kubernetes' {@code
   * IsIntegerResourceName}: object counts such as {@code pods}, and every extended resource ({@code
   * nvidia.com/gpu}).
   */
  public static boolean isInteger(String name) {
    return INTEGER_STANDARD.contains(name) || Names.isExtendedResourceName(name);
  }

  /**
   * What the API server's {@code ValidateResourceQuantityValue} rejects in an amount of {@code
   * resource} at {@code path} (quota and queue amounts): a negative amount, or a fraction of a
   * resource counted in whole units. Amounts that are no quantity at all are the reader's.
   */
  public static Optional<Finding> quantityValue(String resource, Quantity quantity, String path) {
    Optional<BigDecimal> amount = Quantities.amount(quantity);
    if (amount.isEmpty()) {
      return Optional.empty();
    }
    if (amount.get().signum() < 0) {
      return Optional.of(
          Finding.rejection(
              path,
              resource + " " + text(quantity) + " is negative; the API server rejects it",
              "give an amount of at least 0"));
    }
    if (isInteger(resource) && amount.get().stripTrailingZeros().scale() > 0) {
      return Optional.of(
          Finding.rejection(
              path,
              resource + " " + text(quantity) + " is not a whole number; the API server rejects it",
              "give a whole number of " + resource));
    }
    return Optional.empty();
  }

  private static String text(Quantity quantity) {
    return quantity.getAmount() + (quantity.getFormat() == null ? "" : quantity.getFormat());
  }

  /** The page size of a {@code hugepages-<size>} name, if it parses. */
  public static Optional<BigDecimal> pageSize(String name) {
    if (!isHugePages(name)) {
      return Optional.empty();
    }
    return Quantities.amount(new Quantity(name.substring(HUGE_PAGES.length())))
        .filter(size -> size.signum() > 0);
  }
}
