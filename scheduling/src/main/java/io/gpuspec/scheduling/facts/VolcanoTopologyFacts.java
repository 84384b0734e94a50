package io.gpuspec.scheduling.facts;

import io.fabric8.kubernetes.api.model.LabelSelector;
import io.fabric8.kubernetes.api.model.LabelSelectorRequirement;
import io.gpuspec.core.NodeGroup;
import io.gpuspec.core.report.Finding;
import io.gpuspec.core.spi.Subject;
import io.gpuspec.scheduling.model.volcano.batch.Job;
import io.gpuspec.scheduling.model.volcano.batch.NetworkTopologySpec;
import io.gpuspec.scheduling.model.volcano.topology.HyperNode;
import io.gpuspec.scheduling.model.volcano.topology.MemberSelector;
import io.gpuspec.scheduling.model.volcano.topology.MemberSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * Facts of Volcano's network-topology-aware scheduling (topology.volcano.sh/v1alpha1 HyperNodes,
 * https://volcano.sh/en/docs/network_topology_aware_scheduling/): the set's HyperNode tiers run
 * from 1 without a gap (reported by SCH030); a HyperNode has members, its HyperNode members exist
 * and are of a lower tier, its name patterns compile, and with the fleet known its label-selected
 * node members are nodes of the fleet (SCH031); a Volcano Job's {@code networkTopology} names a
 * tier the set's HyperNodes have (SCH032). The DSL's {@code build()} throws the first finding.
 */
public final class VolcanoTopologyFacts {

  private VolcanoTopologyFacts() {}

  /** A HyperNode's tier, if it states one. */
  public static Optional<Integer> tier(HyperNode node) {
    return Optional.ofNullable(node.getSpec() == null ? null : node.getSpec().getTier());
  }

  /** A HyperNode's tier name, if it states one. */
  public static Optional<String> tierName(HyperNode node) {
    return Optional.ofNullable(node.getSpec() == null ? null : node.getSpec().getTierName());
  }

  private static List<MemberSpec> members(HyperNode node) {
    return node.getSpec() == null ? List.of() : node.getSpec().getMembers();
  }

  /** The tiers of the set's HyperNodes, in order. */
  public static Set<Integer> tiers(List<HyperNode> all) {
    Set<Integer> tiers = new TreeSet<>();
    all.forEach(n -> tier(n).ifPresent(tiers::add));
    return tiers;
  }

  /**
   * SCH030: the tier below a HyperNode's (down to tier 1) is a tier of the set; a gap makes a job's
   * {@code highestTierAllowed} count a tier that has no HyperNode.
   */
  public static List<Finding> tiersContiguous(HyperNode node, List<HyperNode> all) {
    Set<Integer> tiers = tiers(all);
    Optional<Integer> tier = tier(node);
    if (tier.isEmpty() || tier.get() <= 1 || tiers.contains(tier.get() - 1)) {
      return List.of();
    }
    return List.of(
        new Finding(
            "spec.tier",
            "tier "
                + tier.get()
                + ", but no HyperNode of the set has tier "
                + (tier.get() - 1)
                + " (tiers "
                + tiers
                + "); tiers count network levels from 1 up, and a job's highestTierAllowed names"
                + " a tier that has no HyperNode",
            "number the tiers 1, 2, 3, ... without a gap, or add the HyperNodes of tier "
                + (tier.get() - 1)));
  }

