package io.gpuspec.cel.internal.lib;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A Kubernetes resource quantity as the CEL {@code quantity} library sees it: an exact decimal
 * value read from the canonical grammar (a signed number, then a binary suffix {@code Ki..Ei}, a
 * decimal suffix {@code n u m k M G T P E} or a decimal exponent).
 */
public final class Quantity implements Comparable<Quantity> {

  private static final Pattern GRAMMAR =
      Pattern.compile(
          "([+-]?)([0-9]+(?:\\.[0-9]*)?|\\.[0-9]+)(Ki|Mi|Gi|Ti|Pi|Ei|[numkMGTPE]|[eE][+-]?[0-9]+)?");
  private static final BigDecimal INT64_MAX = BigDecimal.valueOf(Long.MAX_VALUE);
  private static final BigDecimal INT64_MIN = BigDecimal.valueOf(Long.MIN_VALUE);
  private static final Map<String, BigDecimal> SUFFIXES =
      Map.ofEntries(
          Map.entry("n", new BigDecimal("1e-9")),
          Map.entry("u", new BigDecimal("1e-6")),
          Map.entry("m", new BigDecimal("1e-3")),
          Map.entry("", BigDecimal.ONE),
          Map.entry("k", new BigDecimal("1e3")),
          Map.entry("M", new BigDecimal("1e6")),
          Map.entry("G", new BigDecimal("1e9")),
          Map.entry("T", new BigDecimal("1e12")),
          Map.entry("P", new BigDecimal("1e15")),
          Map.entry("E", new BigDecimal("1e18")),
          Map.entry("Ki", new BigDecimal(BigInteger.TWO.pow(10))),
          Map.entry("Mi", new BigDecimal(BigInteger.TWO.pow(20))),
          Map.entry("Gi", new BigDecimal(BigInteger.TWO.pow(30))),
          Map.entry("Ti", new BigDecimal(BigInteger.TWO.pow(40))),
          Map.entry("Pi", new BigDecimal(BigInteger.TWO.pow(50))),
          Map.entry("Ei", new BigDecimal(BigInteger.TWO.pow(60))));

  private final BigDecimal value;

  private Quantity(BigDecimal value) {
    this.value = value.stripTrailingZeros();
  }

  /** The quantity {@code text} denotes, or empty when it is not a quantity. */
  public static Optional<Quantity> parse(String text) {
    Matcher m = GRAMMAR.matcher(text);
    if (!m.matches()) {
      return Optional.empty();
    }
    String suffix = m.group(3) == null ? "" : m.group(3);
    BigDecimal number = new BigDecimal(m.group(2).startsWith(".") ? "0" + m.group(2) : m.group(2));
    BigDecimal scaled;
    if (suffix.startsWith("e") || suffix.startsWith("E")) {
      int exponent;
      try {
        exponent = Integer.parseInt(suffix.substring(1));
      } catch (NumberFormatException e) {
        return Optional.empty();
      }
      if (Math.abs(exponent) > 1000) {
        return Optional.empty();
      }
      scaled = number.scaleByPowerOfTen(exponent);
    } else {
      scaled = number.multiply(SUFFIXES.get(suffix));
    }
    return Optional.of(new Quantity("-".equals(m.group(1)) ? scaled.negate() : scaled));
  }

  /** An integer as a quantity. */
  public static Quantity of(long value) {
    return new Quantity(BigDecimal.valueOf(value));
  }

  /** Whether the value is a whole number that fits in an int64. */
  public boolean isInteger() {
    return value.signum() == 0
        || (value.scale() <= 0
            && value.compareTo(INT64_MAX) <= 0
            && value.compareTo(INT64_MIN) >= 0);
  }

  /** The value as an int64; empty when {@link #isInteger()} is false. */
  public Optional<Long> asInteger() {
    return isInteger() ? Optional.of(value.longValueExact()) : Optional.empty();
  }

  public double asApproximateFloat() {
    return value.doubleValue();
  }

  public long sign() {
    return value.signum();
  }

  public Quantity add(Quantity other) {
    return new Quantity(value.add(other.value));
  }

  public Quantity subtract(Quantity other) {
    return new Quantity(value.subtract(other.value));
  }

  @Override
  public int compareTo(Quantity other) {
    return value.compareTo(other.value);
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof Quantity q && value.compareTo(q.value) == 0;
  }

  @Override
  public int hashCode() {
    return value.hashCode();
  }

  @Override
  public String toString() {
    return value.toPlainString();
  }
}
