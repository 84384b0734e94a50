package io.gpuspec.cel.internal.crd;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * Searches for a mutation of a valid resource that makes exactly one given CRD rule fail: it makes
 * sure the rule's node exists (building minimal values from the schema), then tries setting,
 * removing and pairing the values of the node's properties (and their properties), keeping the
 * first candidate the oracle accepts.
 */
final class RuleMutations {

  private static final JsonNodeFactory F = JsonNodeFactory.instance;
  private static final int MAX_CANDIDATES = 40_000;
  private static final int MAX_LEAF_EDITS = 4_000;
  private static final java.util.regex.Pattern LITERAL =
      java.util.regex.Pattern.compile("'([^']*)'");

  /** String literals of the rule being mutated: values that make its comparisons change. */
  private static List<String> literals = List.of();

  private RuleMutations() {}

  /**
   * The first mutation of {@code valid} that {@code oracle} accepts, with the node's concrete path.
   */
  static Optional<JsonNode> find(
      JsonNode valid, ValidationRules.Located rule, Predicate<JsonNode> oracle) {
    List<String> found = new ArrayList<>();
    for (JsonNode sibling : rule.nodeSchema().path("x-kubernetes-validations")) {
      java.util.regex.Matcher m = LITERAL.matcher(sibling.path("rule").asString(""));
      while (m.find()) {
        if (!found.contains(m.group(1))) {
          found.add(m.group(1));
        }
      }
    }
    literals = found;
    JsonNode root = prepared(valid, rule);
    if (oracle.test(root)) {
      return Optional.of(root);
    }
    List<Edit> edits = edits(root, rule);
    int tried = 0;
    for (Edit e : edits) {
      JsonNode candidate = root.deepCopy();
      if (e.apply(candidate) && tried++ < MAX_CANDIDATES && oracle.test(candidate)) {
        return Optional.of(candidate);
      }
    }
    for (int i = 0; i < edits.size(); i++) {
      for (int j = i + 1; j < edits.size(); j++) {
        if (edits.get(i).field().equals(edits.get(j).field())
            || edits.get(i).create()
            || edits.get(j).create()) {
          continue;
        }
        JsonNode candidate = root.deepCopy();
        if (edits.get(i).apply(candidate)
            && edits.get(j).apply(candidate)
            && tried++ < MAX_CANDIDATES
            && oracle.test(candidate)) {
          return Optional.of(candidate);
        }
      }
    }
    return Optional.empty();
  }

  /** {@code valid} with the rule's node created if absent. */
  static JsonNode prepared(JsonNode valid, ValidationRules.Located rule) {
    JsonNode root = valid.deepCopy();
    ensure(root, rule.steps(), 0, rootSchema(rule));
    return root;
  }

  /** The concrete path of the rule's node: each list step is item 0, each map step key "k". */
  static String concretePath(ValidationRules.Located rule) {
    StringBuilder out = new StringBuilder();
    for (String step : rule.steps()) {
      if (step.equals("[*]")) {
        out.append("[0]");
      } else if (step.equals("{*}")) {
        out.append("[k]");
      } else {
        out.append(out.length() == 0 ? "" : ".").append(step);
      }
    }
    return out.toString();
  }

  private static JsonNode rootSchema(ValidationRules.Located rule) {
    return rule.root();
  }

  /** One change at one field: set a value or remove it. */
  private record Edit(
      List<String> steps,
      String field,
      Optional<JsonNode> value,
      boolean create,
      JsonNode schemaRoot) {
    Edit(List<String> steps, String field, Optional<JsonNode> value) {
      this(steps, field, value, false, null);
    }

    boolean apply(JsonNode root) {
      if (create) {
        ensure(root, steps, 0, schemaRoot);
      }
      JsonNode node = at(root, steps);
      if (!(node instanceof ObjectNode object)) {
        return false;
      }
      if (value.isEmpty()) {
        return object.remove(field) != null;
      }
      object.set(field, value.get().deepCopy());
      return true;
    }
  }

