package io.gpuspec.core.fleet;

import io.gpuspec.core.NodeGroup;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.IntStream;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;

/**
 * A node-by-node reference for the fleet check's gang answers: every pod of one gang is put on a
 * node of the fleet, one node at a time, by plain backtracking; the gang fits at once exactly when
 * such a placement exists. Also the random fleets the reference is compared on: 1–3 groups of 1–3
 * nodes with 0–8 GPUs each and a {@code gpu.model} label {@code a} or {@code b}.
 */
public final class GangReference {

  /** The node label that names a group's GPU model. */
  public static final String MODEL_LABEL = "gpu.model";

  private static final String GPU = "nvidia.com/gpu";

  /**
   * One template of a gang.
   *
   * @param name its role, e.g. {@code Worker}
   * @param pods its pods per gang
   * @param gpus GPUs each pod asks for
   * @param model the GPU model its pods pin with a node selector, if any
   */
  public record Role(String name, int pods, int gpus, Optional<String> model) {}

  private GangReference() {}

  /** Random fleets: 1–3 groups named {@code g0}, {@code g1}, … */
  public static Arbitrary<List<NodeGroup>> fleets() {
    Arbitrary<NodeGroup> group =
        Combinators.combine(
                Arbitraries.of("a", "b"),
                Arbitraries.integers().between(0, 8),
                Arbitraries.integers().between(1, 3))
            .as(
                (model, gpus, count) ->
                    new NodeGroup(
                        "unnamed",
                        count,
                        Map.of(MODEL_LABEL, model),
                        List.of(),
                        gpus == 0 ? Map.of() : Map.of(GPU, BigDecimal.valueOf(gpus))));
    return group.list().ofMinSize(1).ofMaxSize(3).map(GangReference::named);
  }

  private static List<NodeGroup> named(List<NodeGroup> groups) {
    List<NodeGroup> named = new ArrayList<>();
    for (int i = 0; i < groups.size(); i++) {
      NodeGroup g = groups.get(i);
      named.add(new NodeGroup("g" + i, g.nodeCount(), g.labels(), g.taints(), g.allocatable()));
    }
    return named;
  }

  /** Whether these roles' pods can all be placed at once, node by node. */
  public static boolean fits(List<Role> roles, List<NodeGroup> groups) {
    List<NodeGroup> nodeGroup = new ArrayList<>();
    List<Integer> free = new ArrayList<>();
    for (NodeGroup g : groups) {
      for (int i = 0; i < g.nodeCount(); i++) {
        nodeGroup.add(g);
        free.add(gpus(g));
      }
    }
    List<Role> pods = new ArrayList<>();
    roles.forEach(r -> IntStream.range(0, r.pods()).forEach(i -> pods.add(r)));
    return place(pods, 0, nodeGroup, free);
  }

  /** Whether one pod of the role fits some node of the fleet, alone. */
  public static boolean fitsAnyNode(Role role, List<NodeGroup> groups) {
    return groups.stream().anyMatch(g -> eligible(role, g));
  }

  private static int gpus(NodeGroup group) {
    return group.allocatable().getOrDefault(GPU, BigDecimal.ZERO).intValue();
  }

  private static boolean eligible(Role role, NodeGroup group) {
    return gpus(group) >= role.gpus()
        && role.model().map(m -> m.equals(group.labels().get(MODEL_LABEL))).orElse(true);
  }

  private static boolean place(
      List<Role> pods, int i, List<NodeGroup> nodeGroup, List<Integer> free) {
    if (i == pods.size()) {
      return true;
    }
    Role pod = pods.get(i);
    for (int n = 0; n < free.size(); n++) {
      if (eligible(pod, nodeGroup.get(n)) && free.get(n) >= pod.gpus()) {
        free.set(n, free.get(n) - pod.gpus());
        boolean placed = place(pods, i + 1, nodeGroup, free);
        free.set(n, free.get(n) + pod.gpus());
        if (placed) {
          return true;
        }
      }
    }
    return false;
  }
}
