package io.gpuspec.core.facts;

import io.fabric8.kubernetes.api.model.Taint;
import io.gpuspec.core.k8s.Names;
import io.gpuspec.core.report.Finding;
import io.gpuspec.core.report.ObjectRef;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The node groups of a fleet (a gpuspec {@code Fleet} document's {@code spec.nodeGroups}) as
 * Kubernetes would take their nodes: a group is named by a DNS-1123 label, unique in the fleet, and
 * has 1 to 1,000,000 nodes; its labels have qualified keys and label values; its taints have a
 * qualified key, a label value and an effect, and each key and effect once (<a
 * href="https://kubernetes.io/docs/concepts/scheduling-eviction/taint-and-toleration/">Taints and
 * Tolerations</a>, as the API server validates a Node); its allocatable amounts are not negative.
 * Reported as {@value #RULE} by the fleet file reader; {@code NodePool.build()} and {@code
 * Platform.build()} throw the first finding on the fleet they render.
 */
public final class FleetFacts {

  /** The id of the fleet file problems these facts are reported as. */
  public static final String RULE = "FLEET010";

  /** The API version of a gpuspec fleet document. */
  public static final String API_VERSION = "gpuspec.io/v1alpha1";

  /** The kind of a gpuspec fleet document. */
  public static final String KIND = "Fleet";

  /** The most nodes a group may have: more than any cluster runs. */
  public static final long MAX_COUNT = 1_000_000;

  /** The taint effects Kubernetes knows. */
  public static final Set<String> EFFECTS = Set.of("NoSchedule", "PreferNoSchedule", "NoExecute");

  private FleetFacts() {}

  /** The fleet document named {@code name}, as a finding's object. */
  public static ObjectRef document(String name) {
    return new ObjectRef(API_VERSION, KIND, "", name);
  }

  /** The path of the {@code index}th node group of a fleet document. */
  public static String path(int index) {
    return "spec.nodeGroups[" + index + "]";
  }

  /** Every group's facts at its path, then each name given twice ({@link #names}). */
  public static List<Finding> groups(List<NodeGroupView> groups) {
    List<Finding> findings = new ArrayList<>();
    for (int i = 0; i < groups.size(); i++) {
      findings.addAll(group(groups.get(i), path(i)));
    }
    findings.addAll(names(groups));
    return findings;
  }

  /** Each group name given twice in a fleet, at the later group's name. */
  public static List<Finding> names(List<NodeGroupView> groups) {
    List<Finding> findings = new ArrayList<>();
    Map<String, Integer> first = new HashMap<>();
    for (int i = 0; i < groups.size(); i++) {
      NodeGroupView group = groups.get(i);
      Integer earlier = first.putIfAbsent(group.name(), i);
      if (earlier != null && !group.name().isEmpty()) {
        findings.add(
            new Finding(
                path(i) + ".name",
                "\"" + group.name() + "\" is also the name of " + path(earlier),
                "give every node group its own name"));
      }
    }
    return findings;
  }

  /** One group's facts: name, count, labels, taints and allocatable, under {@code path}. */
  public static List<Finding> group(NodeGroupView group, String path) {
    List<Finding> findings = new ArrayList<>();
    name(group.name(), path + ".name", findings);
    if (group.count() < 1 || group.count() > MAX_COUNT) {
      findings.add(
          new Finding(
              path + ".count",
              group.count() + " nodes is outside 1 to " + MAX_COUNT,
              "give the number of nodes in the group, at least 1"));
    }
    labels(group.labels(), path + ".labels", findings);
    taints(group.taints(), path + ".taints", findings);
    group
        .allocatable()
        .forEach(
            (resource, amount) -> {
              if (amount.signum() < 0) {
                findings.add(
                    new Finding(
                        path + ".allocatable[" + resource + "]",
                        amount.stripTrailingZeros().toPlainString() + " is negative",
                        "give what one node can allocate, 0 or more"));
              }
            });
    return findings;
  }

  private static void name(String name, String path, List<Finding> findings) {
    if (name.isEmpty()) {
      findings.add(new Finding(path, "the group has no name", "name the group, e.g. a100-train"));
    } else if (!Names.isDns1123Label(name)) {
      findings.add(
          new Finding(
              path,
              "\"" + name + "\" is not a DNS-1123 label (at most 63 of [a-z0-9-])",
              "use lower-case letters, digits and '-', at most 63 characters, e.g. a100-train"));
    }
  }

  private static void labels(Map<String, String> labels, String path, List<Finding> findings) {
    labels.forEach(
        (key, value) -> {
          if (!Names.isQualifiedName(key)) {
            findings.add(
                new Finding(
                    path + "[" + key + "]",
                    "\"" + key + "\" is not a label key",
                    "use an optional DNS-1123 subdomain prefix and '/', then at most 63 letters,"
                        + " digits, '-', '_' or '.', e.g. example.com/gpu-pool"));
          } else if (!Names.isValue(value)) {
            findings.add(
                new Finding(
                    path + "[" + key + "]",
                    "\"" + value + "\" is not a label value",
                    "use at most 63 letters, digits, '-', '_' or '.', starting and ending"
                        + " alphanumeric"));
          }
        });
  }

  private static void taints(List<Taint> taints, String path, List<Finding> findings) {
    Map<String, Integer> first = new HashMap<>();
    for (int i = 0; i < taints.size(); i++) {
      Taint taint = taints.get(i);
      String at = path + "[" + i + "]";
      String key = taint.getKey() == null ? "" : taint.getKey();
      String value = taint.getValue() == null ? "" : taint.getValue();
      String effect = taint.getEffect() == null ? "" : taint.getEffect();
      if (!Names.isQualifiedName(key)) {
        findings.add(
            new Finding(
                at + ".key",
                "\"" + key + "\" is not a taint key",
                "use a label key such as nvidia.com/gpu or dedicated"));
      }
      if (!Names.isValue(value)) {
        findings.add(
            new Finding(
                at + ".value",
                "\"" + value + "\" is not a taint value",
                "use a label value: at most 63 letters, digits, '-', '_' or '.', or none"));
      }
      if (!EFFECTS.contains(effect)) {
        findings.add(
            new Finding(
                at + ".effect",
                "\"" + effect + "\" is not a taint effect",
                "use one of NoSchedule, PreferNoSchedule or NoExecute"));
        continue;
      }
      Integer earlier = first.putIfAbsent(key + ":" + effect, i);
      if (earlier != null) {
        findings.add(
            new Finding(
                at,
                "key \""
                    + key
                    + "\" and effect "
                    + effect
                    + " are also those of "
                    + path
                    + "["
                    + earlier
                    + "]",
                "give each key and effect one taint, as the API server requires"));
      }
    }
  }
}
