package io.gpuspec.core.manifest;

import java.util.Set;
import java.util.regex.Pattern;
import tools.jackson.databind.JsonNode;

/**
 * Converts a JSON pointer into a Kubernetes field path: {@code
 * /spec/template/spec/containers/0/resources/limits/nvidia.com~1gpu} becomes {@code
 * spec.template.spec.containers[0].resources.limits[nvidia.com/gpu]}. Array steps are indexes; keys
 * that are not plain identifiers (map keys such as label names) are bracketed. Total: any pointer
 * gives a path, whatever the tree looks like, and a key longer than {@value #MAX_STEP} characters
 * is shortened with an ellipsis.
 */
final class FieldPaths {

  /** Kubernetes keys have at most 317 characters (a 253-character prefix, '/', 63 characters). */
  static final int MAX_STEP = 320;

  private static final Pattern IDENTIFIER = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

  /** Map-valued Kubernetes fields: their keys are data, so they are always bracketed. */
  private static final Set<String> MAP_FIELDS =
      Set.of(
          "labels",
          "annotations",
          "matchLabels",
          "nodeSelector",
          "data",
          "binaryData",
          "stringData",
          "limits",
          "requests",
          "hard",
          "capacity",
          "allocatable");

  private FieldPaths() {}

  static String of(String pointer, JsonNode root) {
    if (pointer.isEmpty()) {
      return "<root>";
    }
    StringBuilder path = new StringBuilder();
    JsonNode node = root;
    String previous = "";
    for (String step : JsonPointer.steps(pointer)) {
      int index = JsonPointer.arrayIndex(step);
      if (node != null && node.isArray() && index != Integer.MAX_VALUE) {
        path.append('[').append(step).append(']');
        node = index < node.size() ? node.get(index) : null;
      } else {
        if (IDENTIFIER.matcher(step).matches()
            && step.length() <= MAX_STEP
            && !MAP_FIELDS.contains(previous)) {
          path.append(path.length() == 0 ? "" : ".").append(step);
        } else {
          path.append('[').append(shown(step)).append(']');
        }
        node = node != null && node.isObject() ? node.get(step) : null;
      }
      previous = step;
    }
    return path.toString();
  }

  private static String shown(String step) {
    if (step.length() <= MAX_STEP && step.chars().allMatch(c -> c >= 0x20 && c != 0x7F)) {
      return step;
    }
    return Quoted.clip(step); // escaped, and shortened with an ellipsis
  }

  /** Prefixes a field path, e.g. with {@code items[2]} for an item of a List. */
  static String prefixed(String prefix, String path) {
    if (prefix.isEmpty()) {
      return path;
    }
    return path.equals("<root>") ? prefix : prefix + (path.startsWith("[") ? "" : ".") + path;
  }
}