  /**
   * SCH031: a HyperNode has members; each name pattern compiles; each HyperNode member named
   * exactly or by a pattern that the set has is of a lower tier; and with {@code groups} (the
   * fleet's node groups, empty when not known) each node member chosen by labels matches a group.
   *
   * @return findings, each with whether it is certain (an error) or depends on objects the set may
   *     not hold (a HyperNode member not in the set: a warning)
   */
  public static List<Judged> membersValid(
      HyperNode node, List<HyperNode> all, List<NodeGroup> groups) {
    List<Judged> findings = new ArrayList<>();
    List<MemberSpec> members = members(node);
    if (members.isEmpty()) {
      findings.add(
          new Judged(
              new Finding(
                  "spec.members",
                  "no members; Volcano rejects a HyperNode without members",
                  "list its nodes or its HyperNodes of the tier below"),
              true));
    }
    Optional<Integer> tier = tier(node);
    for (int i = 0; i < members.size(); i++) {
      MemberSpec member = members.get(i);
      if (member == null || member.getSelector() == null) {
        continue;
      }
      String path = "spec.members[" + i + "].selector";
      MemberSelector selector = member.getSelector();
      Optional<Pattern> pattern = Optional.empty();
      if (selector.getRegexMatch() != null && selector.getRegexMatch().getPattern() != null) {
        try {
          pattern = Optional.of(Pattern.compile(selector.getRegexMatch().getPattern()));
        } catch (PatternSyntaxException e) {
          findings.add(
              new Judged(
                  new Finding(
                      path + ".regexMatch.pattern",
                      "\""
                          + selector.getRegexMatch().getPattern()
                          + "\" is not a regular expression ("
                          + e.getDescription()
                          + "); Volcano rejects the HyperNode",
                      "write a valid regular expression, e.g. ^node-[0-9]+$"),
                  true));
          continue;
        }
      }
      if (MemberSpec.HYPER_NODE.equals(member.getType())) {
        findings.addAll(hyperNodeMember(path, selector, pattern, tier, all));
      } else if (MemberSpec.NODE.equals(member.getType()) && selector.getLabelMatch() != null) {
        nodeMember(path, selector.getLabelMatch(), groups).ifPresent(findings::add);
      }
    }
    return findings;
  }

  /**
   * A finding and whether it is certain.
   *
   * @param certain an error when true; a warning when the set may simply not hold the object
   */
  public record Judged(Finding finding, boolean certain) {}

  private static List<Judged> hyperNodeMember(
      String path,
      MemberSelector selector,
      Optional<Pattern> pattern,
      Optional<Integer> tier,
      List<HyperNode> all) {
    List<HyperNode> matched;
    String described;
    String field;
    if (selector.getExactMatch() != null && selector.getExactMatch().getName() != null) {
      String name = selector.getExactMatch().getName();
      matched = all.stream().filter(n -> Subject.name(n).equals(name)).toList();
      described = "HyperNode \"" + name + "\"";
      field = path + ".exactMatch.name";
    } else if (pattern.isPresent()) {
      matched = all.stream().filter(n -> pattern.get().matcher(Subject.name(n)).find()).toList();
      described = "no HyperNode matching \"" + pattern.get().pattern() + "\"";
      field = path + ".regexMatch.pattern";
    } else {
      return List.of();
    }
    if (matched.isEmpty()) {
      return List.of(
          new Judged(
              new Finding(
                  field,
                  (described.startsWith("no ")
                          ? "the set has " + described
                          : described + " is not in the set")
                      + "; unless the cluster has it, the member is empty and its nodes are"
                      + " outside this HyperNode",
                  "add the member HyperNode, or fix its name"),
              false));
    }
    List<Judged> findings = new ArrayList<>();
    for (HyperNode member : matched) {
      Optional<Integer> memberTier = tier(member);
      if (tier.isPresent() && memberTier.isPresent() && memberTier.get() >= tier.get()) {
        findings.add(
            new Judged(
                new Finding(
                    field,
                    "HyperNode \""
                        + Subject.name(member)
                        + "\" has tier "
                        + memberTier.get()
                        + ", not below this HyperNode's tier "
                        + tier.get()
                        + "; a HyperNode's members are the domains of the tier below it",
                    "make the member of a lower tier, or raise this HyperNode's tier"),
                true));
      }
    }
    return findings;
  }

