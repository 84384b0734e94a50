package io.gpuspec.cel.internal.crd;

import io.gpuspec.cel.CelExpression;
import io.gpuspec.cel.CelExpressionException;
import io.gpuspec.cel.KubernetesCel;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Validates a custom resource as the API server does on create: defaults applied first, then the
 * structural schema (types, required, enum, bounds, lengths, patterns, item and property counts,
 * list-type set/map uniqueness, int-or-string, preserve-unknown-fields, unknown fields), then the
 * {@code x-kubernetes-validations} rules of every node whose subtree is structurally valid.
 * Transition rules (those reading {@code oldSelf}) are not run: they apply to updates only.
 */
public final class SchemaValidator {

  private static final Set<String> VARIABLES = Set.of("self", "oldSelf");
  private static final Pattern OLD_SELF = Pattern.compile("\\boldSelf\\b");
  private static final Set<String> ROOT_FIELDS = Set.of("apiVersion", "kind", "metadata");

  private final KubernetesCel cel = KubernetesCel.standard();
  private final CrdVersion crd;
  private final List<CrdProblem> problems = new ArrayList<>();

  private SchemaValidator(CrdVersion crd) {
    this.crd = crd;
  }

  /** Every problem of {@code object} (a JSON tree of the resource) against its CRD version. */
  public static List<CrdProblem> validate(JsonNode object, CrdVersion crd) {
    JsonNode copy = object.deepCopy();
    if (copy instanceof ObjectNode root) {
      root.remove("status"); // the status subresource: ignored on create
    }
    Defaults.apply(copy, crd.schema());
    SchemaValidator validator = new SchemaValidator(crd);
    validator.walk(copy, crd.schema(), "", true);
    return List.copyOf(validator.problems);
  }

  /** Whether {@code rule} is a transition rule (reads {@code oldSelf}). */
  public static boolean isTransitionRule(JsonNode rule) {
    return OLD_SELF.matcher(rule.path("rule").asString("")).find()
        && !rule.path("optionalOldSelf").asBoolean(false);
  }

  /** Validates one node; true when its subtree has no structural problem. */
  private boolean walk(JsonNode value, JsonNode schema, String path, boolean root) {
    int before = problems.size();
    if (value.isNull()) {
      if (!schema.path("nullable").asBoolean(false)) {
        schemaProblem(
            path, "Invalid value: null: must not be null", "remove the field or give it a value");
      }
      return problems.size() == before;
    }
    if (!typeMatches(value, schema, path)) {
      return false;
    }
    valueChecks(value, schema, path);
    if (value.isObject()) {
      object(value, schema, path, root);
    } else if (value.isArray()) {
      array(value, schema, path);
    }
    for (String combinator : List.of("allOf", "anyOf", "oneOf")) {
      combinator(value, schema, path, combinator);
    }
    if (schema.has("not") && quietly(value, schema.get("not"), path)) {
      schemaProblem(path, "Invalid value: must not validate the schema (not)", "change the value");
    }
    boolean valid = problems.size() == before;
    if (valid) {
      rules(value, schema, path);
    }
    return valid;
  }

  private boolean typeMatches(JsonNode value, JsonNode schema, String path) {
    String type = schema.path("type").asString("");
    if (schema.path("x-kubernetes-int-or-string").asBoolean(false)) {
      if (value.isIntegralNumber() || value.isString()) {
        return true;
      }
      schemaProblem(
          path,
          "Invalid value: " + typeOf(value) + ": must be an integer or a string",
          "write a number such as 1 or a string such as \"50%\"");
      return false;
    }
    boolean ok =
        switch (type) {
          case "object" -> value.isObject();
          case "array" -> value.isArray();
          case "string" -> value.isString();
          case "integer" ->
              value.isIntegralNumber()
                  || (value.isNumber() && value.doubleValue() == Math.rint(value.doubleValue()));
          case "number" -> value.isNumber();
          case "boolean" -> value.isBoolean();
          default -> true;
        };
    if (!ok) {
      schemaProblem(
          path,
          "Invalid value: \""
              + typeOf(value)
              + "\": "
              + display(path)
              + " in body must be of type "
              + type
              + ": \""
              + typeOf(value)
              + "\"",
          "write a value of type " + type + (type.equals("string") ? " (quote it)" : ""));
    }
    return ok;
  }