  private static List<Edit> edits(JsonNode root, ValidationRules.Located rule) {
    List<Edit> out = new ArrayList<>();
    List<String> steps = new ArrayList<>(rule.steps());
    JsonNode schema = rule.nodeSchema();
    String type = schema.path("type").asString("object");
    if (type.equals("array") && schema.path("items").path("type").asString("").equals("object")) {
      steps.add("[*]");
      schema = schema.path("items");
      type = "object";
    }
    if (!type.equals("object") || schema.path("x-kubernetes-int-or-string").asBoolean(false)) {
      // a scalar or a list of scalars: change the node itself, in its parent
      String last = steps.isEmpty() ? "" : steps.get(steps.size() - 1);
      if (!last.startsWith("[") && !last.startsWith("{") && !last.isEmpty()) {
        List<String> parent = steps.subList(0, steps.size() - 1);
        for (JsonNode v : candidates(schema, at(root, steps))) {
          out.add(new Edit(List.copyOf(parent), last, Optional.of(v)));
        }
      }
      return out;
    }
    addEdits(root, steps, schema, out, 2);
    if (rule.steps().isEmpty()) {
      for (String name : List.of("Invalid_Name", "a".repeat(64), "0abc")) {
        out.add(new Edit(List.of("metadata"), "name", Optional.of(F.stringNode(name))));
      }
    }
    List<String> nodeSteps = rule.steps();
    String last = nodeSteps.isEmpty() ? "" : nodeSteps.get(nodeSteps.size() - 1);
    if (rule.nodeSchema().path("type").asString("").equals("array")
        && !last.startsWith("[")
        && !last.isEmpty()) {
      for (JsonNode v : candidates(rule.nodeSchema(), at(root, nodeSteps))) {
        out.add(
            new Edit(
                List.copyOf(nodeSteps.subList(0, nodeSteps.size() - 1)), last, Optional.of(v)));
      }
    }
    List<Edit> leaves = new ArrayList<>();
    leafEdits(rule.root(), rule.steps(), rule.nodeSchema(), leaves, 5);
    out.addAll(leaves.subList(0, Math.min(leaves.size(), MAX_LEAF_EDITS)));
    return out;
  }

  /** Edits that set a scalar leaf below the node, creating the objects and items on the way. */
  private static void leafEdits(
      JsonNode rootSchema, List<String> steps, JsonNode schema, List<Edit> out, int depth) {
    if (depth == 0) {
      return;
    }
    JsonNode s = schema;
    List<String> at = new ArrayList<>(steps);
    if (s.path("type").asString("").equals("array")) {
      at.add("[*]");
      s = s.path("items");
    }
    for (Map.Entry<String, JsonNode> p : s.path("properties").properties()) {
      String type = p.getValue().path("type").asString("");
      if (p.getKey().equals("metadata") && !p.getValue().has("properties")) {
        List<String> meta = new ArrayList<>(at);
        meta.add("metadata");
        for (String field : List.of("name", "namespace")) {
          out.add(
              new Edit(List.copyOf(meta), field, Optional.of(F.stringNode("a")), true, rootSchema));
        }
        continue;
      }
      if (type.equals("object")
          || (type.equals("array")
              && p.getValue().path("items").path("type").asString("").equals("object"))) {
        List<String> child = new ArrayList<>(at);
        child.add(p.getKey());
        leafEdits(rootSchema, child, p.getValue(), out, depth - 1);
      } else if (depth < 5) {
        for (JsonNode v : candidates(p.getValue(), null)) {
          out.add(new Edit(List.copyOf(at), p.getKey(), Optional.of(v), true, rootSchema));
        }
      }
    }
  }

  private static void addEdits(
      JsonNode root, List<String> steps, JsonNode schema, List<Edit> out, int depth) {
    JsonNode node = at(root, steps);
    for (Map.Entry<String, JsonNode> p : schema.path("properties").properties()) {
      String name = p.getKey();
      JsonNode ps = p.getValue();
      if (node != null && node.has(name)) {
        out.add(new Edit(steps, name, Optional.empty()));
      }
      for (JsonNode v : candidates(ps, node == null ? null : node.get(name))) {
        out.add(new Edit(steps, name, Optional.of(v)));
      }
      if (depth > 1 && "object".equals(ps.path("type").asString("")) && ps.has("properties")) {
        List<String> childSteps = new ArrayList<>(steps);
        childSteps.add(name);
        if (node != null && node.has(name)) {
          addEdits(root, childSteps, ps, out, depth - 1);
        }
      }
    }
  }

