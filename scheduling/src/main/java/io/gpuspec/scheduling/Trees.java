package io.gpuspec.scheduling;

import io.fabric8.kubernetes.api.model.HasMetadata;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Copies of model objects edited as JSON trees at the field paths workload adapters give (e.g.
 * {@code spec.tasks[0].template.spec}, {@code spec.tfReplicaSpecs.Worker.template.metadata}), so
 * that any kind a module adapts can be stamped without naming its class. Not API.
 */
final class Trees {

  private static final JsonMapper MAPPER = JsonMapper.builder().build();

  private Trees() {}

  /** The object as a tree; editing the tree leaves the object alone. */
  static ObjectNode tree(HasMetadata object) {
    return (ObjectNode) MAPPER.valueToTree(object);
  }

  /** The tree as an object of {@code type}. */
  static <T extends HasMetadata> T object(ObjectNode tree, Class<T> type) {
    return MAPPER.treeToValue(tree, type);
  }

  /** A deep copy of the object, of the same class. */
  @SuppressWarnings("unchecked")
  static <T extends HasMetadata> T copy(T object) {
    return object(tree(object), (Class<T>) object.getClass());
  }

  /**
   * The object node at a field path, created (with every missing object on the way) when absent.
   *
   * @throws IllegalArgumentException if the path runs through a value that is not an object or an
   *     array index that does not exist
   */
  static ObjectNode at(ObjectNode root, String path) {
    ObjectNode node = root;
    for (String step : steps(path)) {
      node = child(node, step, path);
    }
    return node;
  }

  private static ObjectNode child(ObjectNode node, String step, String path) {
    int bracket = step.indexOf('[');
    String field = bracket < 0 ? step : step.substring(0, bracket);
    JsonNode value = node.get(field);
    if (bracket < 0) {
      if (value == null || value.isNull()) {
        return node.putObject(field);
      }
      if (!value.isObject()) {
        throw new IllegalArgumentException(path + ": " + field + " is not an object");
      }
      return (ObjectNode) value;
    }
    int index = Integer.parseInt(step.substring(bracket + 1, step.length() - 1));
    if (!(value instanceof ArrayNode array)
        || index >= array.size()
        || !array.get(index).isObject()) {
      throw new IllegalArgumentException(path + ": " + field + "[" + index + "] is not an object");
    }
    return (ObjectNode) array.get(index);
  }

  /** {@code a.b[2].c} as {@code [a, b[2], c]}. */
  private static List<String> steps(String path) {
    List<String> steps = new ArrayList<>();
    for (String step : path.split("\\.")) {
      if (!step.isEmpty()) {
        steps.add(step);
      }
    }
    return steps;
  }
}
