package io.gpuspec.core.manifest;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import org.snakeyaml.engine.v2.common.ScalarStyle;
import org.snakeyaml.engine.v2.nodes.MappingNode;
import org.snakeyaml.engine.v2.nodes.Node;
import org.snakeyaml.engine.v2.nodes.NodeTuple;
import org.snakeyaml.engine.v2.nodes.ScalarNode;
import org.snakeyaml.engine.v2.nodes.SequenceNode;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * Turns one composed YAML document into a Jackson tree the way Kubernetes decodes it: plain scalars
 * resolve by YAML 1.1 rules ({@code yes} is a boolean, {@code 012} octal, {@code 1_000} an
 * integer), as sigs.k8s.io/yaml does. It remembers the line of every node (by JSON pointer), which
 * plain scalars YAML 1.1 reads differently from YAML 1.2, and the duplicate keys it met; it stops
 * at {@link #MAX_NODES} nodes so that alias bombs cannot expand without bound.
 */
final class YamlTree {

  static final int MAX_NODES = 1_000_000;

  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

  /**
   * go-yaml v2 accepts these words in lower case, Capitalised or UPPER case only ("yEs" is text).
   */
  private static final Set<String> TRUE = Set.of("y", "yes", "true", "on");

  private static final Set<String> FALSE = Set.of("n", "no", "false", "off");
  private static final Set<String> NULL = Set.of("", "~", "null");
  private static final Pattern INT =
      Pattern.compile("[-+]?(0b[01_]+|0x[0-9a-fA-F_]+|0[0-7_]*|[1-9][0-9_]*)");
  private static final Pattern FLOAT =
      Pattern.compile(
          "[-+]?([0-9][0-9_]*)?\\.[0-9_]*([eE][-+]?[0-9]+)?|[-+]?[0-9][0-9_]*[eE][-+]?[0-9]+");

  /** Thrown when the document expands beyond {@link #MAX_NODES}. */
  static final class TooLarge extends RuntimeException {
    private static final long serialVersionUID = 1L;

    TooLarge() {
      super(null, null, false, false);
    }
  }

  final Map<String, Integer> lines = new HashMap<>();

  /**
   * Plain scalars YAML 1.1 reads as booleans or numbers where YAML 1.2 reads text: pointer to text.
   */
  final Map<String, String> yaml11Scalars = new HashMap<>();

  final Map<String, Integer> duplicateKeys = new HashMap<>();
  private int nodes;

  /** Converts a document's root node. */
  JsonNode convert(Node root) {
    return convert(root, "");
  }

  /** The line of the node at a JSON pointer, or of its nearest ancestor. */
  int lineOf(String pointer) {
    String p = pointer;
    while (true) {
      Integer line = lines.get(p);
      if (line != null || p.isEmpty()) {
        return line == null ? 1 : line;
      }
      p = p.substring(0, p.lastIndexOf('/'));
    }
  }

  private JsonNode convert(Node node, String pointer) {
    if (++nodes > MAX_NODES) {
      throw new TooLarge();
    }
    lines.putIfAbsent(pointer, node.getStartMark().map(m -> m.getLine() + 1).orElse(1));
    if (node instanceof MappingNode mapping) {
      ObjectNode object = NODES.objectNode();
      List<JsonNode> merges = new ArrayList<>();
      for (NodeTuple tuple : mapping.getValue()) {
        String key = keyText(tuple.getKeyNode());
        if (key.equals("<<") && isPlain(tuple.getKeyNode())) {
          merges.add(convert(tuple.getValueNode(), pointer));
          continue;
        }
        String child = pointer + "/" + escape(key);
        if (object.has(key)) {
          duplicateKeys.put(
              child, tuple.getKeyNode().getStartMark().map(m -> m.getLine() + 1).orElse(1));
          lines.remove(child);
        }
        lines.put(child, tuple.getKeyNode().getStartMark().map(m -> m.getLine() + 1).orElse(1));
        object.set(key, convert(tuple.getValueNode(), child));
      }
      merges.forEach(merged -> merge(object, merged)); // explicit keys win
      return object;
    }
    if (node instanceof SequenceNode sequence) {
      ArrayNode array = NODES.arrayNode();
      int i = 0;
      for (Node item : sequence.getValue()) {
        array.add(convert(item, pointer + "/" + i++));
      }
      return array;
    }
    return scalar((ScalarNode) node, pointer);
  }

  /**
   * YAML 1.1 merge keys ({@code <<: *defaults}), which sigs.k8s.io/yaml applies: the merged
   * mapping's entries (or each mapping's of a list, first wins) fill keys not set explicitly.
   */
  private static void merge(ObjectNode target, JsonNode merged) {
    Iterable<JsonNode> sources = merged.isArray() ? merged : List.of(merged);
    for (JsonNode source : sources) {
      if (source instanceof ObjectNode entries) {
        entries
            .properties()
            .forEach(
                e -> {
                  if (!target.has(e.getKey())) {
                    target.set(e.getKey(), e.getValue());
                  }
                });
      }
    }
  }

  private static boolean isPlain(Node node) {
    return node instanceof ScalarNode scalar && scalar.getScalarStyle() == ScalarStyle.PLAIN;
  }

  private static String keyText(Node key) {
    return key instanceof ScalarNode scalar ? scalar.getValue() : key.toString();
  }

  private JsonNode scalar(ScalarNode scalar, String pointer) {
    String text = scalar.getValue();
    if (scalar.getScalarStyle() != ScalarStyle.PLAIN) {
      return NODES.stringNode(text);
    }
    String lower = text.toLowerCase(Locale.ROOT);
    if (!isYaml11Case(text, lower)) {
      lower = text; // e.g. "yEs" or "nULL": text for go-yaml v2
    }
    if (NULL.contains(lower)) {
      return NODES.nullNode();
    }
    if (TRUE.contains(lower) || FALSE.contains(lower)) {
      if (!lower.equals("true") && !lower.equals("false")) {
        yaml11Scalars.put(pointer, text);
      }
      return NODES.booleanNode(TRUE.contains(lower));
    }
    if (INT.matcher(text).matches()) {
      if (text.contains("_") || text.matches("[-+]?0[0-7_]+") || text.contains("0b")) {
        yaml11Scalars.put(pointer, text);
      }
      return integer(text);
    }
    if (FLOAT.matcher(text).matches() && !text.equals(".")) {
      try {
        return NODES.numberNode(Double.parseDouble(text.replace("_", "")));
      } catch (NumberFormatException e) {
        return NODES.stringNode(text);
      }
    }
    return NODES.stringNode(text);
  }

  /** Whether a word is written the way go-yaml v2 resolves it: lower, Capitalised or UPPER. */
  private static boolean isYaml11Case(String text, String lower) {
    return text.equals(lower)
        || text.equals(lower.toUpperCase(Locale.ROOT))
        || (!lower.isEmpty()
            && text.equals(Character.toUpperCase(lower.charAt(0)) + lower.substring(1)));
  }

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
    BigInteger value = new BigInteger(digits.isEmpty() ? "0" : digits, radix);
    value = negative ? value.negate() : value;
    if (value.bitLength() < 32) {
      return NODES.numberNode(value.intValue());
    }
    return value.bitLength() < 64 ? NODES.numberNode(value.longValue()) : NODES.numberNode(value);
  }

  /** JSON pointer escaping of one key. */
  static String escape(String key) {
    return key.replace("~", "~0").replace("/", "~1");
  }
}
