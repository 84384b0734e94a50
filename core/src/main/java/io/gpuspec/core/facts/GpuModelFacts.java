package io.gpuspec.core.facts;

import io.gpuspec.core.report.Finding;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * GPU004's fact: the replicas of a distributed job that train together run on one GPU model. The
 * rule {@code OneGpuModelPerJob} reports it on any workload; a job's {@code build()} throws it.
 * Which models a replica's placement admits is read by the caller (from the manifest's labels or
 * from its pools) and handed over as plain data.
 */
public final class GpuModelFacts {

  /** The id of the rule that reports these facts. */
  public static final String RULE = "GPU004";

  /**
   * Replica roles that do not train together with the others: TensorFlow's Evaluator (outside the
   * training cluster) and parameter servers, and the MPI launcher, which starts the workers.
   */
  private static final Set<String> APART = Set.of("evaluator", "ps", "launcher");

  private GpuModelFacts() {}

  /**
   * One training replica pinned to one board.
   *
   * @param role the replica's role ({@code Worker}), empty for a single-template workload
   * @param specPath the field path of its pod spec
   * @param models the catalogue models its placement admits
   * @param labels the node labels of the board it admits ({@code nvidia.com/gpu.product: X})
   */
  public record PinnedReplica(
      String role, String specPath, Set<String> models, Set<String> labels) {
    public PinnedReplica {
      Objects.requireNonNull(role, "role");
      Objects.requireNonNull(specPath, "specPath");
      models = Collections.unmodifiableSortedSet(new TreeSet<>(models));
      labels = Collections.unmodifiableSortedSet(new TreeSet<>(labels));
    }

    private String name() {
      return role.isEmpty() ? "pods" : role;
    }

    private String describe() {
      return String.join(" or ", labels);
    }
  }

  /** Whether replicas of this role train together with the others (not Evaluator, PS, Launcher). */
  public static boolean trainsTogether(String role) {
    return !APART.contains(role.toLowerCase(Locale.ROOT));
  }

  /**
   * Whether two placements admit the same boards: the same catalogue models and, under every model
   * label key both write, the same values. Two schemes naming one model are the same boards; two
   * node labels the catalogue files under one model are not.
   */
  public static boolean sameBoards(
      Set<String> models, Set<String> labels, Set<String> otherModels, Set<String> otherLabels) {
    if (!models.equals(otherModels)) {
      return false;
    }
    Map<String, Set<String>> mine = valuesByKey(labels);
    Map<String, Set<String>> theirs = valuesByKey(otherLabels);
    return mine.keySet().stream()
        .filter(theirs::containsKey)
        .allMatch(key -> Objects.equals(mine.get(key), theirs.get(key)));
  }

  /**
   * The training replicas, each pinned to one board, run on one board: else a finding at the first
   * replica that differs from the first, naming each replica's board.
   */
  public static List<Finding> oneModel(List<PinnedReplica> replicas) {
    if (replicas.isEmpty()) {
      return List.of();
    }
    PinnedReplica first = replicas.get(0);
    PinnedReplica differing =
        replicas.stream().filter(r -> !sameBoards(first, r)).findFirst().orElse(null);
    if (differing == null) {
      return List.of();
    }
    List<String> others = new ArrayList<>();
    for (PinnedReplica replica : replicas.subList(1, replicas.size())) {
      others.add(replica.name() + " to " + replica.describe());
    }
    return List.of(
        new Finding(
            differing.specPath(),
            first.name()
                + " pinned to "
                + first.describe()
                + " but "
                + String.join(", ", others)
                + "; replicas that train together must run on one GPU model",
            "pin every GPU replica that trains to one model, e.g. "
                + inTerm(first.describe())
                + " for all of them"));
  }

  private static boolean sameBoards(PinnedReplica a, PinnedReplica b) {
    return sameBoards(a.models(), a.labels(), b.models(), b.labels());
  }

  /** The first key of each label ({@code K: V[, K2: V2]}) and the labels written under it. */
  private static Map<String, Set<String>> valuesByKey(Set<String> labels) {
    Map<String, Set<String>> byKey = new TreeMap<>();
    for (String label : labels) {
      int colon = label.indexOf(": ");
      String key = colon < 0 ? label : label.substring(0, colon);
      byKey.computeIfAbsent(key, k -> new TreeSet<>()).add(label);
    }
    return byKey;
  }

  /**
   * {@code {key: K, operator: In, values: [V]}} for a label written {@code K: V}, one expression
   * per label of {@code K1: V1, K2: V2}.
   */
  public static String inTerm(String labels) {
    List<String> expressions = new ArrayList<>();
    for (String label : labels.split(", ")) {
      int colon = label.indexOf(": ");
      expressions.add(
          "{key: "
              + label.substring(0, colon)
              + ", operator: In, values: ["
              + label.substring(colon + 2)
              + "]}");
    }
    return String.join(", ", expressions);
  }
}
