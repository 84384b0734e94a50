package io.gpuspec.core.k8s;

import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.QuantityBuilder;
import java.math.BigDecimal;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The one parser of Kubernetes resource quantities, following apimachinery's {@code
 * resource.ParseQuantity}
 * (https://kubernetes.io/docs/reference/kubernetes-api/common-definitions/quantity/): an optional
 * sign, a decimal number in ASCII digits, then a binary-SI suffix ({@code Ki} … {@code Ei}), a
 * decimal-SI suffix ({@code n u m k M G T P E}) or a decimal exponent ({@code e3}, {@code E-2}, a
 * whole number). Whether a negative or zero amount is allowed is the caller's decision.
 */
public final class Quantities {

  private static final Pattern GRAMMAR =
      Pattern.compile(
          "([+-]?(?:[0-9]+(?:\\.[0-9]*)?|\\.[0-9]+))"
              + "(Ki|Mi|Gi|Ti|Pi|Ei|[eE][+-]?[0-9]+|[numkMGTPE])?");

  private static final Map<String, BigDecimal> SUFFIXES =
      Map.ofEntries(
          Map.entry("Ki", BigDecimal.valueOf(1L << 10)),
          Map.entry("Mi", BigDecimal.valueOf(1L << 20)),
          Map.entry("Gi", BigDecimal.valueOf(1L << 30)),
          Map.entry("Ti", BigDecimal.valueOf(1L << 40)),
          Map.entry("Pi", BigDecimal.valueOf(1L << 50)),
          Map.entry("Ei", BigDecimal.valueOf(1L << 60)),
          Map.entry("n", BigDecimal.ONE.scaleByPowerOfTen(-9)),
          Map.entry("u", BigDecimal.ONE.scaleByPowerOfTen(-6)),
          Map.entry("m", BigDecimal.ONE.scaleByPowerOfTen(-3)),
          Map.entry("k", BigDecimal.ONE.scaleByPowerOfTen(3)),
          Map.entry("M", BigDecimal.ONE.scaleByPowerOfTen(6)),
          Map.entry("G", BigDecimal.ONE.scaleByPowerOfTen(9)),
          Map.entry("T", BigDecimal.ONE.scaleByPowerOfTen(12)),
          Map.entry("P", BigDecimal.ONE.scaleByPowerOfTen(15)),
          Map.entry("E", BigDecimal.ONE.scaleByPowerOfTen(18)));

  // Parsed texts: manifests repeat a few amounts ("1", "8", "64Gi") in every pod; a pure function
  // of an immutable text, so one bounded table serves every thread.
  private static final int PARSED_MAX = 4096;
  private static final Map<String, Optional<BigDecimal>> PARSED = new ConcurrentHashMap<>();

  private Quantities() {}

  /** Whether {@code text} is a quantity in apimachinery's grammar, of any sign. */
  public static boolean isQuantity(String text) {
    return parse(text).isPresent();
  }

  /**
   * The amount a quantity stands for in base units (cores, bytes, devices): {@code 500m} is 0.5,
   * {@code 1Ki} is 1024, {@code -2} is -2; empty when {@code text} is not a quantity.
   */
  public static Optional<BigDecimal> parse(String text) {
    if (text == null) {
      return Optional.empty();
    }
    Optional<BigDecimal> known = PARSED.get(text);
    if (known == null) {
      known = parseText(text);
      if (text.length() <= 40 && PARSED.size() < PARSED_MAX) {
        PARSED.put(text, known);
      }
    }
    return known;
  }

  private static Optional<BigDecimal> parseText(String text) {
    Matcher matcher = GRAMMAR.matcher(text);
    if (!matcher.matches()) {
      return Optional.empty();
    }
    BigDecimal number = new BigDecimal(numberText(matcher.group(1)));
    String suffix = matcher.group(2);
    if (suffix == null) {
      return Optional.of(number);
    }
    if (!SUFFIXES.containsKey(suffix)) { // a decimal exponent: e3, E-2
      try {
        return Optional.of(number.scaleByPowerOfTen(Integer.parseInt(suffix.substring(1))));
      } catch (ArithmeticException | NumberFormatException e) {
        return Optional.empty(); // an exponent beyond int32, as apimachinery refuses it
      }
    }
    return Optional.of(number.multiply(SUFFIXES.get(suffix)));
  }

  /** The amount of a fabric8 quantity (its number and format read as one text), if it parses. */
  public static Optional<BigDecimal> amount(Quantity quantity) {
    if (quantity == null || quantity.getAmount() == null) {
      return Optional.empty();
    }
    String format = quantity.getFormat();
    return parse(
        format == null || format.isEmpty() ? quantity.getAmount() : quantity.getAmount() + format);
  }

  /**
   * Whether fabric8's {@link Quantity} takes {@code text} at all: it refuses an empty text and some
   * that do not start like a number (e.g. {@code i0a}), and its builders, which parse a quantity
   * again, some more (e.g. {@code nvidia.com/gpu}), so a renderer cannot write them.
   */
  public static boolean isRenderable(String text) {
    try {
      new QuantityBuilder(new Quantity(text)).build(); // fabric8's builders parse it again
      return true;
    } catch (IllegalArgumentException e) {
      return false;
    }
  }

  /** {@code BigDecimal} takes neither a leading '+' nor a trailing or leading '.' alone. */
  private static String numberText(String number) {
    String text = number.startsWith("+") ? number.substring(1) : number;
    if (text.endsWith(".")) {
      text = text + "0";
    }
    int dot = text.indexOf('.');
    if (dot == 0 || (dot == 1 && text.charAt(0) == '-')) {
      text = text.substring(0, dot) + "0" + text.substring(dot);
    }
    return text;
  }
}
