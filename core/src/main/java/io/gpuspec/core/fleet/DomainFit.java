package io.gpuspec.core.fleet;

import io.gpuspec.core.NodeGroup;
import io.gpuspec.core.report.ObjectRef;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.report.SourceLocation;
import io.gpuspec.core.report.Violation;
import io.gpuspec.core.spi.PodTemplate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.ToLongFunction;

/**
 * Whether the pods of one pod set fit within one topology domain: a level is a node label (a rack,
 * a block, an InfiniBand or NVLink domain), a domain the nodes that carry one value of it, and a
 * domain holds as many of the pods as its nodes do together. A pod template asks for it with
 * Kueue's {@code kueue.x-k8s.io/podset-required-topology} (must: an error when no domain holds the
 * pods) or {@code podset-preferred-topology} (should: a warning with the best domain's size)
 * (https://kueue.sigs.k8s.io/docs/concepts/topology_aware_scheduling/). The level {@code
 * kubernetes.io/hostname} makes every node its own domain. Nodes without the level's label are in
 * no domain. A domain is one value of the level's label; values that repeat under different wider
 * domains are counted together, so the answer can only be too generous, never too strict.
 */
public final class DomainFit {

  /** Rule id: a pod set that must or should run within one domain of a level does not fit one. */
  public static final String NOT_WITHIN_DOMAIN = "FLEET004";

  /** The annotation that requires a pod set within one domain of the level it names. */
  public static final String REQUIRED = "kueue.x-k8s.io/podset-required-topology";

  /** The annotation that prefers a pod set within one domain of the level it names. */
  public static final String PREFERRED = "kueue.x-k8s.io/podset-preferred-topology";

  /** The level of single nodes. */
  public static final String HOSTNAME = "kubernetes.io/hostname";

  private DomainFit() {}

  /**
   * One pod set's answer.
   *
   * @param role the template's role, empty for single-template workloads
   * @param specPath the template's pod spec path, where a finding points
   * @param level the node label of the level
   * @param required whether the pods must (else should) run within one domain
   * @param pods the pods of the pod set
   * @param gpusPerPod GPUs one pod requests
   * @param largest the domain that holds the most of these pods, as {@code label=value}; empty when
   *     no node carries the level
   * @param largestHolds how many of the pods the largest domain holds at once
   * @param fitsIn the domains that hold every pod, as {@code largest} names them, the roomiest
   *     first: where the pod set can be placed
   */
  public record Answer(
      ObjectRef workload,
      String role,
      String specPath,
      String level,
      boolean required,
      int pods,
      long gpusPerPod,
      Optional<String> largest,
      long largestHolds,
      Optional<SourceLocation> source,
      List<String> fitsIn) {

    public Answer {
      fitsIn = List.copyOf(fitsIn);
    }

    /** Whether the largest domain holds every pod. */
    public boolean fits() {
      return largestHolds >= pods;
    }
  }

  /**
   * How many pods each domain of {@code level} holds: per value of the label, the sum over the
   * groups carrying it of {@code podsPerNode} times their nodes; for {@code kubernetes.io/hostname}
   * each node is a domain, named after its group.
   *
   * @param podsPerNode how many of the pods one node of a group takes (0 where they do not fit)
   */
  public static Map<String, Long> domains(
      List<NodeGroup> groups, String level, ToLongFunction<NodeGroup> podsPerNode) {
    Map<String, Long> domains = new TreeMap<>();
    for (NodeGroup group : groups) {
      long perNode = podsPerNode.applyAsLong(group);
      if (level.equals(HOSTNAME)) {
        domains.merge(group.name() + " node", perNode, Math::max);
        continue;
      }
      String value = group.labels().get(level);
      if (value != null) {
        domains.merge(value, saturated(perNode, group.nodeCount()), DomainFit::plus);
      }
    }
    return domains;
  }

  private static long saturated(long perNode, int nodes) {
    return perNode > Long.MAX_VALUE / Math.max(1, nodes) ? Long.MAX_VALUE : perNode * nodes;
  }

  private static long plus(long a, long b) {
    return a > Long.MAX_VALUE - b ? Long.MAX_VALUE : a + b;
  }

