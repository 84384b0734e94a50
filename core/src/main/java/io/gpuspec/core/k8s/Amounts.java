package io.gpuspec.core.k8s;

import java.math.BigDecimal;
import java.util.List;

/**
 * Resource amounts written back as quantities, as Kubernetes writes them; for the DSLs and rules of
 * every module.
 */
public final class Amounts {

  private Amounts() {}

  /**
   * An amount of a resource in the form Kubernetes writes it: {@code 8}, {@code 500m}, and binary
   * suffixes for bytes ({@code 64Gi}).
   */
  public static String format(String resource, BigDecimal amount) {
    BigDecimal plain = amount.stripTrailingZeros();
    boolean bytes =
        resource.equals("memory")
            || resource.contains("storage")
            || resource.startsWith("hugepages-");
    if (plain.scale() <= 0 && bytes) {
      for (String suffix : List.of("Ti", "Gi", "Mi", "Ki")) {
        BigDecimal unit = BigDecimal.valueOf(2).pow(binaryPower(suffix));
        if (plain.compareTo(unit) >= 0 && plain.remainder(unit).signum() == 0) {
          return plain.divide(unit).toBigInteger() + suffix;
        }
      }
      return plain.toBigInteger().toString();
    }
    if (plain.scale() <= 0) {
      return plain.toBigInteger().toString();
    }
    BigDecimal millis = plain.movePointRight(3);
    return millis.stripTrailingZeros().scale() <= 0
        ? millis.toBigInteger() + "m"
        : plain.toPlainString();
  }

  private static int binaryPower(String suffix) {
    return switch (suffix) {
      case "Ki" -> 10;
      case "Mi" -> 20;
      case "Gi" -> 30;
      default -> 40;
    };
  }
}