  /** Values worth trying for a property of this schema. */
  static List<JsonNode> candidates(JsonNode schema, JsonNode current) {
    List<JsonNode> out = new ArrayList<>();
    schema.path("enum").forEach(out::add);
    if (schema.path("x-kubernetes-int-or-string").asBoolean(false)) {
      out.add(F.numberNode(1));
      out.add(F.stringNode("50%"));
      return out;
    }
    switch (schema.path("type").asString("")) {
      case "string" -> {
        if (out.isEmpty()) {
          literals.forEach(l -> out.add(F.stringNode(l)));
          out.add(F.stringNode("a"));
          out.add(F.stringNode("b"));
          out.add(F.stringNode(""));
          out.add(F.stringNode("10"));
          out.add(F.stringNode("1Gi"));
          out.add(F.stringNode("a.b/c"));
          out.add(F.stringNode("ab-cd"));
        }
      }
      case "integer" -> List.of(0, 1, 2, -1, 100).forEach(i -> out.add(F.numberNode(i)));
      case "number" -> List.of(0.0, 0.5, 1.0, -1.0, 100.0).forEach(d -> out.add(F.numberNode(d)));
      case "boolean" -> {
        out.add(F.booleanNode(true));
        out.add(F.booleanNode(false));
      }
      case "array" -> {
        out.add(F.arrayNode());
        JsonNode item = minimal(schema.path("items"), 0);
        out.add(F.arrayNode().add(item));
        out.add(F.arrayNode().add(item).add(item.deepCopy()));
        if (item.isObject()) {
          for (JsonNode v : variants(schema.path("items"))) {
            out.add(F.arrayNode().add(v));
            out.add(F.arrayNode().add(v).add(item.deepCopy()));
            out.add(F.arrayNode().add(item.deepCopy()).add(v));
          }
        } else {
          candidates(schema.path("items"), null).forEach(v -> out.add(F.arrayNode().add(v)));
        }
        if (current instanceof ArrayNode array && !array.isEmpty()) {
          ArrayNode doubled = array.deepCopy();
          doubled.add(array.get(0).deepCopy());
          out.add(doubled);
        }
        if (!item.isObject()) {
          ArrayNode two = F.arrayNode();
          candidates(schema.path("items"), null).stream().limit(2).forEach(two::add);
          out.add(two);
        }
      }
      case "object" -> {
        out.add(minimal(schema, 0));
        out.addAll(variants(schema));
        if (schema.path("additionalProperties").isObject()) {
          ObjectNode map = F.objectNode();
          map.set("k", minimal(schema.get("additionalProperties"), 0));
          out.add(map);
          out.add(F.objectNode());
        }
      }
      default -> {}
    }
    return out;
  }

  /** Minimal objects of a schema with one property changed (scalars and enums only). */
  private static List<JsonNode> variants(JsonNode schema) {
    List<JsonNode> out = new ArrayList<>();
    for (Map.Entry<String, JsonNode> p : schema.path("properties").properties()) {
      String type = p.getValue().path("type").asString("");
      if (type.equals("object") || type.equals("array")) {
        continue;
      }
      for (JsonNode v : candidates(p.getValue(), null)) {
        ObjectNode variant = (ObjectNode) minimal(schema, 0);
        variant.set(p.getKey(), v);
        out.add(variant);
      }
    }
    return out;
  }

  /** A minimal value of a schema: required properties filled, defaults used. */
  static JsonNode minimal(JsonNode schema, int depth) {
    if (schema.has("default")) {
      return schema.get("default").deepCopy();
    }
    if (schema.path("enum").isArray() && !schema.path("enum").isEmpty()) {
      return schema.path("enum").get(0).deepCopy();
    }
    if (schema.path("x-kubernetes-int-or-string").asBoolean(false)) {
      return F.numberNode(1);
    }
    return switch (schema.path("type").asString("object")) {
      case "string" -> F.stringNode("a");
      case "integer" -> F.numberNode(1);
      case "number" -> F.numberNode(1.0);
      case "boolean" -> F.booleanNode(true);
      case "array" -> {
        ArrayNode array = F.arrayNode();
        long min = schema.path("minItems").asLong(0);
        for (int i = 0; i < min && depth < 8; i++) {
          array.add(minimal(schema.path("items"), depth + 1));
        }
        yield array;
      }
      default -> {
        ObjectNode object = F.objectNode();
        if (depth < 8) {
          for (JsonNode required : schema.path("required")) {
            object.set(
                required.asString(),
                minimal(schema.path("properties").path(required.asString()), depth + 1));
          }
        }
        yield object;
      }
    };
  }

  /** Creates the nodes along {@code steps} that are absent (list item 0, map key "k"). */
  private static void ensure(JsonNode node, List<String> steps, int i, JsonNode schema) {
    if (i == steps.size()) {
      return;
    }
    String step = steps.get(i);
    if (step.equals("[*]")) {
      ArrayNode array = (ArrayNode) node;
      if (array.isEmpty()) {
        array.add(minimal(schema.path("items"), 0));
      }
      ensure(array.get(0), steps, i + 1, schema.path("items"));
    } else if (step.equals("{*}")) {
      ObjectNode object = (ObjectNode) node;
      if (!object.has("k")) {
        object.set("k", minimal(schema.path("additionalProperties"), 0));
      }
      ensure(object.get("k"), steps, i + 1, schema.path("additionalProperties"));
    } else {
      ObjectNode object = (ObjectNode) node;
      JsonNode child = schema.path("properties").path(step);
      if (!object.has(step) || object.get(step).isNull()) {
        object.set(step, minimal(child, 0));
      }
      ensure(object.get(step), steps, i + 1, child);
    }
  }

  static JsonNode at(JsonNode root, List<String> steps) {
    JsonNode node = root;
    for (String step : steps) {
      if (node == null) {
        return null;
      }
      if (step.equals("[*]")) {
        node = node.isArray() && !node.isEmpty() ? node.get(0) : null;
      } else if (step.equals("{*}")) {
        node = node.get("k");
      } else {
        node = node.get(step);
      }
    }
    return node;
  }
}
