package io.gpuspec.core.fleet;

import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.NodeSelectorRequirement;
import io.fabric8.kubernetes.api.model.NodeSelectorTerm;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.ResourceRequirements;
import io.fabric8.kubernetes.api.model.Taint;
import io.fabric8.kubernetes.api.model.Toleration;
import io.gpuspec.core.Fleet;
import io.gpuspec.core.NodeGroup;
import io.gpuspec.core.k8s.GpuResources;
import io.gpuspec.core.k8s.NodeSelection;
import io.gpuspec.core.k8s.PodRequests;
import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.report.ObjectRef;
import io.gpuspec.core.report.SourceLocation;
import io.gpuspec.core.spi.FieldOrigin;
import io.gpuspec.core.spi.PodTemplate;
import io.gpuspec.core.spi.Workload;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.function.Function;
import java.util.function.ToLongFunction;
import org.jspecify.annotations.Nullable;

/**
 * "Will this ever schedule on our pools, and why not": evaluates the scheduler's filters for every
 * pod template of every workload against every node group of a {@link Fleet} — node labels against
 * {@code nodeSelector} and required node affinity, taints against tolerations, the pod's requests
 * against one node's allocatable resources — and, for gangs, whether the whole gang fits at once.
 *
 * <p>A fleet made only of GPU node groups (e.g. the DSL's pools) says nothing about the CPU nodes
 * of a cluster, so pod templates that request no GPU are judged only when the fleet has a group
 * without GPUs (as a node list read from {@code kubectl get nodes} has).
 *
 * <p>Identical pod demands are evaluated once per node group, so the cost grows with the number of
 * distinct templates times the number of groups, not with pods times nodes: templates with the same
 * scheduling fields as written share one {@link Demand} (quantities are parsed once), equal demands
 * share one answer, and templates with one answer share its lists. 5,000 nodes in 49 groups against
 * 10,000 workloads take well under a second warm ({@code bench/}, {@code docs/performance.md}).
 */
public final class FleetCheck {

  private final Function<HasMetadata, Optional<Workload>> workloads;
  private final Fleet fleet;

  /**
   * A check of {@code fleet}; {@code workloads} is the workload view of an object (the modules'
   * adapters), empty for an object that is no workload.
   */
  public FleetCheck(Fleet fleet, Function<HasMetadata, Optional<Workload>> workloads) {
    this.workloads = workloads;
    this.fleet = fleet;
  }

  /** What one pod of a template needs from a node; equal demands share one evaluation. */
  record Demand(
      Map<String, String> nodeSelector,
      List<NodeSelectorTerm> requiredTerms,
      List<Toleration> tolerations,
      Map<String, BigDecimal> requests) {

    static Demand of(PodSpec spec) {
      return new Demand(
          // in the order written, so that the first failing entry (the reason) is the same each run
          spec.getNodeSelector() == null
              ? Map.of()
              : Collections.unmodifiableMap(new LinkedHashMap<>(spec.getNodeSelector())),
          List.copyOf(NodeSelection.requiredTerms(spec)),
          NodeSelection.tolerations(spec).stream().filter(t -> t != null).toList(),
          PodRequests.of(spec));
    }

    long gpus() {
      return requests.entrySet().stream()
          .filter(e -> GpuResources.isGpu(e.getKey()))
          .mapToLong(e -> e.getValue().setScale(0, RoundingMode.CEILING).longValue())
          .sum();
    }
  }

  /**
   * Whether one pod of a demand fits a node of a group, and if not, why; {@code nodes} is how many
   * of the group's nodes admit it (fewer than all when its {@code matchFields} pick nodes by name).
   */
  record Fit(boolean fits, String reason, long podsPerNode, long nodes) {
    static Fit no(String reason) {
      return new Fit(false, reason, 0, 0);
    }
  }

  /**
   * What decides a template's demand, as written in its pod spec and without parsing a quantity,
   * encoded unambiguously (every string length-prefixed): templates copied from one another (most
   * of a real cluster's) have one key, so each distinct key is turned into a {@link Demand} once. A
   * string compares and hashes far faster than the fabric8 objects it stands for.
   */
  static String specKey(PodSpec spec) {
    return specKey(spec, new StringBuilder(256));
  }

