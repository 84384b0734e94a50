package io.gpuspec.sharing;

import io.gpuspec.core.InvalidSpecException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Supplier;
import java.util.regex.Pattern;
import tools.jackson.core.JacksonException;
import tools.jackson.core.StreamReadFeature;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;
import tools.jackson.dataformat.yaml.YAMLMapper;

/**
 * Strict reading of a config text: one YAML mapping, no duplicate keys, every key known at its
 * place, every value of the expected type; each problem with its path. Collects problems instead of
 * stopping at the first.
 */
final class ConfigTree {

  /** A ConfigMap holds at most 1 MiB; a config larger than that is not one. */
  static final int MAX_CHARS = 1 << 20;

  private static final Pattern SIMPLE_KEY = Pattern.compile("[A-Za-z0-9_-]+");

  private static final YAMLMapper MAPPER =
      YAMLMapper.builder()
          .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
          .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
          .build();

  private final List<ConfigProblem> problems = new ArrayList<>();
  private final String prefix;

  /**
   * @param prefix path of the text itself, e.g. {@code data[tesla-t4]}; empty for a bare text
   */
  ConfigTree(String prefix) {
    this.prefix = prefix;
  }

  List<ConfigProblem> problems() {
    return problems;
  }

  <T> Parsed<T> result(Optional<T> value) {
    return new Parsed<>(value, problems);
  }

  /** The root mapping of the text. */
  Optional<ObjectNode> root(String text) {
    if (text.length() > MAX_CHARS) {
      problem("", "the text has " + text.length() + " characters", "keep it under 1 MiB");
      return Optional.empty();
    }
    JsonNode node;
    try {
      node = MAPPER.readTree(text);
    } catch (JacksonException e) {
      String line =
          e.getLocation() == null || e.getLocation().getLineNr() < 1
              ? ""
              : " at line " + e.getLocation().getLineNr();
      problem(
          "", "not valid YAML" + line + ": " + firstLine(e.getOriginalMessage()), "fix the syntax");
      return Optional.empty();
    }
    if (node == null || node.isMissingNode() || node.isNull()) {
      problem("", "the text is empty", "write the config as a YAML mapping");
      return Optional.empty();
    }
    return mapping(node, "");
  }

  void problem(String path, String problem, String fix) {
    problem(path, problem, fix, ConfigProblem.Kind.FORMAT);
  }

  void problem(String path, String problem, String fix, ConfigProblem.Kind kind) {
    problems.add(new ConfigProblem(full(path), problem + "; " + fix, kind));
  }

  String full(String path) {
    if (prefix.isEmpty()) {
      return path.isEmpty() ? "<root>" : path;
    }
    if (path.isEmpty()) {
      return prefix;
    }
    return path.startsWith("[") ? prefix + path : prefix + "." + path;
  }

  /** The path of a field of the schema: {@code sharing.timeSlicing}. */
  static String child(String path, String field) {
    if (path.isEmpty()) {
      return field;
    }
    return SIMPLE_KEY.matcher(field).matches() ? path + "." + field : path + "[" + field + "]";
  }

  /** The path of a user-named key of a map: {@code mig-configs[all-1g.10gb]}, {@code data[t4]}. */
  static String key(String path, String key) {
    return path + "[" + key + "]";
  }

  static String item(String path, int index) {
    return path + "[" + index + "]";
  }

  /** The value under {@code key}; empty when absent or null (as the Go readers treat null). */
  static Optional<JsonNode> field(ObjectNode node, String key) {
    JsonNode value = node.get(key);
    return value == null || value.isNull() ? Optional.empty() : Optional.of(value);
  }

  Optional<ObjectNode> mapping(JsonNode node, String path) {
    if (node instanceof ObjectNode object) {
      return Optional.of(object);
    }
    problem(path, "expected a mapping, found " + describe(node), "write key: value pairs here");
    return Optional.empty();
  }

  /**
   * Reports every key of the mapping that is not {@code known}; a key listed in {@code elsewhere}
   * is reported as misplaced, with where it belongs.
   */
  void onlyKeys(ObjectNode node, String path, Set<String> known, Map<String, String> elsewhere) {
    for (String key : node.propertyNames()) {
      if (known.contains(key)) {
        continue;
      }
      String at = child(path, key);
      if (elsewhere.containsKey(key)) {
        problem(
            at,
            "misplaced key " + key + ": it belongs " + elsewhere.get(key) + "; here it is ignored",
            "move it there");
      } else {
        problem(
            at,
            "unknown key " + key + " (known here: " + String.join(", ", new TreeSet<>(known)) + ")",
            "remove it or fix its spelling");
      }
    }
  }

  Optional<String> text(JsonNode node, String path) {
    if (node.isString()) {
      return Optional.of(node.asString());
    }
    problem(path, "expected a string, found " + describe(node), "write a string");
    return Optional.empty();
  }

  Optional<Integer> integer(JsonNode node, String path) {
    if (node.isIntegralNumber() && node.canConvertToInt()) {
      return Optional.of(node.intValue());
    }
    problem(path, "expected an integer, found " + describe(node), "write a whole number, unquoted");
    return Optional.empty();
  }

  Optional<Boolean> bool(JsonNode node, String path) {
    if (node.isBoolean()) {
      return Optional.of(node.booleanValue());
    }
    problem(path, "expected true or false, found " + describe(node), "write true or false");
    return Optional.empty();
  }

  /** Builds a value; an {@link InvalidSpecException} becomes a problem at {@code path}. */
  <T> Optional<T> build(String path, Supplier<T> builder) {
    try {
      return Optional.of(builder.get());
    } catch (InvalidSpecException e) {
      problems.add(new ConfigProblem(full(path), e.getMessage(), ConfigProblem.Kind.VALUE));
      return Optional.empty();
    }
  }

  static String describe(JsonNode node) {
    if (node.isString()) {
      return "the string \"" + node.asString() + "\"";
    }
    if (node.isObject()) {
      return "a mapping";
    }
    if (node.isArray()) {
      return "a list";
    }
    if (node.isNull()) {
      return "null";
    }
    return node.getNodeType().name().toLowerCase(Locale.ROOT) + " " + node;
  }

  private static String firstLine(String message) {
    if (message == null) {
      return "unreadable";
    }
    int newline = message.indexOf('\n');
    return newline < 0 ? message : message.substring(0, newline);
  }
}
