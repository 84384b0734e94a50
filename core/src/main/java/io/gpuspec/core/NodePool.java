package io.gpuspec.core;

import io.fabric8.kubernetes.api.model.PodSpec;
import io.gpuspec.core.facts.FleetFacts;
import io.gpuspec.core.facts.GpuFitFacts;
import io.gpuspec.core.facts.PoolView;
import io.gpuspec.core.k8s.GpuResources;
import io.gpuspec.core.k8s.NodeSelection;
import io.gpuspec.core.report.Finding;
import java.math.BigDecimal;
import java.util.ArrayList;
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
 * A group of identical GPU nodes: one GPU model, a number of GPUs per node and of nodes, the labels
 * its nodes carry under a {@link LabelScheme} and the taints that keep other pods away.
 *
 * <pre>{@code
 * NodePool a100 = NodePool.named("a100-train")
 *     .model(GpuCatalogue.A100_80GB).gpusPerNode(8).nodeCount(4)
 *     .purpose(PoolPurpose.TRAINING).interconnect(Interconnect.NVLINK)
 *     .build();
 * }</pre>
 *
 * By default the nodes are tainted {@code nvidia.com/gpu=present:NoSchedule}; {@code
 * dedicated(true)} adds {@code dedicated=gpu:NoSchedule}, {@code taints(...)} replaces both.
 *
 * <p>{@code sharing(...)} shares or partitions the GPUs (time-slicing, MPS, MIG; see {@link
 * PoolSharing}): the pool then advertises what the device plugin advertises under that sharing, its
 * nodes carry the config-selection labels (which workloads on the pool pin), and workloads placed
 * on it request the pool's resource.
 *
 * <p>A pool like another starts from it: {@code NodePool.from(a100).name("a100-b").nodeCount(2)
 * .build()}.
 */
@Value.Immutable
@GpuSpecStyle
public abstract class NodePool {

  public abstract String name();

  public abstract GpuModel model();

  public abstract int gpusPerNode();

  @Value.Default
  public int nodeCount() {
    return 1;
  }

  @Value.Default
  public LabelScheme labelScheme() {
    return LabelScheme.gfd();
  }

  @Value.Default
  public PoolPurpose purpose() {
    return PoolPurpose.TRAINING;
  }

  public abstract Optional<Interconnect> interconnect();

  /** Whether the pool also carries {@code dedicated=gpu:NoSchedule}. */
  @Value.Default
  public boolean dedicated() {
    return false;
  }

  /** Further labels of the pool's nodes (e.g. a zone); workloads placed on the pool pin them. */
  public abstract Map<String, String> extraLabels();

  /** How the GPUs are shared or partitioned; empty means whole GPUs as {@code nvidia.com/gpu}. */
  public abstract Optional<PoolSharing> sharing();

  /** The RDMA devices each node advertises (InfiniBand, RoCE); empty when none. */
  public abstract Optional<RdmaDevices> rdma();

  /** Topology levels every node of the pool shares, e.g. its zone or block. */
  public abstract Map<TopologyLevel, String> topology();

  /**
   * How the nodes spread over the domains of a level whose value differs per node (racks): the pool
   * renders one node group per domain ({@link #toNodeGroups()}).
   */
  public abstract Optional<TopologySpread> spread();

  /** Taints replacing the defaults; empty means the defaults. */
  @Value.Parameter(false)
  protected abstract List<NodeTaint> customTaints();

  /** Every label the pool's nodes carry. */
  @Value.Lazy
  public Map<String, String> nodeLabels() {
    Map<String, String> labels =
        new LinkedHashMap<>(labelScheme().nodeLabels(model(), purpose(), interconnect()));
    sharing()
        .ifPresent(
            sharing -> {
              if (labelScheme().style() == LabelScheme.Style.GFD) {
                labels.putAll(sharing.discoveredLabels(shape()));
              }
              labels.putAll(sharing.configLabels());
            });
    labels.putAll(extraLabels());
    labels.putAll(PoolTopology.labels(topology()));
    return Map.copyOf(labels);
  }

  /**
   * The labels a workload's required node affinity pins to land on this pool: the scheme's, the
   * sharing's config-selection labels and the extra labels. Under the GFD scheme the model label is
   * the one GPU Feature Discovery sets with the sharing on (e.g. {@code Tesla-T4-SHARED}).
   */
  @Value.Lazy
  public Map<String, String> selectorLabels() {
    Map<String, String> labels =
        new LinkedHashMap<>(labelScheme().selectorLabels(model(), purpose()));
    sharing()
        .ifPresent(
            sharing -> {
              if (labelScheme().style() == LabelScheme.Style.GFD) {
                String model = sharing.discoveredLabels(shape()).get(labelScheme().modelKey());
                if (model != null) {
                  labels.put(labelScheme().modelKey(), model);
                }
              }
              labels.putAll(sharing.configLabels());
            });
    labels.putAll(extraLabels());
    return labels;
  }

