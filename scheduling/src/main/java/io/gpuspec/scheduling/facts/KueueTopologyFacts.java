package io.gpuspec.scheduling.facts;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.gpuspec.core.NodeGroup;
import io.gpuspec.core.k8s.Names;
import io.gpuspec.core.report.Finding;
import io.gpuspec.core.spi.PodTemplate;
import io.gpuspec.core.spi.ReferenceRule;
import io.gpuspec.core.spi.ReferenceRule.Reference;
import io.gpuspec.core.spi.Subject;
import io.gpuspec.core.spi.Workload;
import io.gpuspec.scheduling.model.kueue.ClusterQueue;
import io.gpuspec.scheduling.model.kueue.FlavorQuotas;
import io.gpuspec.scheduling.model.kueue.LocalQueue;
import io.gpuspec.scheduling.model.kueue.ResourceFlavor;
import io.gpuspec.scheduling.model.kueue.ResourceGroup;
import io.gpuspec.scheduling.model.kueue.Topology;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import org.jspecify.annotations.Nullable;

/**
 * Facts of Kueue's topology-aware scheduling (TAS, kueue.x-k8s.io/v1beta2,
 * https://kueue.sigs.k8s.io/docs/concepts/topology_aware_scheduling/): a pod set's topology
 * annotations are well formed (reported by SCH024) and name a level of the Topology of its queue's
 * flavors (SCH025); a flavor with a {@code topologyName} lists node labels (SCH026) and names a
 * Topology of the set (SCH027); a Topology's levels are unique node labels, the hostname only as
 * the last, carried by the nodes of its flavors (SCH028), and ordered from the widest to the
 * narrowest (SCH029). The DSL's {@code build()} throws the first finding.
 */
public final class KueueTopologyFacts {

  /** Pods of the pod set must run within one domain of the level this annotation names. */
  public static final String REQUIRED = "kueue.x-k8s.io/podset-required-topology";

  /** Pods of the pod set should run within one domain of this level, or the next wider one. */
  public static final String PREFERRED = "kueue.x-k8s.io/podset-preferred-topology";

  /** The pod set uses topology-aware scheduling without a level ({@code "true"}). */
  public static final String UNCONSTRAINED = "kueue.x-k8s.io/podset-unconstrained-topology";

  /** Each slice of the pod set must run within one domain of this level. */
  public static final String SLICE_REQUIRED = "kueue.x-k8s.io/podset-slice-required-topology";

  /** Pairs two pod sets (a leader and its workers) into one topology request. */
  public static final String GROUP_NAME = "kueue.x-k8s.io/podset-group-name";

  /** The pods of one slice, with {@link #SLICE_REQUIRED}. */
  public static final String SLICE_SIZE = "kueue.x-k8s.io/podset-slice-size";

  /** The lowest level a Topology may have, and the only one every node carries. */
  public static final String HOSTNAME = "kubernetes.io/hostname";

  /** The kind SCH027 looks up. */
  public static final String TOPOLOGY = "Topology";

  /** The most levels a Topology may have. */
  public static final int MAX_LEVELS = 16;

  private KueueTopologyFacts() {}

  /**
   * One annotation of a pod template that names a topology level.
   *
   * @param path the annotation's field path, e.g. {@code
   *     spec.template.metadata.annotations[kueue.x-k8s.io/podset-required-topology]}
   * @param annotation the annotation's key
   * @param level the node label it names
   */
  public record LevelRequest(String path, String annotation, String level) {}

  /** The annotations of a template that name a level, in the order required, preferred, slice. */
  public static List<LevelRequest> levelRequests(PodTemplate template) {
    Map<String, String> annotations = Subject.annotations(template.metadata());
    List<LevelRequest> requests = new ArrayList<>();
    for (String key : List.of(REQUIRED, PREFERRED, SLICE_REQUIRED)) {
      String level = annotations.get(key);
      if (level != null) {
        requests.add(new LevelRequest(annotationPath(template, key), key, level));
      }
    }
    return requests;
  }

  private static String annotationPath(PodTemplate template, String key) {
    return template.metadataPath() + ".annotations[" + key + "]";
  }

