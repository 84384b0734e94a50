package io.gpuspec.cel.internal.vap;

import java.util.HashSet;
import java.util.Set;
import tools.jackson.databind.JsonNode;

/** Kubernetes label selectors ({@code matchLabels}, {@code matchExpressions}) over a label map. */
final class Selectors {

  private Selectors() {}

  /** Whether the selector is absent or empty (it then matches everything). */
  static boolean isEmpty(JsonNode selector) {
    return selector == null
        || selector.isMissingNode()
        || selector.isNull()
        || (selector.path("matchLabels").isEmpty() && selector.path("matchExpressions").isEmpty());
  }

  static boolean matches(JsonNode selector, JsonNode labels) {
    if (isEmpty(selector)) {
      return true;
    }
    for (var e : selector.path("matchLabels").properties()) {
      if (!e.getValue().asString("").equals(labels.path(e.getKey()).asString(null))) {
        return false;
      }
    }
    for (JsonNode expression : selector.path("matchExpressions")) {
      String key = expression.path("key").asString("");
      Set<String> values = new HashSet<>();
      expression.path("values").forEach(v -> values.add(v.asString("")));
      boolean has = labels.has(key);
      String value = labels.path(key).asString("");
      boolean ok =
          switch (expression.path("operator").asString("")) {
            case "In" -> has && values.contains(value);
            case "NotIn" -> !has || !values.contains(value);
            case "Exists" -> has;
            case "DoesNotExist" -> !has;
            default -> false;
          };
      if (!ok) {
        return false;
      }
    }
    return true;
  }
}