  /**
   * {@link #specKey(PodSpec)}, written into {@code key} (emptied first), which one check reuses.
   */
  static String specKey(PodSpec spec, StringBuilder key) {
    key.setLength(0);
    Map<String, String> selector = spec.getNodeSelector();
    if (selector != null && !selector.isEmpty()) {
      String[] names = selector.keySet().toArray(new String[0]);
      Arrays.sort(names);
      for (String name : names) {
        text(text(key.append('s'), name), selector.get(name));
      }
    }
    for (NodeSelectorTerm term : NodeSelection.requiredTerms(spec)) {
      key.append('t');
      if (term != null) {
        requirements(key.append('e'), term.getMatchExpressions());
        requirements(key.append('f'), term.getMatchFields());
      }
    }
    for (Toleration t : NodeSelection.tolerations(spec)) {
      if (t != null) {
        text(
            text(text(text(key.append('o'), t.getKey()), t.getOperator()), t.getValue()),
            t.getEffect());
        key.append(t.getTolerationSeconds()).append(';');
      }
    }
    containers(key.append('i'), spec.getInitContainers());
    containers(key.append('c'), spec.getContainers());
    return key.toString();
  }

  private static void requirements(StringBuilder key, List<NodeSelectorRequirement> requirements) {
    if (requirements == null) {
      return;
    }
    for (NodeSelectorRequirement r : requirements) {
      key.append('r');
      if (r != null) {
        text(text(key, r.getKey()), r.getOperator());
        if (r.getValues() != null) {
          r.getValues().forEach(v -> text(key.append('v'), v));
        }
      }
    }
  }

  private static void containers(StringBuilder key, List<Container> containers) {
    if (containers == null) {
      return;
    }
    for (Container c : containers) {
      if (c == null) {
        continue;
      }
      text(key.append('k'), c.getRestartPolicy());
      ResourceRequirements resources = c.getResources();
      if (resources != null) {
        quantities(key.append('l'), resources.getLimits());
        quantities(key.append('q'), resources.getRequests());
      }
    }
  }

  private static void quantities(StringBuilder key, Map<String, Quantity> quantities) {
    if (quantities == null) {
      return;
    }
    for (Map.Entry<String, Quantity> entry : quantities.entrySet()) {
      text(key, entry.getKey());
      Quantity q = entry.getValue();
      if (q != null) {
        text(text(key.append('='), q.getAmount()), q.getFormat());
      }
    }
  }

  /**
   * Appends a string unambiguously: its length, then the string; a short length is one character
   * (below 127), a longer one 127, its digits and a colon; null is the character 128.
   */
  private static StringBuilder text(StringBuilder key, @Nullable String value) {
    if (value == null) {
      return key.append((char) 128);
    }
    int length = value.length();
    if (length < 127) {
      key.append((char) length);
    } else {
      key.append((char) 127).append(length).append(':');
    }
    return key.append(value);
  }

  /**
   * A demand's answer on this fleet, shared by every template with that demand: the groups it fits,
   * why each other group cannot take it, and how many pods the fitting groups hold.
   */
  private record Outcome(
      List<String> fitting,
      Map<String, String> blocked,
      long capacity,
      long gpus,
      Map<String, Set<String>> named) {}