  private static Optional<Judged> nodeMember(
      String path, LabelSelector selector, List<NodeGroup> groups) {
    if (groups.isEmpty() || groups.stream().anyMatch(g -> selects(selector, g.labels()))) {
      return Optional.empty();
    }
    return Optional.of(
        new Judged(
            new Finding(
                path + ".labelMatch",
                "no node of the fleet carries the labels "
                    + (selector.getMatchLabels() == null ? Map.of() : selector.getMatchLabels())
                    + (selector.getMatchExpressions() == null
                            || selector.getMatchExpressions().isEmpty()
                        ? ""
                        : " and expressions")
                    + "; the HyperNode has no nodes",
                "select the labels the nodes carry, e.g. their pool's and topology labels"),
            true));
  }

  /** Whether a label selector selects nodes with these labels. */
  public static boolean selects(LabelSelector selector, Map<String, String> labels) {
    Map<String, String> match =
        selector.getMatchLabels() == null ? Map.of() : selector.getMatchLabels();
    if (!match.entrySet().stream().allMatch(e -> e.getValue().equals(labels.get(e.getKey())))) {
      return false;
    }
    List<LabelSelectorRequirement> expressions =
        selector.getMatchExpressions() == null ? List.of() : selector.getMatchExpressions();
    for (LabelSelectorRequirement r : expressions) {
      if (r == null || r.getKey() == null) {
        continue;
      }
      String value = labels.get(r.getKey());
      List<String> values = r.getValues() == null ? List.of() : r.getValues();
      boolean ok =
          switch (r.getOperator() == null ? "" : r.getOperator()) {
            case "In" -> value != null && values.contains(value);
            case "NotIn" -> value == null || !values.contains(value);
            case "Exists" -> value != null;
            case "DoesNotExist" -> value == null;
            default -> false;
          };
      if (!ok) {
        return false;
      }
    }
    return true;
  }

  /**
   * SCH032: the tier a Volcano Job's {@code spec.networkTopology} names is a tier (or tier name) of
   * the set's HyperNodes (that it gives only one of {@code highestTierAllowed} and {@code
   * highestTierName} is SCH035's, as Volcano's webhook rejects both). Nothing is said when the set
   * has no HyperNodes.
   */
  public static List<Finding> tierAllowedExists(Job job, List<HyperNode> all) {
    NetworkTopologySpec topology =
        job.getSpec() == null ? null : job.getSpec().getNetworkTopology();
    if (topology == null) {
      return List.of();
    }
    List<Finding> findings = new ArrayList<>();
    Integer allowed = topology.getHighestTierAllowed();
    String named = topology.getHighestTierName();
    if (all.isEmpty()) {
      return findings;
    }
    Set<Integer> tiers = tiers(all);
    if (allowed != null && !tiers.contains(allowed)) {
      findings.add(
          new Finding(
              "spec.networkTopology.highestTierAllowed",
              "tier "
                  + allowed
                  + " is not a tier of the set's HyperNodes (tiers "
                  + tiers
                  + "); "
                  + consequence(topology),
              "name a tier of " + tiers + ", or add HyperNodes of tier " + allowed));
    }
    Set<String> names = new TreeSet<>();
    all.forEach(n -> tierName(n).ifPresent(names::add));
    if (named != null && !names.contains(named)) {
      findings.add(
          new Finding(
              "spec.networkTopology.highestTierName",
              "\""
                  + named
                  + "\" is not the tierName of a HyperNode of the set (tier names "
                  + names
                  + "); "
                  + consequence(topology),
              names.isEmpty()
                  ? "give the HyperNodes a tierName, or use highestTierAllowed"
                  : "name one of " + names));
    }
    return findings;
  }

  private static String consequence(NetworkTopologySpec topology) {
    return NetworkTopologySpec.SOFT.equals(topology.getMode())
        ? "Volcano cannot keep the job within a HyperNode of that tier"
        : "a hard constraint on a tier without HyperNodes keeps the job Pending";
  }
}