  /**
   * SCH024: a pod template's topology annotations as Kueue's webhook accepts them: at most one of
   * required, preferred and unconstrained; unconstrained a boolean; a slice size, a whole number of
   * at least 1, given exactly when a slice level is.
   */
  public static List<Finding> annotationsWellFormed(PodTemplate template) {
    Map<String, String> annotations = Subject.annotations(template.metadata());
    List<Finding> findings = new ArrayList<>();
    List<String> given =
        List.of(REQUIRED, PREFERRED, UNCONSTRAINED).stream()
            .filter(annotations::containsKey)
            .toList();
    if (given.size() > 1) {
      findings.add(
          new Finding(
              annotationPath(template, given.get(1)),
              "the pod set already has "
                  + given.get(0)
                  + "; Kueue accepts one of required,"
                  + " preferred and unconstrained topology",
              "keep one of " + String.join(", ", given)));
    }
    String unconstrained = annotations.get(UNCONSTRAINED);
    if (unconstrained != null && !isBoolean(unconstrained)) {
      findings.add(
          new Finding(
              annotationPath(template, UNCONSTRAINED),
              "\"" + unconstrained + "\" is not a boolean; Kueue rejects the workload",
              "write \"true\""));
    }
    String size = annotations.get(SLICE_SIZE);
    boolean slice = annotations.containsKey(SLICE_REQUIRED);
    if (slice && size == null) {
      findings.add(
          new Finding(
              annotationPath(template, SLICE_REQUIRED),
              "a slice level without " + SLICE_SIZE + "; Kueue rejects the workload",
              "add " + SLICE_SIZE + " with the pods of one slice"));
    } else if (!slice && size != null) {
      findings.add(
          new Finding(
              annotationPath(template, SLICE_SIZE),
              "a slice size without " + SLICE_REQUIRED + "; Kueue rejects the workload",
              "add " + SLICE_REQUIRED + " naming the level of a slice, or remove the size"));
    } else if (size != null && !positiveInt(size)) {
      findings.add(
          new Finding(
              annotationPath(template, SLICE_SIZE),
              "\"" + size + "\" is not a whole number of at least 1; Kueue rejects the workload",
              "give the pods of one slice, e.g. \"4\""));
    }
    for (String level : List.of(REQUIRED, PREFERRED, SLICE_REQUIRED)) {
      String value = annotations.get(level);
      if (value != null && !Names.isQualifiedName(value)) {
        findings.add(
            new Finding(
                annotationPath(template, level),
                "\""
                    + value
                    + "\" is not a valid level (a node label key); Kueue rejects the workload",
                "name a level of the Topology, e.g. kubernetes.io/hostname"));
      }
    }
    groupName(findings, template, annotations);
    return findings;
  }

  /** The pod-set group name is not a number, needs a required or preferred level, no slices. */
  private static void groupName(
      List<Finding> findings, PodTemplate template, Map<String, String> annotations) {
    String group = annotations.get(GROUP_NAME);
    if (group == null) {
      return;
    }
    String problem =
        group.matches("[0-9]{1,20}") && new BigInteger(group).bitLength() <= 64
            ? "\"" + group + "\" must not be a number"
            : annotations.containsKey(SLICE_SIZE) || annotations.containsKey(SLICE_REQUIRED)
                ? "a pod-set group may not be set with slice annotations"
                : !annotations.containsKey(REQUIRED) && !annotations.containsKey(PREFERRED)
                    ? "a pod-set group needs " + REQUIRED + " or " + PREFERRED
                    : null;
    if (problem != null) {
      findings.add(
          new Finding(
              annotationPath(template, GROUP_NAME),
              problem + "; Kueue rejects the workload",
              "name the group with letters (e.g. leader-workers) on two pod sets that give one"
                  + " required or preferred level, without slices"));
    }
  }

  private static boolean isBoolean(String value) {
    return Set.of("1", "t", "T", "TRUE", "true", "True", "0", "f", "F", "FALSE", "false", "False")
        .contains(value);
  }

  private static boolean positiveInt(String value) {
    try {
      return Integer.parseInt(value) >= 1;
    } catch (NumberFormatException e) {
      return false;
    }
  }