  /** Checks every workload of the set. */
  public FleetReport check(ManifestSet manifests) {
    Map<String, Demand> demands = new HashMap<>();
    Map<Demand, Outcome> outcomes = new HashMap<>();
    List<FleetReport.Placement> placements = new ArrayList<>();
    List<FleetReport.Gang> gangs = new ArrayList<>();
    List<DomainFit.Answer> domains = new ArrayList<>();
    List<NodeGroup> groups = fleet.groups();
    boolean knowsCpuNodes =
        groups.stream()
            .anyMatch(g -> g.allocatable().keySet().stream().noneMatch(GpuResources::isGpu));
    Map<String, Integer> minMembers = Gangs.minMembers(manifests);
    StringBuilder key = new StringBuilder(256);
    for (HasMetadata object : manifests) {
      Optional<Workload> workload = workloads.apply(object);
      if (workload.isEmpty()) {
        continue;
      }
      OptionalInt together = Gangs.together(object, workload.get(), minMembers);
      int total =
          workload.get().templates().stream().mapToInt(t -> Math.max(0, t.replicas())).sum();
      // a gang that needs fewer than all its pods at once: each template alone is held to that many
      boolean whole = together.isPresent() && together.getAsInt() >= total;
      List<GangFit.Need> needs = new ArrayList<>();
      List<String> roles = new ArrayList<>();
      boolean eachFits = true;
      int firstPlacement = placements.size();
      for (PodTemplate template : workload.get().templates()) {
        if (template.replicas() <= 0) {
          continue;
        }
        String written = specKey(template.spec(), key);
        Demand demand = demands.get(written);
        if (demand == null) {
          demand = Demand.of(template.spec());
          demands.put(written, demand);
        }
        Outcome outcome = outcomes.get(demand);
        if (outcome == null) {
          outcome = evaluate(demand, groups);
          outcomes.put(demand, outcome);
        }
        if (outcome.gpus() == 0 && !knowsCpuNodes) {
          continue; // a fleet of GPU pools says nothing about where CPU-only pods run
        }
        Optional<SourceLocation> source = manifests.sourceOf(object, template.specPath());
        placements.add(
            new FleetReport.Placement(
                ObjectRef.of(object),
                template.role(),
                template.specPath(),
                template.replicas(),
                outcome.gpus(),
                outcome.fitting(),
                outcome.blocked(),
                outcome.capacity(),
                together.isEmpty() ? 0 : Math.min(template.replicas(), together.getAsInt()),
                source,
                written(workload.get(), template, object, source, manifests)));
        FleetReport.Placement placed = placements.get(placements.size() - 1);
        eachFits &= placed.schedulable() && placed.pods() <= placed.capacity();
        int perGang = (template.replicas() + workload.get().groups() - 1) / workload.get().groups();
        DomainFit.of(
                placed.workload(),
                placed.gpusPerPod(),
                placed.source(),
                template,
                perGang,
                podsPerNode(demand),
                groups)
            .ifPresent(domains::add);
        needs.add(new GangFit.Need(perGang, demand.requests(), outcome.fitting(), outcome.named()));
        roles.add((template.role().isEmpty() ? "pods" : template.role()) + " " + perGang);
      }
      if (whole && needs.size() > 1 && eachFits) {
        FleetReport.Placement first = placements.get(firstPlacement);
        gangs.add(
            new FleetReport.Gang(
                first.workload(),
                first.specPath(),
                roles,
                workload.get().groups(),
                GangFit.fits(needs, groups),
                first.source()));
      }
    }
    return new FleetReport(placements, gangs, groups, domains);
  }

  /**
   * Where a template's pod spec was written, as its workload's origins say; {@code source} is where
   * the template is in {@code object}, which most templates were written in.
   */
  private static FleetReport.Written written(
      Workload workload,
      PodTemplate template,
      HasMetadata object,
      Optional<SourceLocation> source,
      ManifestSet manifests) {
    FieldOrigin origin = workload.origin(template.specPath());
    boolean here = origin.object() == object && origin.path().equals(template.specPath());
    return new FleetReport.Written(
        ObjectRef.of(origin.object()),
        origin.path(),
        here ? source : manifests.sourceOf(origin.object(), origin.path()));
  }

  /** How many pods of a demand one node of a group takes; 0 when one does not fit. */
  static long podsPerNode(Demand demand, NodeGroup group) {
    Fit fit = fit(demand, group);
    return fit.fits() ? fit.podsPerNode() : 0;
  }

  private static ToLongFunction<NodeGroup> podsPerNode(Demand demand) {
    return group -> podsPerNode(demand, group);
  }

  private static Outcome evaluate(Demand demand, List<NodeGroup> groups) {
    Map<String, String> blocked = new LinkedHashMap<>();
    List<String> fitting = new ArrayList<>();
    Map<String, Set<String>> named = new HashMap<>();
    long capacity = 0;
    for (NodeGroup group : groups) {
      Fit fit = fit(demand, group);
      if (fit.fits()) {
        fitting.add(group.name());
        capacity += fit.podsPerNode() * fit.nodes();
        admittedNames(demand, group).ifPresent(names -> named.put(group.name(), names));
      } else {
        blocked.put(group.name(), fit.reason());
      }
    }
    return new Outcome(
        List.copyOf(fitting),
        FleetReport.frozen(blocked),
        capacity,
        demand.gpus(),
        Map.copyOf(named));
  }

