package io.gpuspec.scheduling;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.gpuspec.core.Fleet;
import io.gpuspec.core.InvalidSpecException;
import io.gpuspec.core.Labels;
import io.gpuspec.core.ManifestSource;
import io.gpuspec.core.NodeGroup;
import io.gpuspec.scheduling.facts.VolcanoTopologyFacts;
import io.gpuspec.scheduling.model.volcano.topology.HyperNode;
import io.gpuspec.scheduling.model.volcano.topology.HyperNodeSpec;
import io.gpuspec.scheduling.model.volcano.topology.MemberSelector;
import io.gpuspec.scheduling.model.volcano.topology.MemberSpec;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Volcano {@code HyperNode}s ({@code topology.volcano.sh/v1alpha1}) generated from the topology
 * labels of a fleet's node groups, for network-topology-aware scheduling
 * (https://volcano.sh/en/docs/network_topology_aware_scheduling/). Given the labels of the tiers
 * from the narrowest (tier 1, e.g. a rack or an NVLink domain) to the widest (e.g. a block):
 *
 * <ul>
 *   <li>a tier-1 HyperNode per value of the first label, whose members are the nodes carrying that
 *       value and the values of the wider labels ({@code labelMatch});
 *   <li>a tier-{@code n} HyperNode per value of the {@code n}-th label, whose members are the
 *       HyperNodes of tier {@code n-1} under it ({@code exactMatch}).
 * </ul>
 *
 * Nodes without every tier label are in no HyperNode. Each HyperNode is named {@code <tier
 * name>-<values from the widest down>}, its tier name the label's last segment (e.g. {@code rack}).
 *
 * <pre>{@code
 * VolcanoHyperNodes tiers = VolcanoHyperNodes.fromFleet(fleet,
 *     List.of("topology.example.com/rack", "topology.example.com/block"));
 * }</pre>
 *
 * <p>Checked when made with SCH030's and SCH031's facts ({@link VolcanoTopologyFacts}): the tiers
 * have no gap, the members exist and are of the tier below, and the label-selected nodes are nodes
 * of the fleet. The labels themselves must be one or more distinct label keys that a group carries.
 */
public final class VolcanoHyperNodes implements ManifestSource {

  private final List<HyperNode> hyperNodes;
  private final List<NodeGroup> groups;

  private VolcanoHyperNodes(List<HyperNode> hyperNodes, List<NodeGroup> groups) {
    this.hyperNodes = List.copyOf(hyperNodes);
    this.groups = List.copyOf(groups);
  }

  /**
   * The HyperNodes of a fleet's tiers; one the rules would refuse fails with their finding.
   *
   * @param tierLabels the node labels of tier 1, 2, ..., from the narrowest to the widest domain
   */
  public static VolcanoHyperNodes fromFleet(Fleet fleet, List<String> tierLabels) {
    VolcanoHyperNodes nodes = render(fleet, tierLabels);
    nodes.requireFacts();
    return nodes;
  }

  /** Renders without the rules' facts, to compare {@link #fromFleet} with the rules. */
  static VolcanoHyperNodes render(Fleet fleet, List<String> tierLabels) {
    InvalidSpecException.requireValue(fleet, "hyper nodes fleet");
    InvalidSpecException.requireValue(tierLabels, "hyper nodes tier labels");
    String where = "hyper nodes";
    InvalidSpecException.require(
        !tierLabels.isEmpty() && new HashSet<>(tierLabels).size() == tierLabels.size(),
        where + " tierLabels",
        "tier labels " + tierLabels + " are empty or repeat a label",
        "give each tier's node label once, from the narrowest (rack) to the widest (block)");
    for (String label : tierLabels) {
      InvalidSpecException.require(
          Labels.isQualifiedName(label),
          where + " tierLabels",
          "\"" + label + "\" is not a node label key",
          "give label keys, e.g. topology.kubernetes.io/zone");
    }
    List<NodeGroup> inTiers =
        fleet.groups().stream()
            .filter(g -> tierLabels.stream().allMatch(g.labels()::containsKey))
            .toList();
    InvalidSpecException.require(
        !inTiers.isEmpty(),
        where,
        "no node group carries every tier label " + tierLabels,
        "label the pools with their topology (rack, block, ...), or give the labels they have");
    List<HyperNode> rendered = new ArrayList<>();
    for (int tier = 1; tier <= tierLabels.size(); tier++) {
      List<String> wider = tierLabels.subList(tier - 1, tierLabels.size());
      Map<String, Map<String, String>> domains = new TreeMap<>();
      for (NodeGroup group : inTiers) {
        Map<String, String> values = new LinkedHashMap<>();
        for (int i = wider.size() - 1; i >= 0; i--) {
          values.put(wider.get(i), group.labels().get(wider.get(i)));
        }
        domains.putIfAbsent(name(tierLabels.get(tier - 1), values), values);
      }
      for (Map.Entry<String, Map<String, String>> domain : domains.entrySet()) {
        rendered.add(hyperNode(tier, tierLabels, domain.getKey(), domain.getValue(), inTiers));
      }
    }
    return new VolcanoHyperNodes(rendered, fleet.groups());
  }

  private static HyperNode hyperNode(
      int tier,
      List<String> tierLabels,
      String name,
      Map<String, String> values,
      List<NodeGroup> inTiers) {
    HyperNodeSpec spec = new HyperNodeSpec();
    spec.setTier(tier);
    spec.setTierName(tierName(tierLabels.get(tier - 1)));
    if (tier == 1) {
      spec.setMembers(
          List.of(new MemberSpec(MemberSpec.NODE, MemberSelector.labels(new TreeMap<>(values)))));
    } else {
      String lower = tierLabels.get(tier - 2);
      Set<String> members = new TreeSet<>();
      for (NodeGroup group : inTiers) {
        boolean under =
            values.entrySet().stream()
                .allMatch(e -> e.getValue().equals(group.labels().get(e.getKey())));
        if (under) {
          Map<String, String> memberValues = new LinkedHashMap<>(values);
          memberValues.put(lower, group.labels().get(lower));
          members.add(name(lower, memberValues));
        }
      }
      spec.setMembers(
          members.stream()
              .map(m -> new MemberSpec(MemberSpec.HYPER_NODE, MemberSelector.exact(m)))
              .toList());
    }
    return new HyperNode(Meta.clusterScoped(name, Meta.DEFAULT_PART_OF), spec);
  }

  /** {@code <tier name>-<values from the widest down>}, as a DNS subdomain. */
  private static String name(String label, Map<String, String> valuesWidestFirst) {
    String raw = tierName(label) + "-" + String.join("-", valuesWidestFirst.values());
    String name = raw.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9.-]", "-");
    return name.replaceAll("^[^a-z0-9]+|[^a-z0-9]+$", "");
  }

  /** The last segment of a label key, e.g. {@code rack} for {@code topology.example.com/rack}. */
  private static String tierName(String label) {
    String last = label.substring(label.lastIndexOf('/') + 1);
    return last.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9-]", "-");
  }

  /** Throws the first finding of SCH030 and SCH031 on the rendered HyperNodes. */
  private void requireFacts() {
    for (HyperNode node : hyperNodes) {
      Meta.requireNone(node, "SCH030", VolcanoTopologyFacts.tiersContiguous(node, hyperNodes));
      Meta.requireNone(
          node,
          "SCH031",
          VolcanoTopologyFacts.membersValid(node, hyperNodes, groups).stream()
              .map(VolcanoTopologyFacts.Judged::finding)
              .toList());
    }
  }

  /** The HyperNodes, tier 1 first, then by name. */
  public List<HyperNode> hyperNodes() {
    return hyperNodes;
  }

  @Override
  public List<HasMetadata> toManifests() {
    return List.copyOf(hyperNodes);
  }

  @Override
  public String toString() {
    return "VolcanoHyperNodes" + hyperNodes.stream().map(n -> n.getMetadata().getName()).toList();
  }
}