  private void valueChecks(JsonNode value, JsonNode schema, String path) {
    JsonNode enums = schema.path("enum");
    if (enums.isArray() && !enums.isEmpty()) {
      boolean found = false;
      for (JsonNode e : enums) {
        found |= sameValue(e, value);
      }
      if (!found) {
        List<String> allowed = new ArrayList<>();
        enums.forEach(e -> allowed.add(e.toString()));
        schemaProblem(
            path,
            "Unsupported value: " + value + ": supported values: " + String.join(", ", allowed),
            "use one of " + String.join(", ", allowed));
      }
    }
    if (value.isNumber()) {
      double v = value.doubleValue();
      if (schema.has("maximum")) {
        double max = schema.get("maximum").doubleValue();
        boolean exclusive = schema.path("exclusiveMaximum").asBoolean(false);
        if (exclusive ? v >= max : v > max) {
          schemaProblem(
              path,
              "Invalid value: "
                  + value
                  + ": "
                  + display(path)
                  + " in body should be less than "
                  + (exclusive ? "" : "or equal to ")
                  + schema.get("maximum"),
              "use a smaller value");
        }
      }
      if (schema.has("minimum")) {
        double min = schema.get("minimum").doubleValue();
        boolean exclusive = schema.path("exclusiveMinimum").asBoolean(false);
        if (exclusive ? v <= min : v < min) {
          schemaProblem(
              path,
              "Invalid value: "
                  + value
                  + ": "
                  + display(path)
                  + " in body should be greater than "
                  + (exclusive ? "" : "or equal to ")
                  + schema.get("minimum"),
              "use a larger value");
        }
      }
      if (schema.has("multipleOf") && schema.get("multipleOf").doubleValue() != 0) {
        double q = v / schema.get("multipleOf").doubleValue();
        if (q != Math.rint(q)) {
          schemaProblem(
              path,
              "Invalid value: " + value + ": must be a multiple of " + schema.get("multipleOf"),
              "use a multiple of " + schema.get("multipleOf"));
        }
      }
    }
    if (value.isString()) {
      String s = value.asString();
      int length = s.codePointCount(0, s.length());
      if (schema.has("maxLength") && length > schema.get("maxLength").asLong()) {
        schemaProblem(
            path,
            "Too long: may not be more than " + schema.get("maxLength") + " bytes",
            "shorten it to at most " + schema.get("maxLength") + " characters");
      }
      if (schema.has("minLength") && length < schema.get("minLength").asLong()) {
        schemaProblem(
            path,
            "Invalid value: \""
                + s
                + "\": "
                + display(path)
                + " in body should be at least "
                + schema.get("minLength")
                + " chars long",
            "give at least " + schema.get("minLength") + " characters");
      }
      if (schema.has("pattern")) {
        String pattern = schema.get("pattern").asString();
        try {
          if (!CrdPatterns.compiled(pattern).matcher(s).find()) {
            schemaProblem(
                path,
                "Invalid value: \""
                    + s
                    + "\": "
                    + display(path)
                    + " in body should match '"
                    + pattern
                    + "'",
                "write a value that matches " + pattern);
          }
        } catch (PatternSyntaxException e) {
          // the API server rejects such a CRD; nothing to say about the resource
        }
      }
    }
    if (value.isArray()) {
      counts(path, value.size(), schema, "minItems", "maxItems", "items");
    }
    if (value.isObject()) {
      counts(path, value.size(), schema, "minProperties", "maxProperties", "properties");
    }
  }

