package io.gpuspec.core.fleet;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.Taint;
import io.fabric8.kubernetes.api.model.TaintBuilder;
import io.gpuspec.core.NodeGroup;
import io.gpuspec.core.facts.FleetFacts;
import io.gpuspec.core.facts.NodeGroupView;
import io.gpuspec.core.k8s.GpuResources;
import io.gpuspec.core.manifest.ReadResult;
import io.gpuspec.core.report.Finding;
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
import org.jspecify.annotations.Nullable;

/**
 * The {@code spec.nodeGroups} of one gpuspec Fleet document: its YAML shape checked field by field,
 * then each group against the fleet facts ({@link FleetFacts}), all reported as FLEET010.
 */
final class FleetSpec {

  private static final Set<String> GROUP_FIELDS =
      Set.of("name", "count", "labels", "taints", "allocatable");

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
    List<NodeGroupView> views = new ArrayList<>();
    for (int i = 0; i < items.size(); i++) {
      String path = FleetFacts.path(i);
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
      Object name = item.get("name");
      long count = count(item.get("count"), path + ".count");
      NodeGroupView view =
          new NodeGroupView(
              name == null ? "" : String.valueOf(name),
              count,
              labels(item.get("labels"), path + ".labels"),
              taints(item.get("taints"), path + ".taints"),
              allocatable(item.get("allocatable"), path));
      views.add(view);
      FleetFacts.group(view, path).forEach(this::problem);
      if (problems.size() == before) {
        groups.add(
            new NodeGroup(
                view.name(), (int) count, view.labels(), view.taints(), view.allocatable()));
      }
    }
    FleetFacts.names(views).forEach(this::problem);
    return groups;
  }

  /** The count as written, 1 when it is left out; a value that is no whole number is a problem. */
  private long count(@Nullable Object value, String path) {
    if (value == null) {
      return 1;
    }
    if (value instanceof Number number
        && number.doubleValue() == Math.rint(number.doubleValue())
        && Math.abs(number.doubleValue()) < 1e18) {
      return number.longValue();
    }
    problem(path, "\"" + value + "\" is not a whole number", "give the node count, e.g. 4");
    return 1;
  }

  private Map<String, String> labels(@Nullable Object value, String path) {
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
          if (label instanceof String text) {
            labels.put(k, text);
          } else {
            problem(
                path + "[" + k + "]",
                "is not a string (value " + label + ")",
                "quote label values; keys and values follow Kubernetes label syntax");
          }
        });
    return labels;
  }

  private List<Taint> taints(@Nullable Object value, String path) {
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
      if (!(key instanceof String)
          || !(effect instanceof String)
          || (taintValue != null && !(taintValue instanceof String))) {
        problem(
            path + "[" + i + "]",
            "is not a taint with a key, an optional string value and an effect",
            "write {key: nvidia.com/gpu, value: present, effect: NoSchedule}; effects are "
                + FleetFacts.EFFECTS);
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

  private Map<String, BigDecimal> allocatable(@Nullable Object value, String path) {
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
          if (amount.isEmpty()) {
            problem(
                path + ".allocatable[" + name + "]",
                "\"" + quantity + "\" is not a quantity",
                "write a quantity such as \"8\", \"96\" or \"1Ti\"");
          } else {
            amounts.put(name, amount.get());
          }
        });
    return amounts;
  }

  /** A fact's finding on the fleet document, as {@link FleetFacts#RULE}. */
  private void problem(Finding finding) {
    problems.add(
        new Violation(
            FleetFiles.INVALID_FLEET,
            Severity.ERROR,
            ObjectRef.of(fleet),
            finding.path(),
            finding.message(),
            finding.fix(),
            read.manifests().sourceOf(fleet, finding.path())));
  }

  /** A problem of the document's YAML shape (a field of the wrong type or unknown). */
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
