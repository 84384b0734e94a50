package io.gpuspec.scheduling;

import io.fabric8.kubernetes.api.model.Quantity;
import io.gpuspec.core.InvalidSpecException;
import io.gpuspec.core.Labels;
import java.math.BigDecimal;
import java.util.Map;
import java.util.TreeMap;

/**
 * Resource quantities of this module's DSL values: the checks they share and scaling, over core's
 * one quantity grammar ({@link io.gpuspec.core.k8s.Quantities}).
 */
final class Quantities {

  private Quantities() {}

  /** Whether {@code text} is a quantity the API server accepts. */
  static boolean isQuantity(String text) {
    return io.gpuspec.core.k8s.Quantities.isQuantity(text);
  }

  /** The value of a valid quantity in base units (cores, bytes, devices). */
  static BigDecimal amount(String text) {
    return io.gpuspec.core.k8s.Quantities.parse(text).orElseThrow();
  }

  /** {@code text} times {@code factor}, keeping its suffix: {@code 32Gi x 4 = 128Gi}. */
  static String times(String text, int factor) {
    return new Quantity(text).multiply(factor).toString();
  }

  /**
   * Checks a map of resource name to quantity: names are qualified names (e.g. {@code cpu}, {@code
   * nvidia.com/gpu}) and quantities parse and are not negative.
   */
  static void requireResources(String where, Map<String, String> resources) {
    resources.forEach(
        (resource, quantity) -> {
          InvalidSpecException.require(
              Labels.isQualifiedName(resource),
              where,
              "\"" + resource + "\" is not a resource name",
              "use a name such as cpu, memory or nvidia.com/gpu");
          requireQuantity(where + " " + resource, quantity);
        });
  }

  /** Checks that {@code quantity} parses and is not negative. */
  static void requireQuantity(String where, String quantity) {
    InvalidSpecException.require(
        isQuantity(quantity),
        where,
        "\"" + quantity + "\" is not a quantity",
        "write a number with an optional suffix, e.g. 8, 500m or 64Gi");
    InvalidSpecException.require(
        amount(quantity).signum() >= 0,
        where,
        "\"" + quantity + "\" is negative",
        "use zero or more");
  }

  /** The map as fabric8 quantities, sorted by resource name. */
  static Map<String, Quantity> toQuantities(Map<String, String> resources) {
    Map<String, Quantity> quantities = new TreeMap<>();
    resources.forEach((resource, quantity) -> quantities.put(resource, new Quantity(quantity)));
    return quantities;
  }
}