  private void counts(
      String path, int size, JsonNode schema, String minKey, String maxKey, String what) {
    if (schema.has(maxKey) && size > schema.get(maxKey).asLong()) {
      schemaProblem(
          path,
          "Too many: " + size + ": must have at most " + schema.get(maxKey) + " " + what,
          "remove " + what + " down to " + schema.get(maxKey));
    }
    if (schema.has(minKey) && size < schema.get(minKey).asLong()) {
      schemaProblem(
          path,
          "Invalid value: "
              + size
              + ": "
              + display(path)
              + " in body should have at least "
              + schema.get(minKey)
              + " "
              + what,
          "add " + what + " up to " + schema.get(minKey));
    }
  }

  private void object(JsonNode value, JsonNode schema, String path, boolean root) {
    JsonNode props = schema.path("properties");
    JsonNode additional = schema.get("additionalProperties");
    boolean preserve = schema.path("x-kubernetes-preserve-unknown-fields").asBoolean(false);
    boolean embedded = root || schema.path("x-kubernetes-embedded-resource").asBoolean(false);
    for (JsonNode required : schema.path("required")) {
      if (!value.has(required.asString())) {
        schemaProblem(
            child(path, required.asString()),
            "Required value",
            "add " + required.asString() + " to " + (path.isEmpty() ? "the resource" : path));
      }
    }
    for (Map.Entry<String, JsonNode> field : value.properties()) {
      String name = field.getKey();
      String childPath = child(path, name);
      if (props.has(name)) {
        if (!(embedded && name.equals("metadata"))) {
          walk(field.getValue(), props.get(name), childPath, false);
        }
      } else if (additional != null && additional.isObject()) {
        walk(field.getValue(), additional, mapPath(path, name), false);
      } else if (embedded && ROOT_FIELDS.contains(name)) {
        continue;
      } else if (!preserve && !(additional != null && additional.asBoolean(false))) {
        schemaProblem(
            childPath,
            "field not declared in schema (unknown field \"" + name + "\")",
            unknownFieldFix(name, path, schema));
      }
    }
  }

  private void array(JsonNode value, JsonNode schema, String path) {
    JsonNode items = schema.path("items");
    for (int i = 0; i < value.size(); i++) {
      if (items.isObject()) {
        walk(value.get(i), items, path + "[" + i + "]", false);
      }
    }
    String listType = schema.path("x-kubernetes-list-type").asString("atomic");
    if (listType.equals("set")) {
      for (int i = 0; i < value.size(); i++) {
        for (int j = 0; j < i; j++) {
          if (sameValue(value.get(i), value.get(j))) {
            schemaProblem(
                path + "[" + i + "]",
                "Duplicate value: " + value.get(i),
                "remove the repeated item: x-kubernetes-list-type set needs unique items");
          }
        }
      }
    } else if (listType.equals("map")) {
      List<String> keys = new ArrayList<>();
      schema.path("x-kubernetes-list-map-keys").forEach(k -> keys.add(k.asString()));
      Set<List<String>> seen = new HashSet<>();
      for (int i = 0; i < value.size(); i++) {
        List<String> key = new ArrayList<>();
        for (String k : keys) {
          JsonNode v = value.get(i).get(k);
          JsonNode def = items.path("properties").path(k).get("default");
          key.add(v != null ? v.toString() : def != null ? def.toString() : "null");
        }
        if (!seen.add(key)) {
          schemaProblem(
              path + "[" + i + "]",
              "Duplicate value: map key " + String.join(",", keys) + "=" + String.join(",", key),
              "give each item a different " + String.join(" and ", keys));
        }
      }
    }
  }

  private void combinator(JsonNode value, JsonNode schema, String path, String kind) {
    JsonNode branches = schema.path(kind);
    if (!branches.isArray() || branches.isEmpty()) {
      return;
    }
    int passing = 0;
    for (JsonNode branch : branches) {
      if (kind.equals("allOf")) {
        walkValueOnly(value, branch, path);
      } else if (quietly(value, branch, path)) {
        passing++;
      }
    }
    if (kind.equals("anyOf") && passing == 0) {
      schemaProblem(
          path,
          "Invalid value: " + value + ": must validate at least one schema (anyOf)",
          "write a value of one of the allowed forms");
    } else if (kind.equals("oneOf") && passing != 1) {
      schemaProblem(
          path,
          "Invalid value: " + value + ": must validate one and only one schema (oneOf)",
          "write a value of exactly one of the allowed forms");
    }
  }