  /**
   * The answer for one pod template of a workload, when it names a level; {@code pods} is how many
   * of its pods form one pod set.
   */
  static Optional<Answer> of(
      ObjectRef workload,
      long gpusPerPod,
      Optional<SourceLocation> source,
      PodTemplate template,
      int pods,
      ToLongFunction<NodeGroup> podsPerNode,
      List<NodeGroup> groups) {
    Map<String, String> annotations = template.metadata().getAnnotations();
    if (annotations == null) {
      return Optional.empty();
    }
    String required = annotations.get(REQUIRED);
    String level = required != null ? required : annotations.get(PREFERRED);
    if (level == null || level.isEmpty()) {
      return Optional.empty();
    }
    Map<String, Long> domains = domains(groups, level, podsPerNode);
    Optional<Map.Entry<String, Long>> largest =
        domains.entrySet().stream()
            .max(Map.Entry.<String, Long>comparingByValue().thenComparing(e -> e.getKey()));
    List<String> fitsIn =
        domains.entrySet().stream()
            .filter(e -> e.getValue() >= pods)
            .sorted(
                Map.Entry.<String, Long>comparingByValue()
                    .reversed()
                    .thenComparing(Map.Entry::getKey))
            .map(e -> domainName(level, e.getKey()))
            .toList();
    return Optional.of(
        new Answer(
            workload,
            template.role(),
            template.specPath(),
            level,
            required != null,
            pods,
            gpusPerPod,
            largest.map(e -> domainName(level, e.getKey())),
            largest.map(Map.Entry::getValue).orElse(0L),
            source,
            fitsIn));
  }

  /** A domain as findings and the table name it: {@code label=value}, or one node of a group. */
  private static String domainName(String level, String domain) {
    return level.equals(HOSTNAME) ? "one " + domain : level + "=" + domain;
  }

  /** FLEET004: an error per required pod set no domain holds, a warning per preferred one. */
  static List<Violation> violations(List<Answer> answers) {
    List<Violation> violations = new ArrayList<>();
    for (Answer a : answers) {
      if (a.fits()) {
        continue;
      }
      String largest =
          a.largest()
              .map(d -> "the largest, " + d + ", holds " + amount(a.largestHolds(), a))
              .orElse("no node of the fleet has the label " + a.level());
      violations.add(
          new Violation(
              NOT_WITHIN_DOMAIN,
              a.required() ? Severity.ERROR : Severity.WARNING,
              a.workload(),
              a.specPath(),
              a.workload()
                  + (a.role().isEmpty() ? "" : " " + a.role())
                  + ": its "
                  + amount(a.pods(), a)
                  + (a.required() ? " must" : " should")
                  + " run within one domain of "
                  + a.level()
                  + ", but "
                  + largest
                  + (a.required()
                      ? "; Kueue never admits it"
                      : "; Kueue spreads it over several domains"),
              a.required()
                  ? "make the pod set smaller, require a wider level, or add nodes to a domain"
                  : "accept the spread, or make the pod set fit one domain",
              a.source()));
    }
    return violations;
  }

  /** {@code 8 pods (64 GPUs)}, or {@code 8 pods} without GPUs. */
  private static String amount(long pods, Answer a) {
    String count = pods == Long.MAX_VALUE ? "any number of" : Long.toString(pods);
    return count
        + (pods == 1 ? " pod" : " pods")
        + (a.gpusPerPod() == 0 || pods == Long.MAX_VALUE
            ? ""
            : " (" + pods * a.gpusPerPod() + " GPUs)");
  }

  /** Where a fitting pod set can go: its domains, the first three and how many more. */
  private static String fitsIn(Answer a) {
    List<String> shown = a.fitsIn().subList(0, Math.min(3, a.fitsIn().size()));
    return String.join(", ", shown)
        + (a.fitsIn().size() > shown.size()
            ? " and " + (a.fitsIn().size() - shown.size()) + " more"
            : "");
  }

  /**
   * The rows of the topology table: workload, pods, level, the largest domain and its pods, and the
   * domains that hold the pod set.
   */
  static List<List<String>> rows(List<Answer> answers) {
    List<List<String>> rows = new ArrayList<>();
    rows.add(List.of("WORKLOAD", "PODS", "WITHIN ONE", "LARGEST DOMAIN", "FITS"));
    for (Answer a : answers) {
      rows.add(
          List.of(
              a.workload() + (a.role().isEmpty() ? "" : " " + a.role()),
              Integer.toString(a.pods()),
              a.level() + (a.required() ? " (required)" : " (preferred)"),
              a.largest().map(d -> d + ": " + a.largestHolds() + " pods").orElse("none"),
              a.fits() ? "yes, in " + fitsIn(a) : "no"));
    }
    return rows;
  }
}
