package io.gpuspec.core.fleet;

import io.fabric8.kubernetes.api.model.Quantity;
import io.gpuspec.core.k8s.GpuResources;
import io.gpuspec.core.manifest.PlainScalars;
import java.math.BigDecimal;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.jspecify.annotations.Nullable;

/**
 * The values of one line of a node list for {@link NodeListScan}: keys, plain and quoted scalars
 * that end on their line, block scalar headers and empty flow collections; and whether a value fits
 * its field's type the way the strict decoder judges it.
 */
final class NodeListValues {

  /**
   * A value as read.
   *
   * @param text its text; null for a block scalar or a quoted scalar with escapes other than {@code
   *     \"}, {@code \\} and {@code \/}
   * @param quoted whether it was quoted
   * @param block whether it is a block scalar ({@code |}, {@code >}), whose lines follow
   * @param emptyCollection whether it is {@code []} or {@code {}} (then {@code text} is that)
   */
  record Value(@Nullable String text, boolean quoted, boolean block, boolean emptyCollection) {}

  private static final String INDICATORS = "-?:,[]{}#&*!|>'\"%@`";

  private final StringBuilder buffer = new StringBuilder();

  /** Whether a list item starts at {@code at}. */
  static boolean dash(String text, int at) {
    return text.charAt(at) == '-' && (at + 1 == text.length() || text.charAt(at + 1) == ' ');
  }

  /** Whether nothing but spaces and a comment follows {@code from}. */
  static boolean blankOrComment(String text, int from) {
    int at = from;
    while (at < text.length() && text.charAt(at) == ' ') {
      at++;
    }
    return at == text.length() || (at > from && text.charAt(at) == '#');
  }

  /** Where the key that starts at {@code at} ends (its colon), or -1 when the line has no key. */
  static int keyEnd(String text, int at) {
    int length = text.length();
    for (int i = at; i < length; i++) {
      char c = text.charAt(i);
      if (c == ':' && (i + 1 == length || text.charAt(i + 1) == ' ')) {
        return i;
      }
      if (c == '#' && i > at && text.charAt(i - 1) == ' ') {
        return -1;
      }
    }
    return -1;
  }

  /** Whether a plain scalar may start at {@code at}: no indicator, quote or space starts it. */
  static boolean plainStart(String text, int at) {
    char c = text.charAt(at);
    return INDICATORS.indexOf(c) < 0 && c != ' ' && c != '\t';
  }

  /** Answers of {@link #plainIsString} for short texts (keys, words): a few hundred repeat. */
  private final Map<String, Boolean> shortStrings = new HashMap<>();

  /** Whether an unquoted scalar is the string it spells in YAML 1.1. */
  boolean plainIsString(String text) {
    int length = text.length();
    if (length > 5) {
      // YAML 1.1: no boolean or null word is longer than five characters and every number starts
      // with a digit, a sign or a point, so other long texts are strings (most keys and values)
      char first = text.charAt(0);
      boolean numberStart = (first >= '0' && first <= '9') || first == '-' || first == '+';
      return !(numberStart || first == '.') || notNumber(text) || PlainScalars.isString(text);
    }
    Boolean known = shortStrings.get(text);
    if (known == null) {
      known = PlainScalars.isString(text);
      if (shortStrings.size() < 4096) {
        shortStrings.put(text, known);
      }
    }
    return known;
  }

