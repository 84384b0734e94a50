package io.gpuspec.core.manifest;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Locale;
import java.util.regex.Pattern;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;

/**
 * Plain scalars resolved the way Kubernetes decodes YAML (go-yaml v2, through sigs.k8s.io/yaml): by
 * YAML 1.1 rules, where {@code yes} is a boolean, {@code 012} octal and {@code 1_000} an integer.
 */
final class Yaml11Scalars {

  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

  private static final Pattern INT =
      Pattern.compile("[-+]?(0b[01_]+|0x[0-9a-fA-F_]+|0[0-7_]*|[1-9][0-9_]*)");
  private static final Pattern OCTAL = Pattern.compile("[-+]?0[0-7_]+");
  private static final Pattern FLOAT =
      Pattern.compile(
          "[-+]?([0-9][0-9_]*)?\\.[0-9_]*([eE][-+]?[0-9]+)?|[-+]?[0-9][0-9_]*[eE][-+]?[0-9]+");

  /** No number is written with more characters than this; longer scalars stay strings. */
  static final int MAX_NUMBER_CHARS = 1_000;

  private Yaml11Scalars() {}

  /** A plain scalar's value, and whether YAML 1.2 would read it differently. */
  record Resolved(JsonNode json, boolean yaml11) {}

  /** Whether {@link #resolve} gives a string, without building the value for long words. */
  static boolean isString(String text) {
    if (text.length() > MAX_NUMBER_CHARS || (text.length() > 5 && !numberStart(text.charAt(0)))) {
      return true; // what resolve finds for such text: no word is longer, no number starts so
    }
    return resolve(text).json().isString();
  }

  /** Resolves a plain scalar the way go-yaml v2 does. */
  static Resolved resolve(String text) {
    if (text.length() > MAX_NUMBER_CHARS) {
      return new Resolved(NODES.stringNode(text), false);
    }
    if (text.isEmpty()) {
      return new Resolved(NODES.nullNode(), false);
    }
    char first = text.charAt(0);
    if (text.length() <= 5 && "yYnNtTfFoO~.+-".indexOf(first) >= 0) { // how every word starts
      String lower = text.toLowerCase(Locale.ROOT);
      if (!isYaml11Case(text, lower)) {
        lower = text; // e.g. "yEs" or "nULL": text for go-yaml v2
      }
      if (Yaml11Words.NULL.contains(lower)) {
        return new Resolved(NODES.nullNode(), false);
      }
      if (Yaml11Words.TRUE.contains(lower) || Yaml11Words.FALSE.contains(lower)) {
        boolean yaml11 = !lower.equals("true") && !lower.equals("false");
        return new Resolved(NODES.booleanNode(Yaml11Words.TRUE.contains(lower)), yaml11);
      }
      Double special = Yaml11Words.SPECIAL_FLOATS.get(text);
      if (special != null) {
        return new Resolved(NODES.numberNode(special), true);
      }
    }
    if (!numberStart(first)) {
      return new Resolved(NODES.stringNode(text), false);
    }
    if (isSmallDecimal(text)) {
      return new Resolved(NODES.numberNode(Integer.parseInt(text)), false);
    }
    if (INT.matcher(text).matches()) {
      boolean yaml11 = text.contains("_") || OCTAL.matcher(text).matches() || text.contains("0b");
      return new Resolved(integer(text), yaml11);
    }
    if (FLOAT.matcher(text).matches() && !text.equals(".")) {
      return new Resolved(floating(text.replace("_", ""), text), false);
    }
    return new Resolved(NODES.stringNode(text), false);
  }

  private static boolean numberStart(char c) {
    return (c >= '0' && c <= '9') || c == '-' || c == '+' || c == '.';
  }

  /**
   * {@code 0} or up to nine decimal digits without a leading zero: an int, read the same by YAML
   * 1.1 and 1.2 (what {@link #integer} gives for them, without a regex or a BigInteger).
   */
  private static boolean isSmallDecimal(String text) {
    int n = text.length();
    if (n > 9 || text.charAt(0) < '1' || text.charAt(0) > '9') {
      return text.equals("0");
    }
    for (int i = 1; i < n; i++) {
      char c = text.charAt(i);
      if (c < '0' || c > '9') {
        return false;
      }
    }
    return true;
  }

  /**
   * A float as it reaches the API server: go-yaml reads it as a float64 (text if out of range), and
   * JSON encoding writes integral values below 1e21 as integers ({@code 1.0} and {@code 1e3} decode
   * into integer fields, {@code 1.5} does not).
   */
  private static JsonNode floating(String digits, String text) {
    double value;
    try {
      value = Double.parseDouble(digits);
    } catch (NumberFormatException e) {
      return NODES.stringNode(text);
    }
    if (Double.isInfinite(value)) {
      return NODES.stringNode(text);
    }
    if (value == Math.rint(value) && Math.abs(value) < 1e21) {
      return whole(new BigDecimal(value).toBigInteger());
    }
    return NODES.numberNode(value);
  }

  private static JsonNode whole(BigInteger value) {
    if (value.bitLength() < 32) {
      return NODES.numberNode(value.intValue());
    }
    return value.bitLength() < 64 ? NODES.numberNode(value.longValue()) : NODES.numberNode(value);
  }

  /** Whether a word is written the way go-yaml v2 resolves it: lower, Capitalised or UPPER. */
  private static boolean isYaml11Case(String text, String lower) {
    return text.equals(lower)
        || text.equals(lower.toUpperCase(Locale.ROOT))
        || (!lower.isEmpty()
            && text.equals(Character.toUpperCase(lower.charAt(0)) + lower.substring(1)));
  }

  /**
   * An integer as go-yaml v2 reads it: int64 or uint64 when it fits, otherwise a float for decimal
   * digits within the float64 range, otherwise text.
   */
  private static JsonNode integer(String text) {
    String digits = text.replace("_", "");
    boolean negative = digits.startsWith("-");
    if (digits.startsWith("-") || digits.startsWith("+")) {
      digits = digits.substring(1);
    }
    int radix = 10;
    if (digits.startsWith("0x")) {
      radix = 16;
      digits = digits.substring(2);
    } else if (digits.startsWith("0b")) {
      radix = 2;
      digits = digits.substring(2);
    } else if (digits.length() > 1 && digits.startsWith("0")) {
      radix = 8;
    }
    if (digits.isEmpty()) {
      digits = "0"; // "0x_" or "0b_": nothing but underscores
    }
    BigInteger value = new BigInteger(digits, radix);
    value = negative ? value.negate() : value;
    if (value.bitLength() < 64 || (!negative && value.bitLength() == 64)) {
      return whole(value);
    }
    return radix == 10 ? floating(value.toString(), text) : NODES.stringNode(text);
  }
}
