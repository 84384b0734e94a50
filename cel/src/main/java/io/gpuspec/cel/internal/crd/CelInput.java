package io.gpuspec.cel.internal.crd;

import dev.cel.common.values.NullValue;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import tools.jackson.databind.JsonNode;

/**
 * A custom resource's value as CEL sees it in CRD validation rules: typed by its schema (an {@code
 * integer} is an int, a {@code number} a double) with object property names escaped as the API
 * server escapes them ({@code namespace} is {@code __namespace__}, {@code a-b} is {@code
 * a__dash__b}).
 */
final class CelInput {

  private static final Set<String> RESERVED =
      Set.of(
          "true",
          "false",
          "null",
          "in",
          "as",
          "break",
          "const",
          "continue",
          "else",
          "for",
          "function",
          "if",
          "import",
          "let",
          "loop",
          "package",
          "namespace",
          "return",
          "var",
          "void",
          "while");

  private CelInput() {}

  static Object of(JsonNode value, JsonNode schema) {
    if (value == null || value.isNull() || value.isMissingNode()) {
      return NullValue.NULL_VALUE;
    }
    if (value.isObject()) {
      JsonNode props = schema.path("properties");
      JsonNode additional = schema.path("additionalProperties");
      Map<String, Object> out = new LinkedHashMap<>();
      for (Map.Entry<String, JsonNode> e : value.properties()) {
        JsonNode child = props.path(e.getKey());
        if (!child.isMissingNode()) {
          Object converted = of(e.getValue(), child);
          out.put(escape(e.getKey()), converted);
          // a reserved word also under its own name: rules in upstream CRDs select it unescaped
          out.putIfAbsent(e.getKey(), converted);
        } else {
          out.put(e.getKey(), of(e.getValue(), additional.isObject() ? additional : MISSING));
        }
      }
      return out;
    }
    if (value.isArray()) {
      List<Object> out = new ArrayList<>(value.size());
      JsonNode items = schema.path("items");
      value.forEach(v -> out.add(of(v, items)));
      return out;
    }
    if (value.isNumber()) {
      boolean wantsDouble = "number".equals(schema.path("type").asString(""));
      if (value.isIntegralNumber() && !wantsDouble && value.canConvertToLong()) {
        return value.longValue();
      }
      return value.doubleValue();
    }
    if (value.isBoolean()) {
      return value.booleanValue();
    }
    return value.asString();
  }

  private static final JsonNode MISSING = tools.jackson.databind.node.MissingNode.getInstance();

  /** The CEL name of an object property, as the API server escapes it. */
  static String escape(String name) {
    if (RESERVED.contains(name)) {
      return "__" + name + "__";
    }
    return name.replace("__", "__underscores__")
        .replace(".", "__dot__")
        .replace("-", "__dash__")
        .replace("/", "__slash__");
  }
}