  /**
   * What one node advertises, by extended-resource name: {@code nvidia.com/gpu} = GPUs per node, or
   * what the device plugin advertises under the pool's sharing.
   */
  @Value.Lazy
  public Map<String, Integer> advertisedPerNode() {
    return sharing()
        .map(sharing -> Map.copyOf(new TreeMap<>(sharing.advertisedPerNode(shape()))))
        .orElse(Map.of(GpuResources.NVIDIA_GPU, gpusPerNode()));
  }

  /** How many of {@code resource} one node advertises; 0 when it advertises none. */
  public int advertisedPerNode(String resource) {
    return advertisedPerNode().getOrDefault(resource, 0);
  }

  /** The taints of the pool's nodes. */
  @Value.Lazy
  public List<NodeTaint> taints() {
    if (!customTaints().isEmpty()) {
      return customTaints();
    }
    return dedicated() ? List.of(NodeTaint.GPU, NodeTaint.DEDICATED_GPU) : List.of(NodeTaint.GPU);
  }

  /** GPUs in the whole pool. */
  public int totalGpus() {
    return Math.multiplyExact(gpusPerNode(), nodeCount()); // bounded at build(): 64 x 1,000,000
  }

  /** What the pool's {@link #sharing()} knows of it. */
  public PoolShape shape() {
    return new PoolShape(name(), model(), gpusPerNode(), nodeCount());
  }

  /**
   * The DSL's own shape, refused before the pool is rendered: GPUs per node from 1 to 64 (the DSL's
   * modelling limit; a rendered group says nothing about GPUs per node but what it allocates),
   * extra labels on keys the label scheme or the sharing already sets (the rendered labels would
   * silently hold one value of two), and a sharing that does not fit the pool. What the rendered
   * node group shows (its name, node count, labels and taints) is the fleet facts', which {@code
   * build()} throws after rendering.
   */
  @Value.Check
  protected void check() {
    String where = "node pool \"" + name() + "\"";
    InvalidSpecException.require(
        gpusPerNode() >= 1 && gpusPerNode() <= 64,
        where + " gpusPerNode",
        gpusPerNode() + " is out of range",
        "give the number of GPUs in one node, 1 to 64");
    Map<String, String> schemeLabels = labelScheme().nodeLabels(model(), purpose(), interconnect());
    for (String key : extraLabels().keySet()) {
      InvalidSpecException.require(
          !schemeLabels.containsKey(key),
          where + " extraLabels",
          "\"" + key + "\" is set by the label scheme \"" + labelScheme().name() + "\"",
          "leave it to the scheme or choose another key");
      InvalidSpecException.require(
          sharing().map(s -> !s.configLabels().containsKey(key)).orElse(true),
          where + " extraLabels",
          "\"" + key + "\" is set by the pool's sharing",
          "leave it to .sharing(...) or choose another key");
    }
    sharing().ifPresent(sharing -> sharing.validate(shape()));
    InvalidSpecException.require(
        interconnect().isEmpty() || labelScheme().interconnectKey().isPresent(),
        where + " interconnect",
        "the label scheme \""
            + labelScheme().name()
            + "\" has no interconnect key, so "
            + interconnect().map(Interconnect::labelValue).orElse("")
            + " would be written nowhere",
        "give the scheme one, e.g. LabelScheme.from(scheme).interconnectKey(\"gpu.interconnect\"),"
            + " or leave the interconnect out");
    Set<String> keys = new HashSet<>(schemeLabels.keySet());
    keys.addAll(extraLabels().keySet());
    sharing().ifPresent(s -> keys.addAll(s.configLabels().keySet()));
    rdma()
        .ifPresent(
            r ->
                InvalidSpecException.require(
                    !advertisedPerNode().containsKey(r.resource()),
                    where + " rdma",
                    "\"" + r.resource() + "\" is also a GPU resource of the pool",
                    "name the RDMA device plugin's resource, e.g. " + RdmaDevices.IB));
    PoolTopology.check(where, nodeCount(), topology(), spread(), keys);
  }

  /**
   * The fleet facts ({@link FleetFacts}) on this pool rendered as the one node group of a fleet
   * document named after the pool, thrown as FLEET010 reports them on that document.
   */
  private void requireFacts() {
    InvalidSpecException.requireNone(
        FleetFacts.RULE,
        FleetFacts.document(name()),
        FleetFacts.groups(toNodeGroups().stream().map(NodeGroup::toView).toList()));
  }

  /**
   * This pool as the scheduler sees it: its nodes' labels and taints, and what each node advertises
   * ({@link #advertisedPerNode()}: {@code nvidia.com/gpu} = GPUs per node without sharing; its
   * {@link #rdma()} devices). CPU and memory are not modelled by the pool, so they do not limit. A
   * spread pool's per-domain label is left out ({@link #toNodeGroups()} has it).
   */
  public NodeGroup toNodeGroup() {
    Map<String, BigDecimal> allocatable = new TreeMap<>();
    advertisedPerNode().forEach((name, count) -> allocatable.put(name, BigDecimal.valueOf(count)));
    rdma().ifPresent(r -> allocatable.put(r.resource(), BigDecimal.valueOf(r.perNode())));
    return new NodeGroup(
        name(),
        nodeCount(),
        nodeLabels(),
        taints().stream().map(NodeTaint::toTaint).toList(),
        allocatable);
  }