  /**
   * The scheduler's filters, in its order: node selection (labels, then node names where the group
   * knows them), taints, resources.
   */
  static Fit fit(Demand demand, NodeGroup group) {
    Map<String, String> labels = group.labels();
    // per node only where the host name matters: one copy of the labels per node and demand would
    // make the check grow with nodes × workloads
    List<Map<String, String>> perNode =
        byHostname(demand, group) ? perNodeLabels(group) : List.of(labels);
    for (Map.Entry<String, String> entry : demand.nodeSelector().entrySet()) {
      String has = labels.get(entry.getKey());
      if (!anyHas(perNode, entry.getKey(), entry.getValue())) {
        return Fit.no(
            "nodeSelector "
                + entry.getKey()
                + "="
                + entry.getValue()
                + (listsNodes(group) && entry.getKey().equals(NodeSelection.HOSTNAME_LABEL)
                    ? " but no node of the group has it (nodes "
                        + String.join(", ", group.nodeNames())
                        + ")"
                    : " but nodes have "
                        + (has == null
                            ? "no " + entry.getKey() + " label"
                            : entry.getKey() + "=" + has)));
      }
    }
    if (!demand.requiredTerms().isEmpty() && !anyTermMatches(demand.requiredTerms(), perNode)) {
      return Fit.no("required node affinity " + describe(demand.requiredTerms(), labels));
    }
    long nodes = admittedNodes(demand, group);
    if (nodes == 0) {
      return Fit.no(
          "required node affinity matchFields name no node of the group (nodes "
              + String.join(", ", group.nodeNames())
              + ")");
    }
    Optional<Taint> untolerated =
        NodeSelection.firstUntolerated(demand.tolerations(), group.taints());
    if (untolerated.isPresent()) {
      Taint taint = untolerated.get();
      return Fit.no(
          "untolerated taint "
              + taint.getKey()
              + (taint.getValue() == null || taint.getValue().isEmpty()
                  ? ""
                  : "=" + taint.getValue())
              + ":"
              + taint.getEffect());
    }
    long podsPerNode = Long.MAX_VALUE;
    for (Map.Entry<String, BigDecimal> request : demand.requests().entrySet()) {
      String resource = request.getKey();
      BigDecimal has = group.allocatable().get(resource);
      if (has == null) {
        if (NodeGroup.unlimitedWhenUnlisted(resource)) {
          continue;
        }
        return Fit.no("needs " + resource + " but nodes have none");
      }
      if (has.compareTo(request.getValue()) < 0) {
        return Fit.no(
            "needs "
                + plain(request.getValue())
                + " "
                + resource
                + " per pod, nodes have "
                + plain(has));
      }
      podsPerNode =
          Math.min(
              podsPerNode,
              has.divide(request.getValue(), 0, RoundingMode.FLOOR)
                  .min(BigDecimal.valueOf(1_000_000))
                  .longValue());
    }
    return new Fit(true, "", podsPerNode == Long.MAX_VALUE ? 1_000_000 : podsPerNode, nodes);
  }

  /** Whether one of the label sets has {@code value} under {@code key}. */
  private static boolean anyHas(List<Map<String, String>> perNode, String key, String value) {
    for (Map<String, String> labels : perNode) {
      if (value.equals(labels.get(key))) {
        return true;
      }
    }
    return false;
  }

  /** Whether one of the terms matches one of the label sets. */
  private static boolean anyTermMatches(
      List<NodeSelectorTerm> terms, List<Map<String, String>> perNode) {
    for (NodeSelectorTerm term : terms) {
      for (Map<String, String> labels : perNode) {
        if (NodeSelection.matches(term, labels)) {
          return true;
        }
      }
    }
    return false;
  }

  /**
   * How many of the group's nodes the demand's required terms admit by name: all of them when the
   * group does not know its nodes' names (a pool, a fleet file's group: {@code matchFields} cannot
   * be judged there) or the demand selects no node by name; its labels already match one term.
   */
  private static long admittedNodes(Demand demand, NodeGroup group) {
    return admittedNames(demand, group)
        .map(names -> (long) names.size())
        .orElse((long) group.nodeCount());
  }

