package io.gpuspec.scheduling;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.gpuspec.core.GpuSpecStyle;
import io.gpuspec.core.InvalidSpecException;
import io.gpuspec.core.ManifestSource;
import io.gpuspec.core.NodePool;
import io.gpuspec.core.NodeTaint;
import io.gpuspec.scheduling.facts.KueueTopologyFacts;
import io.gpuspec.scheduling.facts.KueueWebhookFacts;
import io.gpuspec.scheduling.model.kueue.ResourceFlavor;
import io.gpuspec.scheduling.model.kueue.ResourceFlavorSpec;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.immutables.value.Value;

/**
 * A Kueue {@code ResourceFlavor} ({@code kueue.x-k8s.io/v1beta2}) that ties quota to one node pool
 * (https://kueue.sigs.k8s.io/docs/concepts/resource_flavor/):
 *
 * <ul>
 *   <li>{@code nodeLabels}: the labels workloads on the pool select (the pool's selector labels);
 *       Kueue injects them into admitted pods as a node selector;
 *   <li>{@code nodeTaints}: the pool's taints, so that Kueue knows what the nodes repel;
 *   <li>{@code topologyName}: the {@link KueueTopology} Kueue places admitted pod sets by (it needs
 *       node labels, so that Kueue knows which nodes' topology labels to read);
 *   <li>{@code tolerations}: one exact toleration per taint, which Kueue adds to admitted pods so
 *       they can land on the tainted pool. With matching tolerations the flavor's {@code
 *       nodeTaints} are not considered at admission; set {@code injectTolerations(false)} to make
 *       workloads tolerate the taints themselves to be admitted to this flavor.
 * </ul>
 *
 * <pre>{@code
 * KueueFlavor a100 = KueueFlavor.forPool(a100Train).build();   // named like the pool
 * }</pre>
 *
 * <p>Checked at build with SCH020's fact ({@link KueueWebhookFacts#taintsUnique}): taints are
 * unique by key and effect, as Kueue's webhook requires; and SCH026's ({@link
 * KueueTopologyFacts#topologyFlavorHasNodeLabels}): a flavor with a Topology has node labels. The
 * value itself checks the limits the CRD states (at most 8 node labels, 8 taints and 8 tolerations;
 * hand-written YAML is held to them by the cel module's CRD001).
 */
@Value.Immutable
@GpuSpecStyle
public abstract class KueueFlavor implements ManifestSource {

  /** The most node labels, taints or tolerations a ResourceFlavor may list. */
  public static final int MAX_ENTRIES = 8;

  public abstract String name();

  /** Labels of the flavor's nodes. */
  public abstract Map<String, String> nodeLabels();

  /** Taints of the flavor's nodes. */
  public abstract List<NodeTaint> nodeTaints();

  /** The Topology for topology-aware scheduling, by name. */
  public abstract Optional<String> topologyName();

  /** Whether Kueue adds a toleration of each node taint to admitted pods. */
  @Value.Default
  public boolean injectTolerations() {
    return true;
  }

  /** The value of {@code app.kubernetes.io/part-of}. */
  @Value.Default
  public String partOf() {
    return Meta.DEFAULT_PART_OF;
  }

  @Override
  public List<HasMetadata> toManifests() {
    return List.of(toResourceFlavor());
  }

  /** The rendered ResourceFlavor. */
  public ResourceFlavor toResourceFlavor() {
    ResourceFlavorSpec spec = new ResourceFlavorSpec();
    spec.setNodeLabels(new TreeMap<>(nodeLabels()));
    spec.setNodeTaints(nodeTaints().stream().map(NodeTaint::toTaint).toList());
    if (injectTolerations()) {
      spec.setTolerations(nodeTaints().stream().map(NodeTaint::toleration).toList());
    }
    topologyName().ifPresent(spec::setTopologyName);
    return new ResourceFlavor(Meta.clusterScoped(name(), partOf()), spec);
  }

  @Value.Check
  protected void check() {
    String where = "resource flavor \"" + name() + "\"";
    Meta.requireSubdomain(where, name());
    Meta.requireLabels(where + " nodeLabels", nodeLabels());
    InvalidSpecException.require(
        nodeLabels().size() <= MAX_ENTRIES,
        where + " nodeLabels",
        nodeLabels().size() + " labels, more than the " + MAX_ENTRIES + " Kueue accepts",
        "keep the labels that tell the pool apart");
    InvalidSpecException.require(
        nodeTaints().size() <= MAX_ENTRIES,
        where + " nodeTaints",
        nodeTaints().size() + " taints, more than the " + MAX_ENTRIES + " Kueue accepts",
        "give the pool at most " + MAX_ENTRIES + " taints");
    topologyName().ifPresent(t -> Meta.requireSubdomain(where + " topologyName", t));
    Meta.requirePartOf(where, partOf());
  }

  /** Starts a flavor with this name. */
  public static Builder named(String name) {
    return new Builder().name(name);
  }

  /**
   * Starts a flavor for a node pool: named like the pool, its selector labels as node labels, its
   * taints as node taints (and tolerations).
   */
  public static Builder forPool(NodePool pool) {
    Builder builder = named(pool.name());
    builder.putAllNodeLabels(pool.selectorLabels());
    builder.addAllNodeTaints(pool.taints());
    return builder;
  }

  /**
   * Builds {@link KueueFlavor} values: set the attributes, then {@code build()}, which checks them.
   */
  public static final class Builder extends ImmutableKueueFlavor.Builder {
    /** Builds the flavor; one the rules would refuse fails with their finding. */
    @Override
    public KueueFlavor build() {
      KueueFlavor flavor = super.build();
      ResourceFlavor rendered = flavor.toResourceFlavor();
      Meta.requireNone(rendered, "SCH020", KueueWebhookFacts.taintsUnique(rendered));
      Meta.requireNone(
          rendered, "SCH026", KueueTopologyFacts.topologyFlavorHasNodeLabels(rendered));
      return flavor;
    }

    /** Places the flavor's workloads by this Topology's levels (its {@code topologyName}). */
    public Builder topology(KueueTopology topology) {
      return (Builder) topologyName(topology.name());
    }

    /** Builds without the rules' facts, to compare {@link #build()} with the rules. */
    KueueFlavor buildUnchecked() {
      return super.build();
    }
  }

  @Override
  public String toString() {
    return "KueueFlavor[" + name() + "]";
  }
}
