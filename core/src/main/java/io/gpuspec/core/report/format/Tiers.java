package io.gpuspec.core.report.format;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.report.ObjectRef;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.MissingNode;

/**
 * The priority tier of each pod template: the pod spec's {@code priorityClassName}, else the
 * object's Kueue {@code kueue.x-k8s.io/priority-class} label, else {@value #NONE}; and the tiers'
 * order, highest value first, from the set's PriorityClasses and WorkloadPriorityClasses.
 */
final class Tiers {

  /** The tier of a pod that names no priority class. */
  static final String NONE = "no priority class";

  private static final String KUEUE_LABEL = "kueue.x-k8s.io/priority-class";
  private static final JsonMapper JSON = JsonMapper.builder().build();

  private final Map<ObjectRef, HasMetadata> objects = new HashMap<>();
  private final Map<String, Long> values = new HashMap<>();
  private final Map<HasMetadata, JsonNode> trees = new IdentityHashMap<>();

  Tiers(ManifestSet manifests) {
    for (HasMetadata object : manifests) {
      objects.putIfAbsent(ObjectRef.of(object), object);
      String kind = object.getKind();
      if ("PriorityClass".equals(kind) || "WorkloadPriorityClass".equals(kind)) {
        JsonNode value = tree(object).path("value");
        if (value.isIntegralNumber()) {
          values.merge(object.getMetadata().getName(), value.asLong(), Math::max);
        }
      }
    }
  }

  /** The tier of the template whose pod spec is at {@code specPath} of {@code workload}. */
  String of(ObjectRef workload, String specPath) {
    HasMetadata object = objects.get(workload);
    if (object == null) {
      return NONE;
    }
    JsonNode spec = at(tree(object), specPath);
    String name = spec.path("priorityClassName").asString("");
    if (!name.isEmpty()) {
      return name;
    }
    Map<String, String> labels =
        object.getMetadata() == null ? null : object.getMetadata().getLabels();
    String label = labels == null ? null : labels.get(KUEUE_LABEL);
    return label == null || label.isEmpty() ? NONE : label;
  }

  /** The tiers, highest priority value first, those without a known value after, then none. */
  List<String> ordered(Iterable<String> tiers) {
    List<String> list = new ArrayList<>();
    tiers.forEach(list::add);
    list.sort(
        Comparator.comparing((String t) -> t.equals(NONE))
            .thenComparing(t -> -Optional.ofNullable(values.get(t)).orElse(Long.MIN_VALUE + 1))
            .thenComparing(Comparator.naturalOrder()));
    return list;
  }

  /** The priority value of a tier, when the set defines it. */
  Optional<Long> value(String tier) {
    return Optional.ofNullable(values.get(tier));
  }

  private JsonNode tree(HasMetadata object) {
    return trees.computeIfAbsent(
        object,
        o -> {
          try {
            return JSON.valueToTree(o);
          } catch (JacksonException | IllegalArgumentException e) {
            return JSON.createObjectNode();
          }
        });
  }

  /** The node at a field path such as {@code spec.replicatedJobs[0].template.spec}. */
  static JsonNode at(JsonNode root, String path) {
    JsonNode node = root;
    for (String step : path.split("\\.")) {
      int bracket = step.indexOf('[');
      String name = bracket < 0 ? step : step.substring(0, bracket);
      if (!name.isEmpty()) {
        node = node.path(name);
      }
      while (bracket >= 0) {
        int close = step.indexOf(']', bracket);
        if (close < 0) {
          return MissingNode.getInstance();
        }
        String index = step.substring(bracket + 1, close);
        node =
            index.chars().allMatch(Character::isDigit) && !index.isEmpty()
                ? node.path(Integer.parseInt(index))
                : node.path(index);
        bracket = step.indexOf('[', close);
      }
    }
    return node;
  }
}