  /**
   * The pool's node groups as a fleet holds them: {@link #toNodeGroup()}, or, for a pool spread
   * over the domains of a level, one group per domain named {@code <pool>-<domain>} with the
   * level's label.
   */
  public List<NodeGroup> toNodeGroups() {
    return PoolTopology.groups(toNodeGroup(), spread());
  }

  /** Whether the pod's nodeSelector and required node affinity admit this pool's nodes. */
  public boolean selects(PodSpec spec) {
    return NodeSelection.admits(spec, nodeLabels());
  }

  /**
   * Whether a pod can be scheduled here: its node selection admits the nodes, it tolerates them.
   */
  public boolean admits(PodSpec spec) {
    return selects(spec)
        && taints().stream().filter(t -> t.effect().repels()).allMatch(t -> t.toleratedBy(spec));
  }

  /**
   * GPU005's facts ({@link GpuFitFacts}) on a pod spec at {@code specPath}, with this pool as the
   * fleet: the MIG devices its model offers and the GPUs its nodes advertise, in the rule's words.
   */
  public List<Finding> gpuFit(PodSpec spec, String specPath) {
    return gpuFit(spec, specPath, List.of(this));
  }

  /**
   * GPU005's facts on a pod spec placed on this pool, with {@code fleet} (which holds this pool) as
   * the fleet, as the rule judges it: the pod fits when one of the pools its selector admits has
   * nodes large enough, e.g. a second pool of the same model with larger nodes.
   */
  public List<Finding> gpuFit(PodSpec spec, String specPath, List<NodePool> fleet) {
    List<Finding> findings = new ArrayList<>();
    if (GpuResources.gpusPerPod(spec) <= 0) {
      return findings;
    }
    if (admits(spec)) {
      LabelScheme scheme = labelScheme();
      findings.addAll(
          GpuFitFacts.migProfiles(
              spec,
              specPath,
              modelLabel(),
              List.of(scheme.board(model())),
              scheme.modelKey(),
              GpuCatalogue.defaults().models().stream().map(scheme::board).toList()));
    }
    findings.addAll(
        GpuFitFacts.fit(spec, specPath, fleet.stream().map(NodePool::toPoolView).toList()));
    return findings;
  }

  /** This pool as the facts see it: its labels and what each node advertises, RDMA included. */
  public PoolView toPoolView() {
    Map<String, Integer> advertised = new TreeMap<>(advertisedPerNode());
    rdma().ifPresent(r -> advertised.put(r.resource(), r.perNode()));
    return new PoolView(name(), nodeLabels(), selectorLabels(), advertised);
  }

  /**
   * The model label of the pool's nodes as its scheme writes it ({@code nvidia.com/gpu.product:
   * NVIDIA-A100-SXM4-80GB}); for schemes whose model value names only the family ({@code gpu.model:
   * A100}), with the memory label too ({@code gpu.model: A100, gpu.mem: 80gb}).
   */
  public String modelLabel() {
    LabelScheme scheme = labelScheme();
    String label = scheme.modelKey() + ": " + scheme.modelValue(model());
    Map<String, String> selector = scheme.selectorLabels(model(), purpose());
    if (scheme.style() != LabelScheme.Style.GFD && scheme.memoryKey().isPresent()) {
      String memory = scheme.memoryKey().get();
      if (selector.containsKey(memory)) {
        label += ", " + memory + ": " + selector.get(memory);
      }
    }
    return label;
  }

  /** Starts a pool with this name. */
  public static Builder named(String name) {
    return new Builder().name(name);
  }

  /**
   * A builder holding everything {@code base} sets; later calls replace single values, add to lists
   * and maps, and {@code build()} checks the result as a whole.
   */
  public static Builder from(NodePool base) {
    return new Builder().from(base);
  }

  /**
   * Builds {@link NodePool} values: set the attributes, then {@code build()}, which checks them.
   */
  public static final class Builder extends ImmutableNodePool.Builder {

    /**
     * Builds the pool: the checks of the DSL's shape, then the pool rendered as a node group
     * against the fleet facts, whose first finding is thrown as FLEET010 reports it on a fleet
     * file.
     *
     * @throws InvalidSpecException when the spec is impossible
     */
    @Override
    public NodePool build() {
      NodePool pool = super.build();
      pool.requireFacts();
      return pool;
    }

    /** The pool with its shape checked but not its facts, to compare build() with the rules. */
    NodePool buildUnchecked() {
      return super.build();
    }

    /** Replaces the default taints (and any set before). */
    public Builder taints(NodeTaint... taints) {
      return customTaints(
          Arrays.asList(InvalidSpecException.requireValue(taints, "node pool builder taints")));
    }
  }

  @Override
  public String toString() {
    return "NodePool["
        + name()
        + ", "
        + model().name()
        + " x"
        + gpusPerNode()
        + sharing().map(sharing -> ", " + sharing).orElse("")
        + "]";
  }
}
