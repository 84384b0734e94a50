package io.gpuspec.sharing;

import io.gpuspec.core.manifest.Yaml11Words;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * Writes the small trees of the sharing configs ({@link Map}, {@link List}, {@link String}, {@link
 * Integer}, {@link Boolean}) as block YAML, byte for byte the same for the same tree: keys sorted,
 * two-space indents, lists of scalars in flow style ({@code [0, 1]}), multi-line strings as literal
 * blocks, and every string a YAML 1.1 reader (go-yaml v2, which the NVIDIA components use) would
 * take for a boolean, null or number in double quotes.
 */
final class YamlText {

  private static final Pattern PLAIN = Pattern.compile("[A-Za-z0-9_/][A-Za-z0-9._/+-]*");
  private static final Pattern NUMBER_LIKE =
      Pattern.compile("[-+]?\\.?[0-9][0-9a-fA-FxXoObB_.:eE+-]*");

  private YamlText() {}

  static String render(Map<String, ?> root) {
    StringBuilder out = new StringBuilder();
    mapping(out, root, 0);
    return out.toString();
  }

  private static void mapping(StringBuilder out, Map<String, ?> map, int indent) {
    new TreeMap<String, Object>(map)
        .forEach(
            (key, value) -> {
              out.append(" ".repeat(indent)).append(scalar(key)).append(':');
              value(out, value, indent);
            });
  }

  /** Writes what follows {@code key:} for a key at {@code indent}. */
  private static void value(StringBuilder out, Object value, int indent) {
    if (value instanceof Map<?, ?> map && !map.isEmpty()) {
      out.append('\n');
      mapping(out, keyed(map), indent + 2);
    } else if (value instanceof List<?> list && !list.isEmpty() && !allScalars(list)) {
      out.append('\n');
      sequence(out, list, indent);
    } else if (value instanceof String text && literal(text)) {
      literalBlock(out, text, indent + 2);
    } else {
      out.append(' ').append(flow(value)).append('\n');
    }
  }

  private static void sequence(StringBuilder out, List<?> list, int indent) {
    for (Object item : list) {
      out.append(" ".repeat(indent)).append("- ");
      if (item instanceof Map<?, ?> map && !map.isEmpty()) {
        boolean first = true;
        for (Map.Entry<String, Object> entry : keyed(map).entrySet()) {
          if (!first) {
            out.append(" ".repeat(indent + 2));
          }
          first = false;
          out.append(scalar(entry.getKey())).append(':');
          value(out, entry.getValue(), indent + 2);
        }
      } else {
        out.append(flow(item)).append('\n');
      }
    }
  }

  private static String flow(Object value) {
    if (value instanceof Map<?, ?> map) {
      return keyed(map).entrySet().stream()
          .map(entry -> scalar(entry.getKey()) + ": " + flow(entry.getValue()))
          .collect(Collectors.joining(", ", "{", "}"));
    }
    if (value instanceof List<?> list) {
      return list.stream().map(YamlText::flow).collect(Collectors.joining(", ", "[", "]"));
    }
    return scalar(value);
  }

  private static boolean allScalars(List<?> list) {
    return list.stream().noneMatch(item -> item instanceof Map || item instanceof List);
  }

  private static TreeMap<String, Object> keyed(Map<?, ?> map) {
    TreeMap<String, Object> sorted = new TreeMap<>();
    map.forEach((key, value) -> sorted.put((String) key, value));
    return sorted;
  }

  static String scalar(Object value) {
    if (value instanceof Boolean || value instanceof Integer || value instanceof Long) {
      return value.toString();
    }
    if (!(value instanceof String text)) {
      throw new IllegalArgumentException("not a YAML scalar of the sharing configs: " + value);
    }
    if (plain(text)) {
      return text;
    }
    return quoted(text);
  }

  /** Whether the string reads back as the same string in YAML 1.1 and 1.2 without quotes. */
  static boolean plain(String text) {
    return PLAIN.matcher(text).matches()
        && !Yaml11Words.isReserved(text)
        && !NUMBER_LIKE.matcher(text).matches();
  }

  private static String quoted(String text) {
    StringBuilder out = new StringBuilder("\"");
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      switch (c) {
        case '"' -> out.append("\\\"");
        case '\\' -> out.append("\\\\");
        case '\n' -> out.append("\\n");
        case '\t' -> out.append("\\t");
        case '\r' -> out.append("\\r");
        default -> {
          if (c < 0x20 || c == 0x7f) {
            out.append(String.format("\\u%04x", (int) c));
          } else {
            out.append(c);
          }
        }
      }
    }
    return out.append('"').toString();
  }

  /** Multi-line text that a literal block keeps exactly. */
  private static boolean literal(String text) {
    if (!text.contains("\n") || text.isBlank()) {
      return false;
    }
    if (text.startsWith(" ") || text.startsWith("\t") || text.startsWith("\n")) {
      return false;
    }
    return text.chars().allMatch(c -> c == '\n' || (c >= 0x20 && c != 0x7f) || c == '\t');
  }

  private static void literalBlock(StringBuilder out, String text, int indent) {
    String body;
    String chomp;
    if (!text.endsWith("\n")) {
      chomp = "-";
      body = text;
    } else if (text.endsWith("\n\n")) {
      chomp = "+";
      body = text.substring(0, text.length() - 1);
    } else {
      chomp = "";
      body = text.substring(0, text.length() - 1);
    }
    out.append(" |").append(chomp).append('\n');
    for (String line : body.split("\n", -1)) {
      if (!line.isEmpty()) {
        out.append(" ".repeat(indent)).append(line);
      }
      out.append('\n');
    }
  }
}
