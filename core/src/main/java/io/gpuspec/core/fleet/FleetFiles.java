package io.gpuspec.core.fleet;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.Taint;
import io.gpuspec.core.Fleet;
import io.gpuspec.core.NodeGroup;
import io.gpuspec.core.facts.FleetFacts;
import io.gpuspec.core.k8s.GpuResources;
import io.gpuspec.core.manifest.ReadProblem;
import io.gpuspec.core.manifest.ReadResult;
import io.gpuspec.core.manifest.YamlRenderer;
import io.gpuspec.core.report.ObjectRef;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.report.Violation;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/**
 * Reads a {@link Fleet} from YAML: gpuspec fleet files ({@code apiVersion: gpuspec.io/v1alpha1,
 * kind: Fleet}, format in {@code docs/fleet.md}) and real node lists ({@code kubectl get nodes -o
 * yaml}, a {@code v1 List} of Nodes), whose identical nodes are grouped.
 */
public final class FleetFiles {

  /** Rule id of a problem in a fleet file's content. */
  static final String INVALID_FLEET = FleetFacts.RULE;

  static final String API_VERSION = FleetFacts.API_VERSION;
  static final String KIND = FleetFacts.KIND;

  /** The full reader's size limit per file ({@code docs/reading.md}). */
  private static final long FULL_READER_BYTES = 8L * 1024 * 1024;

  private FleetFiles() {}

  /**
   * The fleet in what the reader read from {@code paths}: Fleet documents and Nodes, grouped; the
   * reader's problems except the unknown kind of a Fleet document, and the fleet's own.
   */
  public static FleetRead read(ReadResult read, List<Path> paths) {
    List<Violation> problems = new ArrayList<>();
    List<NodeGroup> groups = new ArrayList<>();
    NodeGrouping nodes = new NodeGrouping();
    collect(read, problems, groups, nodes);
    return fleet(paths, problems, groups, nodes);
  }

  /**
   * The fleet in {@code paths}, each read in turn: a node list ({@code kubectl get nodes -o yaml})
   * streaming, line by line, whatever its size, keeping per node only what grouping needs; any
   * other file, and a node list in a form the streaming reader does not read, by {@code reader}
   * (the full manifest reader, limited to 8 MiB per file). A node list above that limit that the
   * streaming reader cannot read gives one error naming file, line and field. Groups, nodes and
   * problems are the same as {@link #read(ReadResult, List)} of all the paths gives.
   */
  public static FleetRead read(List<Path> paths, Function<List<Path>, ReadResult> reader) {
    List<Violation> problems = new ArrayList<>();
    List<NodeGroup> groups = new ArrayList<>();
    NodeGrouping nodes = new NodeGrouping();
    for (Path path : paths) {
      NodeListScan.Outcome scanned = scan(path);
      if (scanned instanceof NodeListScan.Read read) {
        nodes.addAll(read.nodes());
      } else if (scanned instanceof NodeListScan.Unsure unsure
          && unsure.nodeList()
          && !small(path)) {
        problems.add(unsure.violation(path));
      } else {
        collect(reader.apply(List.of(path)), problems, groups, nodes);
      }
    }
    return fleet(paths, problems, groups, nodes);
  }

  /** The scan of a regular file, null when the file cannot be scanned (the reader says why). */
  private static NodeListScan.@Nullable Outcome scan(Path path) {
    try {
      return Files.isRegularFile(path) ? NodeListScan.scan(path, small(path)) : null;
    } catch (IOException | UncheckedIOException e) {
      return null;
    }
  }

  private static boolean small(Path path) {
    try {
      return Files.size(path) <= FULL_READER_BYTES;
    } catch (IOException e) {
      return true;
    }
  }

  private static void collect(
      ReadResult read, List<Violation> problems, List<NodeGroup> groups, NodeGrouping nodes) {
    for (Violation problem : read.problems()) {
      boolean fleetKind =
          problem.object().apiVersion().equals(API_VERSION) && problem.object().kind().equals(KIND);
      if (!(fleetKind && problem.ruleId().equals(ReadProblem.YAML004.id()))) {
        problems.add(problem);
      }
    }
    for (HasMetadata object : read.manifests()) {
      if (object instanceof Node node) {
        add(nodes, node);
      } else if (object instanceof GenericKubernetesResource fleet
          && API_VERSION.equals(fleet.getApiVersion())
          && KIND.equals(fleet.getKind())) {
        new FleetSpec(fleet, read, problems).groups().forEach(groups::add);
      }
    }
  }