  /**
   * The names of the group's nodes that the demand's required terms admit, when the demand selects
   * nodes by name and the group knows its nodes' names; empty otherwise (every node admitted).
   */
  private static Optional<Set<String>> admittedNames(Demand demand, NodeGroup group) {
    boolean byName = matchesFields(demand.requiredTerms()) || byHostname(demand, group);
    if (!byName || !group.namesKnown()) {
      return Optional.empty();
    }
    Set<String> admitted = new LinkedHashSet<>();
    for (String name : group.nodeNames()) {
      Map<String, String> labels = NodeSelection.withHostname(group.labels(), Optional.of(name));
      boolean selected =
          demand.nodeSelector().entrySet().stream()
              .allMatch(e -> e.getValue().equals(labels.get(e.getKey())));
      if (selected
          && (demand.requiredTerms().isEmpty()
              || demand.requiredTerms().stream()
                  .anyMatch(
                      t ->
                          t != null
                              && NodeSelection.matches(t, group.labels(), Optional.of(name))))) {
        admitted.add(name);
      }
    }
    return Optional.of(admitted);
  }

  /**
   * The labels each node of the group may carry: the group's, or, where the group knows its nodes'
   * names but not their {@code kubernetes.io/hostname} (node lists drop that per-node label when
   * grouping), the group's with each node's host name.
   */
  private static List<Map<String, String>> perNodeLabels(NodeGroup group) {
    if (!group.namesKnown() || group.labels().containsKey(NodeSelection.HOSTNAME_LABEL)) {
      return List.of(group.labels());
    }
    return group.nodeNames().stream()
        .map(name -> NodeSelection.withHostname(group.labels(), Optional.of(name)))
        .toList();
  }

  /**
   * Whether the group's nodes carry a label of their own, their host names (see perNodeLabels);
   * every other label they share with the group.
   */
  private static boolean listsNodes(NodeGroup group) {
    return group.namesKnown()
        && !group.labels().containsKey(NodeSelection.HOSTNAME_LABEL)
        && group.nodeNames().size() > 1;
  }

  /** Whether a term selects nodes by field (their name). */
  private static boolean matchesFields(List<NodeSelectorTerm> terms) {
    for (NodeSelectorTerm t : terms) {
      if (t != null && t.getMatchFields() != null && !t.getMatchFields().isEmpty()) {
        return true;
      }
    }
    return false;
  }

  /** Whether the demand selects nodes by their host name on a group that knows node names. */
  private static boolean byHostname(Demand demand, NodeGroup group) {
    if (!group.namesKnown() || group.labels().containsKey(NodeSelection.HOSTNAME_LABEL)) {
      return false;
    }
    if (demand.nodeSelector().containsKey(NodeSelection.HOSTNAME_LABEL)) {
      return true;
    }
    for (NodeSelectorTerm t : demand.requiredTerms()) {
      if (t != null && t.getMatchExpressions() != null) {
        for (NodeSelectorRequirement e : t.getMatchExpressions()) {
          if (e != null && NodeSelection.HOSTNAME_LABEL.equals(e.getKey())) {
            return true;
          }
        }
      }
    }
    return false;
  }

  private static String describe(List<NodeSelectorTerm> terms, Map<String, String> labels) {
    List<String> parts = new ArrayList<>();
    for (NodeSelectorTerm term : terms) {
      List<String> failing = new ArrayList<>();
      for (NodeSelectorRequirement r :
          term.getMatchExpressions() == null
              ? List.<NodeSelectorRequirement>of()
              : term.getMatchExpressions()) {
        if (!NodeSelection.matches(r.getKey(), r.getOperator(), r.getValues(), labels)) {
          String has = labels.get(r.getKey());
          failing.add(
              r.getKey()
                  + " "
                  + r.getOperator()
                  + (r.getValues() == null || r.getValues().isEmpty() ? "" : " " + r.getValues())
                  + " (nodes have "
                  + (has == null ? "no such label" : r.getKey() + "=" + has)
                  + ")");
        }
      }
      parts.add(failing.isEmpty() ? "an empty term" : String.join(" and ", failing));
    }
    return "needs " + String.join(", or ", parts);
  }

  private static String plain(BigDecimal amount) {
    return amount.stripTrailingZeros().toPlainString();
  }
}
