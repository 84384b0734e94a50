package io.gpuspec.cel.internal.crd;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Applies a structural schema's {@code default}s to a custom resource, as the API server does when
 * it decodes a request (before validation): an absent property with a default gets it, and a {@code
 * null} of a property that is not nullable is dropped (or defaulted). Defaults are applied inside
 * defaulted values too.
 */
final class Defaults {

  private Defaults() {}

  static void apply(JsonNode value, JsonNode schema) {
    if (value instanceof ObjectNode object) {
      JsonNode props = schema.path("properties");
      if (props.isObject()) {
        for (Map.Entry<String, JsonNode> p : props.properties()) {
          JsonNode childSchema = p.getValue();
          JsonNode current = object.get(p.getKey());
          boolean nullable = childSchema.path("nullable").asBoolean(false);
          if (current != null && current.isNull() && !nullable) {
            object.remove(p.getKey());
            current = null;
          }
          if (current == null && childSchema.has("default")) {
            object.set(p.getKey(), childSchema.get("default").deepCopy());
          }
        }
        for (Map.Entry<String, JsonNode> p : props.properties()) {
          JsonNode child = object.get(p.getKey());
          if (child != null) {
            apply(child, p.getValue());
          }
        }
      }
      JsonNode additional = schema.path("additionalProperties");
      if (additional.isObject()) {
        List<String> names = new ArrayList<>(object.propertyNames());
        for (String name : names) {
          if (!props.has(name)) {
            apply(object.get(name), additional);
          }
        }
      }
    } else if (value instanceof ArrayNode array && schema.path("items").isObject()) {
      array.forEach(item -> apply(item, schema.path("items")));
    }
  }
}
