package io.gpuspec.core;

import io.fabric8.kubernetes.api.model.Affinity;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.Toleration;
import io.gpuspec.core.facts.FleetFacts;
import io.gpuspec.core.k8s.GpuTaints;
import io.gpuspec.core.k8s.NodeSelection;
import io.gpuspec.core.k8s.Quantities;
import java.math.BigDecimal;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import org.immutables.value.Value;

/**
 * A group of identical nodes without GPUs (preprocessing, data loading, serving front-ends): the
 * labels its nodes carry, which its workloads pin, the taints that keep other pods away, and what
 * one node can allocate.
 *
 * <pre>{@code
 * CpuPool cpu = CpuPool.named("cpu")
 *     .putLabel("node-type", "cpu").nodeCount(35)
 *     .cpu("62").memory("240Gi").pods(110)
 *     .build();
 * InferenceDeployment frontEnd = InferenceDeployment.named("gateway").gpus(0).onCpuPool(cpu)...
 * }</pre>
 *
 * Workloads placed on it ({@code onCpuPool}) get required node affinity to all its labels and one
 * toleration for each of its taints, never one for a GPU pool's taint. In a {@link Platform} it
 * joins the fleet, so that the fleet check judges CPU workloads by cpu, memory and pods, and
 * FLEET005 can tell whether a workload without GPUs may land on GPU nodes.
 */
@Value.Immutable
@GpuSpecStyle
public abstract class CpuPool {

  public abstract String name();

  @Value.Default
  public int nodeCount() {
    return 1;
  }

  /** The labels of the pool's nodes; workloads placed on the pool pin every one. */
  public abstract Map<String, String> labels();

  /** The taints of the pool's nodes; none by default. */
  public abstract List<NodeTaint> taints();

  /** CPU one node can allocate, e.g. {@code 62} or {@code 61500m}. */
  public abstract String cpu();

  /** Memory one node can allocate, e.g. {@code 240Gi}. */
  public abstract String memory();

  /** Pods one node can run ({@code pods} allocatable); empty leaves it unlimited. */
  public abstract Optional<Integer> pods();

  /** Topology levels every node of the pool shares, e.g. its zone. */
  public abstract Map<TopologyLevel, String> topology();

  /** How the nodes spread over the domains of a level whose value differs per node (racks). */
  public abstract Optional<TopologySpread> spread();

  /** Every label the pool's nodes carry: its labels and its shared topology levels. */
  @Value.Lazy
  public Map<String, String> nodeLabels() {
    Map<String, String> labels = new LinkedHashMap<>(labels());
    labels.putAll(PoolTopology.labels(topology()));
    return Map.copyOf(labels);
  }

  /** Required node affinity to every label of {@link #labels()}. */
  public Affinity nodeAffinity() {
    return GpuPlacement.affinity(labels(), List.of());
  }

  /** One toleration for each of the pool's taints, exactly matching it. */
  public List<Toleration> tolerations() {
    return taints().stream().map(NodeTaint::toleration).toList();
  }

  /**
   * The pool as one group of identical nodes: its labels, taints and allocatable {@code cpu},
   * {@code memory} and {@code pods}; a spread pool's per-domain label is left out ({@link
   * #toNodeGroups()} has it).
   */
  public NodeGroup toNodeGroup() {
    Map<String, BigDecimal> allocatable = new TreeMap<>();
    allocatable.put("cpu", Quantities.parse(cpu()).orElse(BigDecimal.ZERO));
    allocatable.put("memory", Quantities.parse(memory()).orElse(BigDecimal.ZERO));
    pods().ifPresent(pods -> allocatable.put("pods", BigDecimal.valueOf(pods)));
    return new NodeGroup(
        name(),
        nodeCount(),
        nodeLabels(),
        taints().stream().map(NodeTaint::toTaint).toList(),
        allocatable);
  }

  /** The pool's node groups: one, or one per domain of its {@link #spread()}. */
  public List<NodeGroup> toNodeGroups() {
    return PoolTopology.groups(toNodeGroup(), spread());
  }