  private void walkValueOnly(JsonNode value, JsonNode branch, String path) {
    valueChecks(value, branch, path);
    if (branch.has("type") && !branch.path("type").asString("").isEmpty()) {
      typeMatches(value, branch, path);
    }
  }

  private boolean quietly(JsonNode value, JsonNode branch, String path) {
    int before = problems.size();
    walkValueOnly(value, branch, path);
    for (JsonNode required : branch.path("required")) {
      if (!value.has(required.asString())) {
        problems.add(new CrdProblem(CrdProblem.Source.SCHEMA, path, "required", ""));
      }
    }
    boolean passed = problems.size() == before;
    while (problems.size() > before) {
      problems.remove(problems.size() - 1);
    }
    return passed;
  }

  // ---- x-kubernetes-validations

  private void rules(JsonNode value, JsonNode schema, String path) {
    JsonNode rules = schema.path("x-kubernetes-validations");
    if (!rules.isArray()) {
      return;
    }
    Object self = null;
    for (JsonNode rule : rules) {
      if (isTransitionRule(rule)) {
        continue;
      }
      if (self == null) {
        self = CelInput.of(value, schema);
      }
      String text = rule.path("rule").asString("");
      String where = fieldPath(path, rule.path("fieldPath").asString(""));
      try {
        CelExpression expression = cel.compile(text, VARIABLES);
        Object result = expression.evaluate(Map.of("self", self, "oldSelf", Optional.empty()));
        if (!Boolean.TRUE.equals(result)) {
          celProblem(where, reason(rule, schema) + message(rule, self, text), rule);
        }
      } catch (CelExpressionException e) {
        celProblem(
            where,
            "Invalid value: \""
                + schemaType(schema)
                + "\": "
                + evaluationError(e)
                + " evaluating rule: "
                + message(rule, self, text),
            rule);
      }
    }
  }

  /** CEL's error without the expression (the API server's form, e.g. "no such key: x"). */
  private static String evaluationError(CelExpressionException e) {
    String message = e.getMessage();
    int at = message.indexOf(": evaluation error");
    String error = at >= 0 ? message.substring(at + 2) : message;
    java.util.regex.Matcher missing = MISSING_KEY.matcher(error);
    return missing.find() ? "no such key: " + missing.group(1) : error;
  }

  private static final Pattern MISSING_KEY = Pattern.compile("key '([^']*)' is not present in map");

  private String message(JsonNode rule, Object self, String text) {
    String expression = rule.path("messageExpression").asString("");
    if (!expression.isEmpty()) {
      try {
        Object m =
            cel.compile(expression, VARIABLES)
                .evaluate(Map.of("self", self, "oldSelf", Optional.empty()));
        if (m instanceof String s && !s.isBlank()) {
          return s;
        }
      } catch (CelExpressionException e) {
        // the API server falls back to message (or the default) when messageExpression fails
      }
    }
    String message = rule.path("message").asString("");
    return message.isEmpty() ? "failed rule: " + text : message;
  }

  private static String reason(JsonNode rule, JsonNode schema) {
    return switch (rule.path("reason").asString("FieldValueInvalid")) {
      case "FieldValueRequired" -> "Required value: ";
      case "FieldValueForbidden" -> "Forbidden: ";
      case "FieldValueDuplicate" -> "Duplicate value: ";
      default -> "Invalid value: \"" + schemaType(schema) + "\": ";
    };
  }

  private static String schemaType(JsonNode schema) {
    return schema.path("x-kubernetes-int-or-string").asBoolean(false)
        ? "string"
        : schema.path("type").asString("object");
  }

  private static String fieldPath(String path, String fieldPath) {
    if (fieldPath.isEmpty()) {
      return path;
    }
    String rel = fieldPath.startsWith(".") && path.isEmpty() ? fieldPath.substring(1) : fieldPath;
    return path + (rel.startsWith(".") || rel.startsWith("[") || path.isEmpty() ? rel : "." + rel);
  }

