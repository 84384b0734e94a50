package io.gpuspec.trainer.merge;

import java.util.Map;
import java.util.Set;
import java.util.function.BiConsumer;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * A strategic merge patch of a JobSet spec tree, as the Trainer controller applies runtime patches
 * and {@code resourcesPerNode}: objects merge field by field, lists with a merge key (containers
 * and env by {@code name}, volume mounts by {@code mountPath}, ...) merge item by item, other lists
 * and scalars are replaced. Every value the patch writes is reported with its field path in the
 * target and in the patch, so findings on merged values point at the patch.
 */
final class PatchMerge {

  /** The merge key of each list that merges item by item (Kubernetes' patchMergeKey). */
  private static final Map<String, String> MERGE_KEYS =
      Map.of(
          "replicatedJobs", "name",
          "containers", "name",
          "initContainers", "name",
          "env", "name",
          "volumes", "name",
          "imagePullSecrets", "name",
          "schedulingGates", "name",
          "claims", "name",
          "volumeMounts", "mountPath",
          "ports", "containerPort");

  /** Fields whose values are maps with free keys, written {@code field[key]} in paths. */
  private static final Set<String> MAPS =
      Set.of("labels", "annotations", "nodeSelector", "limits", "requests");

  private PatchMerge() {}

  /**
   * Merges {@code patch} into {@code target} (changed in place); {@code written} receives the
   * target path and the patch path of every value the patch writes.
   */
  static void merge(
      ObjectNode target,
      ObjectNode patch,
      String targetPath,
      String patchPath,
      BiConsumer<String, String> written) {
    String parent = last(targetPath);
    for (Map.Entry<String, JsonNode> field : patch.properties()) {
      String name = field.getKey();
      JsonNode value = field.getValue();
      String step = MAPS.contains(parent) ? "[" + name + "]" : "." + name;
      String to = targetPath + step;
      String from = patchPath + step;
      JsonNode existing = target.get(name);
      if (value.isNull()) {
        target.remove(name);
        written.accept(to, from);
      } else if (value.isObject() && existing != null && existing.isObject()) {
        merge((ObjectNode) existing, (ObjectNode) value, to, from, written);
      } else if (value.isArray()
          && existing != null
          && existing.isArray()
          && MERGE_KEYS.containsKey(name)) {
        mergeList((ArrayNode) existing, (ArrayNode) value, MERGE_KEYS.get(name), to, from, written);
      } else {
        target.set(name, value.deepCopy());
        written.accept(to, from);
      }
    }
  }

  private static void mergeList(
      ArrayNode target,
      ArrayNode patch,
      String key,
      String targetPath,
      String patchPath,
      BiConsumer<String, String> written) {
    for (int p = 0; p < patch.size(); p++) {
      JsonNode item = patch.get(p);
      int at = indexOf(target, key, item.get(key));
      String from = patchPath + "[" + p + "]";
      if (at >= 0 && item.isObject() && target.get(at).isObject()) {
        merge(
            (ObjectNode) target.get(at),
            (ObjectNode) item,
            targetPath + "[" + at + "]",
            from,
            written);
      } else {
        target.add(item.deepCopy());
        written.accept(targetPath + "[" + (target.size() - 1) + "]", from);
      }
    }
  }

  private static int indexOf(ArrayNode list, String key, JsonNode value) {
    if (value == null || value.isNull()) {
      return -1;
    }
    for (int i = 0; i < list.size(); i++) {
      JsonNode item = list.get(i);
      if (item.isObject() && value.equals(item.get(key))) {
        return i;
      }
    }
    return -1;
  }

  /** The last field name of a path: {@code limits} of {@code a.b[0].limits}. */
  private static String last(String path) {
    int dot = path.lastIndexOf('.');
    String step = dot < 0 ? path : path.substring(dot + 1);
    int bracket = step.indexOf('[');
    return bracket < 0 ? step : step.substring(0, bracket);
  }
}