  private static FleetRead fleet(
      List<Path> paths, List<Violation> problems, List<NodeGroup> groups, NodeGrouping nodes) {
    groups.addAll(nodes.groups());
    boolean errors = problems.stream().anyMatch(p -> p.severity() == Severity.ERROR);
    if (groups.isEmpty() && !errors) {
      problems.add(
          new Violation(
              INVALID_FLEET,
              Severity.ERROR,
              new ObjectRef("", "", "", String.valueOf(paths)),
              "<root>",
              "no node groups and no Nodes found",
              "give a gpuspec.io/v1alpha1 Fleet file or the output of kubectl get nodes -o yaml",
              Optional.empty()));
      errors = true;
    }
    return new FleetRead(errors ? Optional.empty() : Optional.of(Fleet.ofGroups(groups)), problems);
  }

  /** A fleet as a gpuspec Fleet document ({@code docs/fleet.md}), deterministic. */
  public static String render(Fleet fleet, String name) {
    List<Map<String, Object>> groups = new ArrayList<>();
    for (NodeGroup group : fleet.groups()) {
      Map<String, Object> entry = new LinkedHashMap<>();
      entry.put("name", group.name());
      entry.put("count", group.nodeCount());
      entry.put("labels", new TreeMap<>(group.labels()));
      List<Map<String, String>> taints = new ArrayList<>();
      for (Taint taint : group.taints()) {
        Map<String, String> t = new LinkedHashMap<>();
        t.put("key", taint.getKey());
        if (taint.getValue() != null && !taint.getValue().isEmpty()) {
          t.put("value", taint.getValue());
        }
        t.put("effect", taint.getEffect());
        taints.add(t);
      }
      entry.put("taints", taints);
      Map<String, String> allocatable = new TreeMap<>();
      group
          .allocatable()
          .forEach((k, v) -> allocatable.put(k, v.stripTrailingZeros().toPlainString()));
      entry.put("allocatable", allocatable);
      groups.add(entry);
    }
    GenericKubernetesResource document = new GenericKubernetesResource();
    document.setApiVersion(API_VERSION);
    document.setKind(KIND);
    document.setMetadata(new ObjectMetaBuilder().withName(name).build());
    document.setAdditionalProperty("spec", Map.of("nodeGroups", groups));
    return YamlRenderer.render(document);
  }

  /** Identical nodes (same labels but per-node ones, taints and allocatable) form one group. */
  static List<NodeGroup> group(List<Node> nodes) {
    NodeGrouping grouping = new NodeGrouping();
    nodes.forEach(node -> add(grouping, node));
    return grouping.groups();
  }

  /** Adds one decoded node to the grouping. */
  static void add(NodeGrouping grouping, Node node) {
    Map<String, String> labels = new LinkedHashMap<>();
    if (node.getMetadata() != null && node.getMetadata().getLabels() != null) {
      // a label written without a value is the empty string to the API server
      node.getMetadata().getLabels().forEach((k, v) -> labels.put(k, v == null ? "" : v));
    }
    List<Taint> taints = new ArrayList<>();
    if (node.getSpec() != null && node.getSpec().getTaints() != null) {
      node.getSpec().getTaints().stream().filter(Objects::nonNull).forEach(taints::add);
    }
    boolean unschedulable =
        node.getSpec() != null && Boolean.TRUE.equals(node.getSpec().getUnschedulable());
    Map<String, BigDecimal> allocatable = new TreeMap<>();
    Map<String, Quantity> source =
        node.getStatus() == null
            ? null
            : node.getStatus().getAllocatable() != null
                ? node.getStatus().getAllocatable()
                : node.getStatus().getCapacity();
    if (source != null) {
      source.forEach(
          (name, quantity) ->
              GpuResources.amount(quantity).ifPresent(amount -> allocatable.put(name, amount)));
    }
    grouping.add(
        node.getMetadata() == null ? null : node.getMetadata().getNamespace(),
        node.getMetadata() == null ? null : node.getMetadata().getName(),
        node.getMetadata() != null,
        labels,
        taints,
        unschedulable,
        allocatable);
  }
}