  /**
   * Whether a text cannot be a YAML 1.1 integer or float: those have at most one point, and a sign
   * only at their start or right after their exponent's {@code e} (IP addresses, versions, ids).
   */
  private static boolean notNumber(String text) {
    int points = 0;
    for (int i = 1; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c == '.' && ++points > 1) {
        return true;
      }
      if ((c == '-' || c == '+') && text.charAt(i - 1) != 'e' && text.charAt(i - 1) != 'E') {
        return true;
      }
    }
    return text.charAt(0) == '.' && points > 0;
  }

  /** The value at {@code at}, or null when it is not one this reader reads. */
  @Nullable Value read(String text, int at) {
    char c = text.charAt(at);
    if (c == '"') {
      return doubleQuoted(text, at);
    }
    if (c == '\'') {
      return singleQuoted(text, at);
    }
    if (c == '|' || c == '>') {
      return blockHeader(text, at) ? new Value(null, false, true, false) : null;
    }
    if (c == '[' || c == '{') {
      String empty = c == '[' ? "[]" : "{}";
      if (text.startsWith(empty, at) && blankOrComment(text, at + 2)) {
        return new Value(empty, false, false, true);
      }
      return null;
    }
    return plain(text, at);
  }

  private @Nullable Value plain(String text, int at) {
    if (!plainStart(text, at)) {
      return null;
    }
    int end = text.length();
    for (int i = at + 1; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c == '#' && text.charAt(i - 1) == ' ') {
        end = i;
        break;
      }
      if (c == ':' && (i + 1 == text.length() || text.charAt(i + 1) == ' ')) {
        return null;
      }
      if (c == '\t') {
        return null;
      }
    }
    while (end > at && text.charAt(end - 1) == ' ') {
      end--;
    }
    return new Value(text.substring(at, end), false, false, false);
  }

  private @Nullable Value doubleQuoted(String text, int at) {
    int close = text.indexOf('"', at + 1);
    if (close > 0 && plainText(text, at + 1, close)) {
      return blankOrComment(text, close + 1)
          ? new Value(text.substring(at + 1, close), true, false, false)
          : null;
    }
    buffer.setLength(0);
    boolean exact = true;
    for (int i = at + 1; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c == '"') {
        return blankOrComment(text, i + 1)
            ? new Value(exact ? buffer.toString() : null, true, false, false)
            : null;
      }
      if (c == '\\') {
        if (i + 1 == text.length()) {
          return null;
        }
        char next = text.charAt(++i);
        if (next != '"' && next != '\\' && next != '/') {
          return null; // other escapes (control characters, surrogates) are the full reader's
        }
        buffer.append(next);
      } else if (c < ' ' || c == '\u007f') {
        return null;
      } else {
        buffer.append(c);
      }
    }
    return null; // continues on the next line
  }

  /**
   * Whether the text between {@code from} and {@code to} has no escape and no control character.
   */
  private static boolean plainText(String text, int from, int to) {
    for (int i = from; i < to; i++) {
      char c = text.charAt(i);
      if (c == '\\' || c < ' ' || c == '\u007f') {
        return false;
      }
    }
    return true;
  }

  private @Nullable Value singleQuoted(String text, int at) {
    buffer.setLength(0);
    for (int i = at + 1; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c == '\'') {
        if (i + 1 < text.length() && text.charAt(i + 1) == '\'') {
          buffer.append('\'');
          i++;
          continue;
        }
        return blankOrComment(text, i + 1)
            ? new Value(buffer.toString(), true, false, false)
            : null;
      }
      if (c < ' ' || c == '\u007f') {
        return null;
      }
      buffer.append(c);
    }
    return null;
  }

  /** {@code |} or {@code >}, an optional chomping indicator and indentation digit, a comment. */
  private static boolean blockHeader(String text, int at) {
    int i = at + 1;
    int flags = 0;
    while (i < text.length() && flags < 2) {
      char c = text.charAt(i);
      if (c == '-' || c == '+' || (c >= '1' && c <= '9')) {
        i++;
        flags++;
      } else {
        break;
      }
    }
    return i == text.length() || (text.charAt(i) == ' ' && blankOrComment(text, i));
  }

  /** Whether the value has the type its field wants, as the strict decoder would judge it. */
  boolean fits(Value value, NodeSchema schema) {
    if (value.emptyCollection()) {
      return switch (schema.shape) {
        case ANY -> true;
        case LIST -> value.text() != null && value.text().equals("[]");
        case OBJECT, MAP -> value.text() != null && value.text().equals("{}");
        default -> false;
      };
    }
    String text = value.text();
    boolean string = value.quoted() || value.block() || (text != null && plainIsString(text));
    return switch (schema.shape) {
      case STRING -> string;
      case BOOLEAN -> !value.quoted() && ("true".equals(text) || "false".equals(text));
      case INTEGER -> !value.quoted() && text != null && decimal(text) && text.length() < 10;
      case QUANTITY ->
          text != null && !value.block() && (string || decimal(text)) && quantity(text);
      case ANY ->
          string || "true".equals(text) || "false".equals(text) || (text != null && decimal(text));
      default -> false;
    };
  }

  /** An unsigned decimal integer without leading zeros. */
  private static boolean decimal(String text) {
    if (text.isEmpty() || (text.charAt(0) == '0' && text.length() > 1)) {
      return false;
    }
    for (int i = 0; i < text.length(); i++) {
      if (text.charAt(i) < '0' || text.charAt(i) > '9') {
        return false;
      }
    }
    return true;
  }

  private static boolean quantity(String text) {
    return amountOf(text).isPresent();
  }

  /** Amounts by text: a node list repeats a few dozen quantities over and over. */
  private static final Map<String, Optional<BigDecimal>> AMOUNTS = new ConcurrentHashMap<>();

  private static Optional<BigDecimal> amountOf(String text) {
    Optional<BigDecimal> known = AMOUNTS.get(text);
    if (known == null) {
      try {
        known = GpuResources.amount(new Quantity(text));
      } catch (RuntimeException e) {
        known = Optional.empty();
      }
      if (AMOUNTS.size() > 10_000) {
        AMOUNTS.clear();
      }
      AMOUNTS.put(text, known);
    }
    return known;
  }

  /** The amount of a quantity {@link #fits} accepted. */
  static BigDecimal amount(String text) {
    return amountOf(text).orElseThrow();
  }
}
