package io.gpuspec.scheduling.facts;

import io.gpuspec.core.k8s.Names;
import io.gpuspec.core.report.Finding;
import io.gpuspec.core.spi.PodTemplate;
import io.gpuspec.core.spi.Subject;
import io.gpuspec.core.spi.Workload;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The pod-set checks of Kueue's topology-aware scheduling that need more than one annotation
 * ({@code jobframework/tas_validation.go}, <a
 * href="https://kueue.sigs.k8s.io/docs/concepts/topology_aware_scheduling/">TAS</a>): a slice size
 * at most the pod set's pods ({@code ValidateSliceSizeAnnotationUpperBound}); the multi-layer
 * {@code podset-slice-required-topology-constraints} annotation (on by default since Kueue 0.19)
 * alone, a JSON list of one to three layers with label-key topologies used once and sizes of at
 * least 1 that divide the layer above; and, in a JobSet or LeaderWorkerSet, a {@code
 * podset-group-name} shared by exactly two pod sets, one of them a single pod, with the same
 * required or preferred level ({@code ValidatePodSetGroupingTopology}). Reported by SCH024 with
 * {@link KueueTopologyFacts#annotationsWellFormed}; every finding is a rejection.
 */
public final class KueuePodSetFacts {

  /** Up to three nested slice layers, each a topology level and the pods of one slice. */
  public static final String CONSTRAINTS =
      "kueue.x-k8s.io/podset-slice-required-topology-constraints";

  private static final JsonMapper JSON = JsonMapper.builder().build();
  private static final Set<String> GROUPED_KINDS = Set.of("JobSet", "LeaderWorkerSet");

  private KueuePodSetFacts() {}

  /** The slice size and the slice-layer constraints of one pod set. */
  public static List<Finding> slices(PodTemplate template) {
    Map<String, String> annotations = Subject.annotations(template.metadata());
    List<Finding> findings = new ArrayList<>();
    String size = annotations.get(KueueTopologyFacts.SLICE_SIZE);
    if (size != null
        && size.matches("[+-]?[0-9]{1,9}")
        && Integer.parseInt(size) > template.replicas()) {
      findings.add(
          rejection(
              template,
              KueueTopologyFacts.SLICE_SIZE,
              "slice size " + size + " is more than the pod set's " + template.replicas() + " pods",
              "give a slice size of at most " + template.replicas()));
    }
    String constraints = annotations.get(CONSTRAINTS);
    if (constraints != null) {
      constraints(findings, template, annotations, constraints);
    }
    return findings;
  }

  private static void constraints(
      List<Finding> findings, PodTemplate template, Map<String, String> annotations, String value) {
    for (String other :
        List.of(
            KueueTopologyFacts.SLICE_REQUIRED,
            KueueTopologyFacts.SLICE_SIZE,
            KueueTopologyFacts.GROUP_NAME)) {
      if (annotations.containsKey(other)) {
        findings.add(
            rejection(
                template,
                CONSTRAINTS,
                "the slice-layer constraints may not be given with " + other,
                "give the slices either as constraints or with " + other));
      }
    }
    List<Long[]> sizes = new ArrayList<>();
    List<String> topologies = new ArrayList<>();
    if (!parse(value, topologies, sizes)) {
      findings.add(
          rejection(
              template,
              CONSTRAINTS,
              "\"" + value + "\" is not a JSON list of {\"topology\": ..., \"size\": ...}",
              "write e.g. [{\"topology\":\"cloud.example.com/block\",\"size\":8}]"));
      return;
    }
    if (topologies.isEmpty() || topologies.size() > 3) {
      findings.add(
          rejection(
              template,
              CONSTRAINTS,
              "the constraints have " + topologies.size() + " layers; Kueue takes 1 to 3",
              "give one to three slice layers"));
      return;
    }
    Map<String, Integer> seen = new HashMap<>();
    for (int i = 0; i < topologies.size(); i++) {
      String topology = topologies.get(i);
      long layer = sizes.get(i)[0];
      String problem =
          !Names.isQualifiedName(topology)
              ? "layer " + i + " names \"" + topology + "\", not a level (a node label key)"
              : layer < 1
                  ? "layer " + i + " has size " + layer + "; a slice has at least 1 pod"
                  : seen.putIfAbsent(topology, i) != null
                      ? "layer " + i + " repeats level " + topology
                      : i > 0 && sizes.get(i - 1)[0] % layer != 0
                          ? "layer " + i + " size " + layer + " does not divide the layer above"
                          : i == 0 && layer > template.replicas()
                              ? "layer 0 size "
                                  + layer
                                  + " is more than the pod set's "
                                  + template.replicas()
                                  + " pods"
                              : null;
      if (problem != null) {
        findings.add(
            rejection(
                template,
                CONSTRAINTS,
                problem,
                "name each level once, widest first, with sizes that divide the layer above"));
      }
    }
  }

  /** Reads Go's {@code json.Unmarshal} into a list of {topology string, size int32}. */
  private static boolean parse(String value, List<String> topologies, List<Long[]> sizes) {
    JsonNode tree;
    try {
      tree = JSON.readTree(value);
    } catch (JacksonException e) {
      return false;
    }
    if (tree == null || tree.isNull()) {
      return true;
    }
    if (!tree.isArray()) {
      return false;
    }
    for (JsonNode entry : tree) {
      JsonNode topology = entry.isNull() ? null : entry.get("topology");
      JsonNode size = entry.isNull() ? null : entry.get("size");
      if (!entry.isObject() && !entry.isNull()
          || topology != null && !topology.isNull() && !topology.isString()
          || size != null
              && !size.isNull()
              && !(size.isIntegralNumber() && size.canConvertToInt())) {
        return false;
      }
      topologies.add(topology == null || topology.isNull() ? "" : topology.asString());
      sizes.add(new Long[] {size == null || size.isNull() ? 0L : size.asLong()});
    }
    return true;
  }

  /**
   * In a JobSet or LeaderWorkerSet: each pod-set group is two pod sets, at least one a single pod,
   * both asking the same required or preferred level.
   */
  public static List<Finding> groups(Workload workload) {
    String kind = workload.object().getKind();
    if (kind == null || !GROUPED_KINDS.contains(kind)) {
      return List.of();
    }
    Map<String, List<PodTemplate>> groups = new LinkedHashMap<>();
    for (PodTemplate template : workload.templates()) {
      String group = Subject.annotations(template.metadata()).get(KueueTopologyFacts.GROUP_NAME);
      if (group != null) {
        groups.computeIfAbsent(group, g -> new ArrayList<>()).add(template);
      }
    }
    List<Finding> findings = new ArrayList<>();
    groups.forEach(
        (group, members) -> {
          String problem =
              members.size() != 2
                  ? "group \"" + group + "\" has " + members.size() + " pod set(s); a group has 2"
                  : members.get(0).replicas() != 1 && members.get(1).replicas() != 1
                      ? "neither pod set of group \"" + group + "\" is a single pod"
                      : !sameLevel(members.get(0), members.get(1))
                          ? "the pod sets of group \"" + group + "\" ask different levels"
                          : null;
          if (problem != null) {
            for (PodTemplate member : members) {
              findings.add(
                  rejection(
                      member,
                      KueueTopologyFacts.GROUP_NAME,
                      problem,
                      "group a leader (one pod) with its workers, both with one required or"
                          + " preferred level"));
            }
          }
        });
    return findings;
  }

  private static boolean sameLevel(PodTemplate one, PodTemplate two) {
    Map<String, String> a = Subject.annotations(one.metadata());
    Map<String, String> b = Subject.annotations(two.metadata());
    boolean askA =
        a.containsKey(KueueTopologyFacts.REQUIRED) || a.containsKey(KueueTopologyFacts.PREFERRED);
    boolean askB =
        b.containsKey(KueueTopologyFacts.REQUIRED) || b.containsKey(KueueTopologyFacts.PREFERRED);
    return askA
        && askB
        && Objects.equals(a.get(KueueTopologyFacts.REQUIRED), b.get(KueueTopologyFacts.REQUIRED))
        && Objects.equals(a.get(KueueTopologyFacts.PREFERRED), b.get(KueueTopologyFacts.PREFERRED));
  }

  private static Finding rejection(PodTemplate template, String key, String what, String fix) {
    return Finding.rejection(
        template.metadataPath() + ".annotations[" + key + "]",
        what + "; Kueue rejects the workload",
        fix);
  }
}
