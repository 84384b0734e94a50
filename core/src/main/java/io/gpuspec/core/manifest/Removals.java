package io.gpuspec.core.manifest;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.TreeSet;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * Values dropped from a copy of a tree after type mismatches, so that pointers into the copy can be
 * mapped back to the original: dropping an array item shifts the items after it.
 */
final class Removals {
  private final JsonNode original;
  private final Map<String, TreeSet<Integer>> removedItems = new TreeMap<>();

  Removals(JsonNode original) {
    this.original = original;
  }

  /** The pointer in the original tree of a pointer into the copy. */
  String original(String pointerInCopy) {
    if (removedItems.isEmpty()) {
      return pointerInCopy;
    }
    StringBuilder result = new StringBuilder();
    JsonNode node = original;
    for (String step : JsonPointer.steps(pointerInCopy)) {
      String at = step;
      if (node instanceof ArrayNode) {
        int index = JsonPointer.arrayIndex(step);
        TreeSet<Integer> removed = removedItems.get(result.toString());
        if (index != Integer.MAX_VALUE && removed != null) {
          for (int gone : removed) {
            if (gone <= index) {
              index++;
            }
          }
          at = Integer.toString(index);
        }
        node = index == Integer.MAX_VALUE ? null : node.get(index);
      } else {
        node = node == null ? null : node.get(step);
      }
      result.append('/').append(JsonPointer.escape(at));
    }
    return result.toString();
  }

  /**
   * A tree like {@code tree} without the value at {@code pointerInTree}, or empty when there is
   * nothing to drop. Only the containers on the way to the value are copied (shallowly); the rest
   * is shared, so the original tree, which findings refer to, stays as it was.
   */
  Optional<JsonNode> without(JsonNode tree, String pointerInTree, String pointerInOriginal) {
    List<String> steps = JsonPointer.steps(pointerInTree);
    if (steps.isEmpty()) {
      return Optional.empty();
    }
    List<JsonNode> path = new ArrayList<>();
    JsonNode node = tree;
    for (String step : steps.subList(0, steps.size() - 1)) {
      path.add(node);
      node = child(node, step);
      if (node == null) {
        return Optional.empty();
      }
    }
    String last = steps.get(steps.size() - 1);
    JsonNode copy = shallowCopy(node);
    if (copy instanceof ObjectNode object && object.has(last)) {
      object.remove(last);
    } else if (copy instanceof ArrayNode array && JsonPointer.arrayIndex(last) < array.size()) {
      array.remove(JsonPointer.arrayIndex(last));
      int originalSlash = pointerInOriginal.lastIndexOf('/');
      removedItems
          .computeIfAbsent(pointerInOriginal.substring(0, originalSlash), k -> new TreeSet<>())
          .add(JsonPointer.arrayIndex(pointerInOriginal.substring(originalSlash + 1)));
    } else {
      return Optional.empty();
    }
    for (int i = path.size() - 1; i >= 0; i--) {
      JsonNode parent = shallowCopy(path.get(i));
      String step = steps.get(i);
      if (parent instanceof ObjectNode object) {
        object.set(step, copy);
      } else {
        ((ArrayNode) parent).set(JsonPointer.arrayIndex(step), copy);
      }
      copy = parent;
    }
    return Optional.of(copy);
  }

  private static JsonNode child(JsonNode node, String step) {
    if (node instanceof ObjectNode object) {
      return object.get(step);
    }
    if (node instanceof ArrayNode array && JsonPointer.arrayIndex(step) < array.size()) {
      return array.get(JsonPointer.arrayIndex(step));
    }
    return null;
  }

  private static JsonNode shallowCopy(JsonNode node) {
    if (node instanceof ObjectNode object) {
      ObjectNode copy = JsonNodeFactory.instance.objectNode();
      copy.setAll(object);
      return copy;
    }
    if (node instanceof ArrayNode array) {
      ArrayNode copy = JsonNodeFactory.instance.arrayNode(array.size());
      copy.addAll(array);
      return copy;
    }
    return node;
  }
}