  /**
   * The ClusterQueue a workload is queued in: its {@code kueue.x-k8s.io/queue-name} label (on the
   * object, else on the template), the LocalQueue of that name in its namespace, and the
   * ClusterQueue that queue points at; empty when a link is not in the set.
   */
  public static Optional<ClusterQueue> clusterQueueOf(
      HasMetadata workload,
      PodTemplate template,
      List<LocalQueue> localQueues,
      List<ClusterQueue> clusterQueues) {
    String queue = Subject.labels(workload).get(KueueReferenceFacts.QUEUE_NAME_LABEL);
    if (queue == null && template.metadata().getLabels() != null) {
      queue = template.metadata().getLabels().get(KueueReferenceFacts.QUEUE_NAME_LABEL);
    }
    String namespace = Subject.namespace(workload);
    String name = queue;
    Optional<String> clusterQueue =
        localQueues.stream()
            .filter(q -> Subject.name(q).equals(name))
            .filter(q -> Subject.sameNamespace(Subject.namespace(q), namespace))
            .map(q -> q.getSpec() == null ? null : q.getSpec().getClusterQueue())
            .filter(cq -> cq != null)
            .findFirst();
    return clusterQueue.flatMap(
        cq -> clusterQueues.stream().filter(c -> Subject.name(c).equals(cq)).findFirst());
  }

  /** The ResourceFlavors of the set that a ClusterQueue gives quota in, in its order. */
  public static List<ResourceFlavor> flavorsOf(ClusterQueue queue, List<ResourceFlavor> flavors) {
    Set<String> names = new LinkedHashSet<>();
    for (ResourceGroup group : KueueQuotas.groups(queue)) {
      if (group != null) {
        for (FlavorQuotas flavor : group.getFlavors()) {
          if (flavor != null && flavor.getName() != null) {
            names.add(flavor.getName());
          }
        }
      }
    }
    List<ResourceFlavor> found = new ArrayList<>();
    for (String name : names) {
      flavors.stream().filter(f -> Subject.name(f).equals(name)).findFirst().ifPresent(found::add);
    }
    return found;
  }

  /** The Topology of the set a flavor names, if it names one that exists. */
  public static Optional<Topology> topologyOf(ResourceFlavor flavor, List<Topology> topologies) {
    String name = topologyName(flavor);
    return name == null
        ? Optional.empty()
        : topologies.stream().filter(t -> Subject.name(t).equals(name)).findFirst();
  }

  private static @Nullable String topologyName(ResourceFlavor flavor) {
    return flavor.getSpec() == null ? null : flavor.getSpec().getTopologyName();
  }

  /** SCH027: the Topology a flavor's {@code spec.topologyName} names. */
  public static Reference topologyReference(ResourceFlavor flavor) {
    return Reference.clusterScoped(
        flavor,
        "spec.topologyName",
        topologyName(flavor),
        "Kueue keeps every ClusterQueue with this flavor inactive (TopologyNotFound)");
  }

  /** How to fix a missing Topology. */
  public static String topologyFix(Reference reference) {
    return "add Topology \""
        + reference.name()
        + "\" with the node labels of the flavor's topology levels, or fix the name";
  }

  /** SCH027: the Topology a flavor names is among {@code defined}. */
  public static List<Finding> topologyExists(ResourceFlavor flavor, List<Topology> defined) {
    Reference reference = topologyReference(flavor);
    return ReferenceRule.missing(
        TOPOLOGY, reference, defined, Set.of(), "", topologyFix(reference));
  }

  /** A Topology's node labels, in order; a level without a label reads as empty. */
  public static List<String> levels(Topology topology) {
    if (topology.getSpec() == null) {
      return List.of();
    }
    return topology.getSpec().getLevels().stream()
        .map(l -> l == null || l.getNodeLabel() == null ? "" : l.getNodeLabel())
        .toList();
  }

