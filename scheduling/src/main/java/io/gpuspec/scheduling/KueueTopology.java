package io.gpuspec.scheduling;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.gpuspec.core.GpuSpecStyle;
import io.gpuspec.core.InvalidSpecException;
import io.gpuspec.core.Labels;
import io.gpuspec.core.ManifestSource;
import io.gpuspec.scheduling.facts.KueueTopologyFacts;
import io.gpuspec.scheduling.model.kueue.Topology;
import io.gpuspec.scheduling.model.kueue.TopologyLevel;
import io.gpuspec.scheduling.model.kueue.TopologySpec;
import java.util.List;
import org.immutables.value.Value;

/**
 * A Kueue {@code Topology} ({@code kueue.x-k8s.io/v1beta2}) for topology-aware scheduling
 * (https://kueue.sigs.k8s.io/docs/concepts/topology_aware_scheduling/): the node labels of the data
 * centre's levels, from the widest to the narrowest.
 *
 * <pre>{@code
 * KueueTopology dc = KueueTopology.named("datacenter")
 *     .addLevels("cloud.google.com/gce-topology-block", "cloud.google.com/gce-topology-subblock",
 *         "kubernetes.io/hostname")
 *     .build();
 * KueueFlavor h100 = KueueFlavor.forPool(h100Train).topology(dc).build();
 * }</pre>
 *
 * <p>Checked at build with SCH028's fact ({@link KueueTopologyFacts#levelsValid}): the levels are
 * unique and {@code kubernetes.io/hostname} is only the last. The value itself refuses no level or
 * more than {@value KueueTopologyFacts#MAX_LEVELS}, as the CRD does, and a level that is not a
 * label key.
 */
@Value.Immutable
@GpuSpecStyle
public abstract class KueueTopology implements ManifestSource {

  public abstract String name();

  /** The levels' node labels, from the widest (e.g. a block) to the narrowest (e.g. a host). */
  public abstract List<String> levels();

  /** The value of {@code app.kubernetes.io/part-of}. */
  @Value.Default
  public String partOf() {
    return Meta.DEFAULT_PART_OF;
  }

  @Override
  public List<HasMetadata> toManifests() {
    return List.of(toTopology());
  }

  /** The rendered Topology. */
  public Topology toTopology() {
    TopologySpec spec = new TopologySpec();
    spec.setLevels(levels().stream().map(TopologyLevel::new).toList());
    return new Topology(Meta.clusterScoped(name(), partOf()), spec);
  }

  @Value.Check
  protected void check() {
    String where = "topology \"" + name() + "\"";
    Meta.requireSubdomain(where, name());
    InvalidSpecException.require(
        !levels().isEmpty() && levels().size() <= KueueTopologyFacts.MAX_LEVELS,
        where + " levels",
        levels().size() + " levels; a Topology has 1 to " + KueueTopologyFacts.MAX_LEVELS,
        "list the node labels of the levels, from the widest to the narrowest");
    levels()
        .forEach(
            level ->
                InvalidSpecException.require(
                    Labels.isQualifiedName(level),
                    where + " levels",
                    "\"" + level + "\" is not a node label key",
                    "give label keys, e.g. topology.kubernetes.io/zone"));
    Meta.requirePartOf(where, partOf());
  }

  /** Starts a Topology with this name. */
  public static Builder named(String name) {
    return new Builder().name(name);
  }

  /**
   * Builds {@link KueueTopology} values: set the attributes, then {@code build()}, which checks
   * them.
   */
  public static final class Builder extends ImmutableKueueTopology.Builder {
    /** Builds the Topology; one the rules would refuse fails with their finding. */
    @Override
    public KueueTopology build() {
      KueueTopology topology = super.build();
      Topology rendered = topology.toTopology();
      Meta.requireNone(
          rendered, "SCH028", KueueTopologyFacts.levelsValid(rendered, List.of(), List.of()));
      return topology;
    }

    /** Builds without the rules' facts, to compare {@link #build()} with the rules. */
    KueueTopology buildUnchecked() {
      return super.build();
    }
  }

  @Override
  public String toString() {
    return "KueueTopology[" + name() + "]";
  }
}
