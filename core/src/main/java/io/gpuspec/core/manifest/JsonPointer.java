package io.gpuspec.core.manifest;

import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.MissingNode;
import tools.jackson.databind.node.ObjectNode;

/** JSON pointers ({@code /spec/containers/0}): their steps, escaping and array indexes. */
final class JsonPointer {

  private JsonPointer() {}

  /** The unescaped steps of a JSON pointer ({@code ""} has none). */
  static List<String> steps(String pointer) {
    List<String> steps = new ArrayList<>();
    if (pointer.isEmpty()) {
      return steps;
    }
    int start = pointer.startsWith("/") ? 1 : 0;
    while (true) {
      int slash = pointer.indexOf('/', start);
      String raw = slash < 0 ? pointer.substring(start) : pointer.substring(start, slash);
      steps.add(unescape(raw));
      if (slash < 0) {
        return steps;
      }
      start = slash + 1;
    }
  }

  /** A non-negative array index written in decimal, or {@link Integer#MAX_VALUE} if it is not. */
  static int arrayIndex(String step) {
    if (step.isEmpty() || step.length() > 9) {
      return Integer.MAX_VALUE;
    }
    for (int i = 0; i < step.length(); i++) {
      if (step.charAt(i) < '0' || step.charAt(i) > '9') {
        return Integer.MAX_VALUE;
      }
    }
    return Integer.parseInt(step);
  }

  /** JSON pointer escaping of one key. */
  static String escape(String key) {
    return key.replace("~", "~0").replace("/", "~1");
  }

  static String unescape(String step) {
    return step.replace("~1", "/").replace("~0", "~");
  }

  /** The node at a JSON pointer, or a missing node; never throws. */
  static JsonNode navigate(JsonNode root, String pointer) {
    JsonNode node = root;
    for (String step : steps(pointer)) {
      if (node instanceof ArrayNode array) {
        int index = arrayIndex(step);
        node = index < array.size() ? array.get(index) : null;
      } else if (node instanceof ObjectNode object) {
        node = object.get(step);
      } else {
        node = null;
      }
      if (node == null) {
        return MissingNode.getInstance();
      }
    }
    return node;
  }
}
