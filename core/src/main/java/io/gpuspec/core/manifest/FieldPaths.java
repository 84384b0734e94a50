package io.gpuspec.core.manifest;

import java.util.Set;
import java.util.regex.Pattern;
import tools.jackson.databind.JsonNode;

/**
 * Converts a JSON pointer into a Kubernetes field path: {@code
 * /spec/template/spec/containers/0/resources/limits/nvidia.com~1gpu} becomes {@code
 * spec.template.spec.containers[0].resources.limits[nvidia.com/gpu]}. Array steps are indexes; keys
 * that are not plain identifiers (map keys such as label names) are bracketed.
 */
final class FieldPaths {

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
    for (String raw : pointer.substring(1).split("/", -1)) {
      String step = raw.replace("~1", "/").replace("~0", "~");
      if (node != null && node.isArray()) {
        path.append('[').append(step).append(']');
        node = node.path(Integer.parseInt(step));
      } else {
        if (IDENTIFIER.matcher(step).matches() && !MAP_FIELDS.contains(previous)) {
          path.append(path.length() == 0 ? "" : ".").append(step);
        } else {
          path.append('[').append(step).append(']');
        }
        node = node == null ? null : node.get(step);
      }
      previous = step;
    }
    return path.toString();
  }

  /** Prefixes a field path, e.g. with {@code items[2]} for an item of a List. */
  static String prefixed(String prefix, String path) {
    if (prefix.isEmpty()) {
      return path;
    }
    return path.equals("<root>") ? prefix : prefix + (path.startsWith("[") ? "" : ".") + path;
  }
}