  /**
   * Whether a pod can be scheduled here: its node selection admits the nodes, it tolerates them.
   */
  public boolean admits(PodSpec spec) {
    return NodeSelection.admits(spec, nodeLabels())
        && taints().stream().filter(t -> t.effect().repels()).allMatch(t -> t.toleratedBy(spec));
  }

  /**
   * The DSL's own shape: labels to pin (a pool without any could not be told from other nodes),
   * capacities that are quantities of at least 0, pods from 1, no GPU node taint (its workloads
   * tolerate the pool's taints, and so would tolerate GPU nodes), and the topology's shape. What
   * the rendered node groups show (name, count, label and taint syntax) is the fleet facts', which
   * {@code build()} throws after rendering.
   */
  @Value.Check
  protected void check() {
    String where = "cpu pool \"" + name() + "\"";
    InvalidSpecException.require(
        !labels().isEmpty(),
        where + " labels",
        "the pool has no labels, so its workloads cannot pin its nodes",
        "give its nodes' labels, e.g. .putLabel(\"node-type\", \"cpu\")");
    for (Map.Entry<String, String> capacity : Map.of("cpu", cpu(), "memory", memory()).entrySet()) {
      InvalidSpecException.require(
          Quantities.parse(capacity.getValue()).map(a -> a.signum() >= 0).orElse(false),
          where + " " + capacity.getKey(),
          "\"" + capacity.getValue() + "\" is not a quantity of 0 or more",
          "give what one node can allocate, e.g. \"62\" cpu or \"240Gi\" memory");
    }
    pods()
        .ifPresent(
            pods ->
                InvalidSpecException.require(
                    pods >= 1,
                    where + " pods",
                    pods + " pods per node",
                    "give 1 or more, e.g. 110 (the kubelet's default)"));
    for (NodeTaint taint : taints()) {
      InvalidSpecException.require(
          !GpuTaints.isGpuToleration(taint.toleration()),
          where + " taints",
          taint + " is a GPU node taint, which the pool's workloads would then tolerate",
          "taint the nodes without GPUs with a key of their own, e.g. dedicated=cpu:NoSchedule");
    }
    Set<String> keys = new HashSet<>(labels().keySet());
    PoolTopology.check(where, nodeCount(), topology(), spread(), keys);
  }

  /**
   * The fleet facts ({@link FleetFacts}) on this pool rendered as the node groups of a fleet
   * document named after the pool, thrown as FLEET010 reports them on that document.
   */
  private void requireFacts() {
    InvalidSpecException.requireNone(
        FleetFacts.RULE,
        FleetFacts.document(name()),
        FleetFacts.groups(toNodeGroups().stream().map(NodeGroup::toView).toList()));
  }

  /** Starts a pool with this name. */
  public static Builder named(String name) {
    return new Builder().name(name);
  }

  /**
   * A builder holding everything {@code base} sets; later calls replace single values, add to lists
   * and maps, and {@code build()} checks the result as a whole.
   */
  public static Builder from(CpuPool base) {
    return new Builder().from(base);
  }

  /** Builds {@link CpuPool} values: set the attributes, then {@code build()}, which checks them. */
  public static final class Builder extends ImmutableCpuPool.Builder {

    /**
     * Builds the pool: the checks of the DSL's shape, then the pool rendered as node groups against
     * the fleet facts, whose first finding is thrown as FLEET010 reports it on a fleet file.
     *
     * @throws InvalidSpecException when the spec is impossible
     */
    @Override
    public CpuPool build() {
      CpuPool pool = super.build();
      pool.requireFacts();
      return pool;
    }

    /** Replaces the taints (and any set before). */
    public Builder taints(NodeTaint... taints) {
      return taints(
          Arrays.asList(InvalidSpecException.requireValue(taints, "cpu pool builder taints")));
    }
  }

  @Override
  public String toString() {
    return "CpuPool[" + name() + ", " + cpu() + " cpu, " + memory() + "]";
  }
}