  /**
   * SCH025: the level a pod-set annotation names is a level of one of {@code topologies}, the
   * Topologies of the flavors of {@code queue} (when the queue is known) or of the whole set.
   *
   * @param queue the ClusterQueue the workload is queued in, empty when it is not in the set
   */
  public static List<Finding> levelExists(
      LevelRequest request, Optional<ClusterQueue> queue, List<Topology> topologies) {
    if (topologies.stream().anyMatch(t -> levels(t).contains(request.level()))) {
      return List.of();
    }
    String fix = "name a level of the Topology, or add \"" + request.level() + "\" to its levels";
    if (topologies.isEmpty()) {
      return List.of(
          new Finding(
              request.path(),
              "ClusterQueue \""
                  + queue.map(Subject::name).orElse("")
                  + "\" has no flavor with a topologyName, so Kueue cannot place the pod set by"
                  + " level \""
                  + request.level()
                  + "\" and never admits it",
              "give a flavor of the ClusterQueue a topologyName whose Topology has this level"));
    }
    List<String> described = new ArrayList<>();
    for (Topology topology : topologies) {
      described.add(
          "Topology \""
              + Subject.name(topology)
              + "\" ("
              + String.join(", ", levels(topology))
              + ")");
    }
    return List.of(
        new Finding(
            request.path(),
            "\""
                + request.level()
                + "\" is not a level of "
                + String.join(" or ", described)
                + "; Kueue never admits the pod set",
            fix));
  }

  /**
   * One SCH025 finding of a workload.
   *
   * @param queueKnown whether the workload's ClusterQueue is in the set (else the level was looked
   *     for in every Topology of the set, and the rule warns)
   */
  public record LevelFinding(Finding finding, boolean queueKnown) {}

  /**
   * SCH025 for every template of a workload: the Topologies its ClusterQueue's flavors name when
   * the queue is in the set; else the set's Topologies, if there are any.
   */
  public static List<LevelFinding> levelsExist(
      Workload workload,
      List<LocalQueue> localQueues,
      List<ClusterQueue> clusterQueues,
      List<ResourceFlavor> flavors,
      List<Topology> topologies) {
    List<LevelFinding> findings = new ArrayList<>();
    for (PodTemplate template : workload.templates()) {
      List<LevelRequest> requests = levelRequests(template);
      Optional<ClusterQueue> queue =
          requests.isEmpty()
              ? Optional.empty()
              : clusterQueueOf(workload.object(), template, localQueues, clusterQueues);
      if (requests.isEmpty() || (queue.isEmpty() && topologies.isEmpty())) {
        continue;
      }
      List<Topology> candidates =
          queue.isPresent()
              ? flavorsOf(queue.get(), flavors).stream()
                  .map(f -> topologyOf(f, topologies))
                  .flatMap(Optional::stream)
                  .distinct()
                  .toList()
              : topologies;
      for (LevelRequest request : requests) {
        levelExists(request, queue, candidates)
            .forEach(f -> findings.add(new LevelFinding(f, queue.isPresent())));
      }
    }
    return findings;
  }

  /**
   * SCH026: a flavor with a {@code topologyName} lists at least one node label, as its CRD
   * requires.
   */
  public static List<Finding> topologyFlavorHasNodeLabels(ResourceFlavor flavor) {
    if (topologyName(flavor) == null || !flavor.getSpec().getNodeLabels().isEmpty()) {
      return List.of();
    }
    return List.of(
        new Finding(
            "spec.nodeLabels",
            "no node labels, but topologyName \""
                + topologyName(flavor)
                + "\" is set; the API server rejects the flavor, as Kueue reads the topology only"
                + " from the nodes its labels select",
            "add the labels of the flavor's nodes, e.g. their pool label"));
  }

