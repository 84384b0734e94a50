package io.gpuspec.core.fleet;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.Taint;
import io.fabric8.kubernetes.api.model.TaintBuilder;
import io.gpuspec.core.Labels;
import io.gpuspec.core.NodeGroup;
import io.gpuspec.core.k8s.GpuResources;
import io.gpuspec.core.manifest.ReadResult;
import io.gpuspec.core.report.ObjectRef;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.report.Violation;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/** The {@code spec.nodeGroups} of one gpuspec Fleet document, checked field by field. */
final class FleetSpec {

  private static final Set<String> GROUP_FIELDS =
      Set.of("name", "count", "labels", "taints", "allocatable");
  private static final Set<String> EFFECTS = Set.of("NoSchedule", "PreferNoSchedule", "NoExecute");

  private final GenericKubernetesResource fleet;
  private final ReadResult read;
  private final List<Violation> problems;

  FleetSpec(GenericKubernetesResource fleet, ReadResult read, List<Violation> problems) {
    this.fleet = fleet;
    this.read = read;
    this.problems = problems;
  }

  List<NodeGroup> groups() {
    Object spec = fleet.getAdditionalProperties().get("spec");
    Object list = spec instanceof Map<?, ?> map ? map.get("nodeGroups") : null;
    if (!(list instanceof List<?> items) || items.isEmpty()) {
      problem(
          "spec.nodeGroups", "is missing or empty", "list the node groups under spec.nodeGroups");
      return List.of();
    }
    List<NodeGroup> groups = new ArrayList<>();
    for (int i = 0; i < items.size(); i++) {
      String path = "spec.nodeGroups[" + i + "]";
      if (!(items.get(i) instanceof Map<?, ?> item)) {
        problem(path, "is not a mapping", "give name, count, labels, taints and allocatable");
        continue;
      }
      int before = problems.size();
      item.keySet().stream()
          .map(String::valueOf)
          .filter(key -> !GROUP_FIELDS.contains(key))
          .forEach(
              key ->
                  problem(
                      path + "." + key,
                      "is not a field of a node group",
                      "use only name, count, labels, taints and allocatable"));
      String name = item.get("name") instanceof String s ? s : "";
      if (name.isEmpty()) {
        problem(path + ".name", "is missing", "name the group, e.g. a100-train");
      }
      int count = count(item.get("count"), path + ".count");
      Map<String, String> labels = labels(item.get("labels"), path + ".labels");
      List<Taint> taints = taints(item.get("taints"), path + ".taints");
      Map<String, BigDecimal> allocatable = allocatable(item.get("allocatable"), path);
      if (problems.size() == before) {
        groups.add(new NodeGroup(name, count, labels, taints, allocatable));
      }
    }
    return groups;
  }

  private int count(Object value, String path) {
    if (value == null) {
      return 1;
    }
    if (value instanceof Number number
        && number.doubleValue() == Math.rint(number.doubleValue())
        && number.longValue() >= 1
        && number.longValue() <= 1_000_000) {
      return number.intValue();
    }
    problem(
        path, "\"" + value + "\" is not a whole number from 1 to 1000000", "give the node count");
    return 1;
  }

  private Map<String, String> labels(Object value, String path) {
    Map<String, String> labels = new TreeMap<>();
    if (value == null) {
      return labels;
    }
    if (!(value instanceof Map<?, ?> map)) {
      problem(path, "is not a mapping of label keys to values", "write key: \"value\" pairs");
      return labels;
    }
    map.forEach(
        (key, label) -> {
          String k = String.valueOf(key);
          if (!(label instanceof String text)
              || !Labels.isQualifiedName(k)
              || !Labels.isValue(text)) {
            problem(
                path + "[" + k + "]",
                "is not a valid label (key " + k + ", value " + label + ")",
                "quote label values; keys and values follow Kubernetes label syntax");
          } else {
            labels.put(k, text);
          }
        });
    return labels;
  }

  private List<Taint> taints(Object value, String path) {
    List<Taint> taints = new ArrayList<>();
    if (value == null) {
      return taints;
    }
    if (!(value instanceof List<?> list)) {
      problem(path, "is not a list", "write taints as a list of {key, value, effect}");
      return taints;
    }
    for (int i = 0; i < list.size(); i++) {
      Object entry = list.get(i);
      Map<?, ?> taint = entry instanceof Map<?, ?> m ? m : Map.of();
      Object key = taint.get("key");
      Object effect = taint.get("effect");
      Object taintValue = taint.get("value");
      if (!(key instanceof String k)
          || !Labels.isQualifiedName(k)
          || !(effect instanceof String e)
          || !EFFECTS.contains(e)
          || (taintValue != null && !(taintValue instanceof String))) {
        problem(
            path + "[" + i + "]",
            "is not a taint with a key, an optional string value and an effect",
            "write {key: nvidia.com/gpu, value: present, effect: NoSchedule}; effects are "
                + EFFECTS);
        continue;
      }
      taints.add(
          new TaintBuilder()
              .withKey((String) key)
              .withValue((String) taintValue)
              .withEffect((String) effect)
              .build());
    }
    return taints;
  }

  private Map<String, BigDecimal> allocatable(Object value, String path) {
    Map<String, BigDecimal> amounts = new TreeMap<>();
    if (value == null) {
      return amounts;
    }
    if (!(value instanceof Map<?, ?> map)) {
      problem(path + ".allocatable", "is not a mapping", "write resource: quantity pairs");
      return amounts;
    }
    map.forEach(
        (resource, quantity) -> {
          String name = String.valueOf(resource);
          var amount =
              quantity instanceof String || quantity instanceof Number
                  ? GpuResources.amount(new Quantity(String.valueOf(quantity)))
                  : Optional.<BigDecimal>empty();
          if (amount.isEmpty() || amount.get().signum() < 0) {
            problem(
                path + ".allocatable[" + name + "]",
                "\"" + quantity + "\" is not a non-negative quantity",
                "write a quantity such as \"8\", \"96\" or \"1Ti\"");
          } else {
            amounts.put(name, amount.get());
          }
        });
    return amounts;
  }

  private void problem(String path, String what, String fix) {
    problems.add(
        new Violation(
            FleetFiles.INVALID_FLEET,
            Severity.ERROR,
            ObjectRef.of(fleet),
            path,
            "fleet " + path + " " + what,
            fix,
            read.manifests().sourceOf(fleet, path)));
  }
}