  private void celProblem(String path, String message, JsonNode rule) {
    problems.add(
        new CrdProblem(
            CrdProblem.Source.CEL,
            path,
            message,
            "change the resource so that the CRD's rule `"
                + rule.path("rule").asString("")
                + "` holds ("
                + crd.kind()
                + " "
                + crd.apiVersion()
                + ", "
                + crd.origin()
                + ")"));
  }

  // ---- helpers

  private String unknownFieldFix(String name, String path, JsonNode schema) {
    Optional<String> moved = findProperty(schema, name, path, 3);
    if (moved.isPresent()) {
      return "move it to "
          + moved.get()
          + " (the field moved in "
          + crd.kind()
          + " "
          + crd.apiVersion()
          + ")";
    }
    List<String> known = new ArrayList<>(schema.path("properties").propertyNames());
    for (String candidate : known) {
      if (editDistance(
              candidate.toLowerCase(java.util.Locale.ROOT), name.toLowerCase(java.util.Locale.ROOT))
          <= 2) {
        return "did you mean " + child(path, candidate) + "?";
      }
    }
    return "remove it: "
        + crd.kind()
        + " "
        + crd.apiVersion()
        + " has no such field"
        + (known.isEmpty()
            ? ""
            : " (fields here: "
                + String.join(", ", known.stream().sorted().limit(12).toList())
                + ")");
  }

  /** A property of that name below (not at) {@code schema}, breadth first, within {@code depth}. */
  private static Optional<String> findProperty(
      JsonNode schema, String name, String path, int depth) {
    List<Map.Entry<String, JsonNode>> level = new ArrayList<>();
    for (Map.Entry<String, JsonNode> p : schema.path("properties").properties()) {
      level.add(Map.entry(child(path, p.getKey()), p.getValue()));
    }
    for (int d = 0; d < depth && !level.isEmpty(); d++) {
      List<Map.Entry<String, JsonNode>> next = new ArrayList<>();
      for (Map.Entry<String, JsonNode> node : level) {
        JsonNode props = node.getValue().path("properties");
        if (props.has(name)) {
          return Optional.of(child(node.getKey(), name));
        }
        for (Map.Entry<String, JsonNode> p : props.properties()) {
          next.add(Map.entry(child(node.getKey(), p.getKey()), p.getValue()));
        }
      }
      level = next;
    }
    return Optional.empty();
  }

  private static int editDistance(String a, String b) {
    int[] prev = new int[b.length() + 1];
    for (int j = 0; j <= b.length(); j++) {
      prev[j] = j;
    }
    for (int i = 1; i <= a.length(); i++) {
      int[] cur = new int[b.length() + 1];
      cur[0] = i;
      for (int j = 1; j <= b.length(); j++) {
        int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
        cur[j] = Math.min(Math.min(cur[j - 1] + 1, prev[j] + 1), prev[j - 1] + cost);
      }
      prev = cur;
    }
    return prev[b.length()];
  }

  private static boolean sameValue(JsonNode a, JsonNode b) {
    if (a.isNumber() && b.isNumber()) {
      return a.doubleValue() == b.doubleValue();
    }
    return a.equals(b);
  }

  private static String typeOf(JsonNode value) {
    if (value.isString()) {
      return "string";
    }
    if (value.isIntegralNumber()) {
      return "integer";
    }
    if (value.isNumber()) {
      return "number";
    }
    if (value.isBoolean()) {
      return "boolean";
    }
    return value.isArray() ? "array" : value.isObject() ? "object" : "null";
  }

  private static String display(String path) {
    return path.isEmpty() ? "<root>" : path;
  }

  static String child(String path, String name) {
    return path.isEmpty() ? name : path + "." + name;
  }

  private static String mapPath(String path, String key) {
    return path + "[" + key + "]";
  }

  private void schemaProblem(String path, String message, String fix) {
    problems.add(new CrdProblem(CrdProblem.Source.SCHEMA, path, message, fix));
  }
}