  /**
   * SCH028: a Topology's levels are unique node labels and {@code kubernetes.io/hostname} is only
   * the last; with the fleet known, every level is a label of the nodes of each flavor that names
   * the Topology ({@code kubernetes.io/hostname} every node has).
   *
   * @param flavors the set's flavors (those naming this Topology are checked)
   * @param groups the fleet's node groups; empty when the fleet is not known
   */
  public static List<Finding> levelsValid(
      Topology topology, List<ResourceFlavor> flavors, List<NodeGroup> groups) {
    List<Finding> findings = new ArrayList<>();
    List<String> levels = levels(topology);
    Set<String> seen = new HashSet<>();
    for (int i = 0; i < levels.size(); i++) {
      String label = levels.get(i);
      String path = "spec.levels[" + i + "].nodeLabel";
      if (!seen.add(label)) {
        findings.add(
            new Finding(
                path,
                "\""
                    + label
                    + "\" is a level already; the API server rejects the Topology, as"
                    + " levels must be unique",
                "list each node label once"));
      } else if (label.equals(HOSTNAME) && i != levels.size() - 1) {
        findings.add(
            new Finding(
                path,
                HOSTNAME
                    + " is not the last level; the API server rejects the Topology, as a"
                    + " host is the narrowest domain",
                "move " + HOSTNAME + " to the end of the levels"));
      }
    }
    for (ResourceFlavor flavor : flavors) {
      if (!Subject.name(topology).equals(topologyName(flavor))) {
        continue;
      }
      List<NodeGroup> nodes = nodesOf(flavor, groups);
      for (int i = 0; i < levels.size(); i++) {
        String label = levels.get(i);
        if (label.equals(HOSTNAME) || label.isEmpty()) {
          continue;
        }
        List<String> without =
            nodes.stream()
                .filter(g -> !g.labels().containsKey(label))
                .map(NodeGroup::name)
                .toList();
        if (!without.isEmpty()) {
          findings.add(
              new Finding(
                  "spec.levels[" + i + "].nodeLabel",
                  "the nodes of ResourceFlavor \""
                      + Subject.name(flavor)
                      + "\" in groups "
                      + without
                      + " have no label "
                      + label
                      + "; Kueue leaves nodes without a level's label out of topology-aware"
                      + " scheduling",
                  "label those nodes with " + label + ", or remove the level"));
        }
      }
    }
    return findings;
  }

  /** The fleet's node groups a flavor's node labels select. */
  public static List<NodeGroup> nodesOf(ResourceFlavor flavor, List<NodeGroup> groups) {
    Map<String, String> labels =
        flavor.getSpec() == null ? Map.of() : flavor.getSpec().getNodeLabels();
    return groups.stream()
        .filter(
            g ->
                labels.entrySet().stream()
                    .allMatch(e -> e.getValue().equals(g.labels().get(e.getKey()))))
        .toList();
  }

  /**
   * SCH029: a Topology's levels go from the widest to the narrowest. On the nodes of the flavors
   * that name it: a level whose every domain lies within one domain of the next level, while a
   * domain of the next level spans several of it, is narrower than the next level, so the two are
   * in the wrong order. Values that repeat across wider domains (rack names reused per block) never
   * make a finding.
   */
  public static List<Finding> levelsWidestFirst(
      Topology topology, List<ResourceFlavor> flavors, List<NodeGroup> groups) {
    List<NodeGroup> nodes = new ArrayList<>();
    for (ResourceFlavor flavor : flavors) {
      if (Subject.name(topology).equals(topologyName(flavor))) {
        nodesOf(flavor, groups).stream().filter(g -> !nodes.contains(g)).forEach(nodes::add);
      }
    }
    List<String> levels = levels(topology);
    List<Finding> findings = new ArrayList<>();
    for (int i = 1; i < levels.size(); i++) {
      String upper = levels.get(i - 1);
      String lower = levels.get(i);
      if (upper.equals(HOSTNAME) || lower.equals(HOSTNAME)) {
        continue;
      }
      Map<String, Set<String>> lowerPerUpper = new LinkedHashMap<>();
      Map<String, Set<String>> upperPerLower = new LinkedHashMap<>();
      for (NodeGroup group : nodes) {
        String u = group.labels().get(upper);
        String l = group.labels().get(lower);
        if (u != null && l != null) {
          lowerPerUpper.computeIfAbsent(u, k -> new TreeSet<>()).add(l);
          upperPerLower.computeIfAbsent(l, k -> new TreeSet<>()).add(u);
        }
      }
      boolean eachUpperInOneLower = lowerPerUpper.values().stream().allMatch(s -> s.size() == 1);
      Optional<Map.Entry<String, Set<String>>> spanning =
          upperPerLower.entrySet().stream().filter(e -> e.getValue().size() > 1).findFirst();
      if (eachUpperInOneLower && spanning.isPresent()) {
        findings.add(
            new Finding(
                "spec.levels[" + i + "].nodeLabel",
                "every domain of "
                    + upper
                    + " lies within one domain of "
                    + lower
                    + ", and "
                    + lower
                    + "="
                    + spanning.get().getKey()
                    + " spans "
                    + upper
                    + " "
                    + spanning.get().getValue()
                    + ": "
                    + lower
                    + " is the wider level but comes after "
                    + upper
                    + "; Kueue reads levels from the widest to the narrowest",
                "put " + lower + " before " + upper));
      }
    }
    return findings;
  }
}
