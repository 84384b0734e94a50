package io.gpuspec.core;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.gpuspec.core.facts.FleetFacts;
import io.gpuspec.core.facts.ObjectSetFacts;
import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.report.ObjectRef;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import org.immutables.value.Value;

/**
 * A whole GPU platform: its node pools and everything rendered onto them (workloads, priority
 * tiers, queues, tenants, sharing configs). {@link #manifests()} renders it; {@code
 * Gpuspec.check(platform)} holds the result to every rule of every module as an error, with the
 * pools known.
 *
 * <pre>{@code
 * Platform platform = Platform.builder()
 *     .add(llm, resnet)          // their pools join the fleet by themselves
 *     .addPools(spareH100)       // a pool no workload runs on yet
 *     .addCpuPools(cpu)          // nodes without GPUs
 *     .build();
 * }</pre>
 *
 * <p>{@code build()} fails when two different pools share a name (FLEET010 on the rendered fleet),
 * when pools cannot be told apart by their labels, and when two objects are the same object
 * (K8S012).
 */
@Value.Immutable
@GpuSpecStyle
public abstract class Platform {

  /** The name of the fleet document whose node groups are the platform's pools, in findings. */
  static final String FLEET_NAME = "platform";

  /** Pools given with {@code addPools}, e.g. pools no workload runs on yet. */
  public abstract List<NodePool> pools();

  /** Pools without GPUs given with {@code addCpuPools}, e.g. for preprocessing and front-ends. */
  public abstract List<CpuPool> cpuPools();

  /** What gets rendered, in any order: output order is canonical. */
  public abstract List<ManifestSource> sources();

  /** The versions of the cluster's components the platform is checked against. */
  @Value.Default
  public TargetVersions target() {
    return TargetVersions.defaults();
  }

  /** The given pools, then those the sources place pods on, each once. */
  @Value.Lazy
  public Fleet fleet() {
    return Fleet.of(allPools(), allCpuPools());
  }

  /** Every object of the platform, in canonical order. */
  @Value.Lazy
  public ManifestSet manifests() {
    ManifestSet.Builder set = ManifestSet.builder();
    sources().forEach(source -> set.addAll(rendered(source)));
    return set.build();
  }

  private static List<HasMetadata> rendered(ManifestSource source) {
    List<HasMetadata> objects = source.toManifests();
    if (objects == null) {
      InvalidSpecException.requireValue(objects, "platform source " + source);
    }
    if (!objects.stream().allMatch(Objects::nonNull)) {
      throw new InvalidSpecException(
          "platform source " + source, "it rendered a null object", "render only objects");
    }
    return objects;
  }

  /** The DSL's own shape: every source names its pools, none of them null. */
  @Value.Check
  protected void validate() {
    allPools();
    allCpuPools();
  }

  /**
   * The facts on what the platform renders, thrown as their rules report them: the fleet facts
   * ({@link FleetFacts}, FLEET010) on its pools as the node groups of a fleet document named
   * {@value #FLEET_NAME} (e.g. two different pools with one name), then K8S012 on its objects
   * ({@link ObjectSetFacts}). Pools that cannot be told apart by their labels are refused between
   * the two, by {@link Fleet}: a shape of the DSL's placement, which no rendered object shows.
   */
  private void requireFacts() {
    InvalidSpecException.requireNone(
        FleetFacts.RULE,
        FleetFacts.document(FLEET_NAME),
        FleetFacts.groups(fleetGroups().stream().map(NodeGroup::toView).toList()));
    fleet();
    ObjectSetFacts.definedOnce(manifests(), object -> Optional.empty()).stream()
        .findFirst()
        .ifPresent(
            found -> {
              throw new InvalidSpecException(
                  ObjectSetFacts.RULE, ObjectRef.of(found.object()), found.finding());
            });
  }

  /** The node groups of every pool, GPU pools first, before the fleet checks their labels. */
  private List<NodeGroup> fleetGroups() {
    List<NodeGroup> groups = new ArrayList<>();
    allPools().forEach(pool -> groups.addAll(pool.toNodeGroups()));
    allCpuPools().forEach(pool -> groups.addAll(pool.toNodeGroups()));
    return groups;
  }

  /** The given pools without GPUs, then those the sources place pods on, each once. */
  List<CpuPool> allCpuPools() {
    Set<CpuPool> all = new LinkedHashSet<>(cpuPools());
    for (ManifestSource source : sources()) {
      List<CpuPool> pools = source.cpuPools();
      if (pools == null || !pools.stream().allMatch(Objects::nonNull)) {
        // the message names the source, whose text is costly: made only when it is needed
        String where = "platform source " + source + " cpuPools";
        InvalidSpecException.requireValue(pools, where);
        throw new InvalidSpecException(where, "a pool is null", "name only pools");
      }
      all.addAll(pools);
    }
    return List.copyOf(all);
  }

  /** The given pools, then those the sources place pods on, each once. */
  List<NodePool> allPools() {
    Set<NodePool> all = new LinkedHashSet<>(pools());
    for (ManifestSource source : sources()) {
      List<NodePool> pools = source.nodePools();
      if (pools == null || !pools.stream().allMatch(Objects::nonNull)) {
        // the message names the source, whose text is costly: made only when it is needed
        String where = "platform source " + source + " nodePools";
        InvalidSpecException.requireValue(pools, where);
        throw new InvalidSpecException(where, "a pool is null", "name only pools");
      }
      all.addAll(pools);
    }
    return List.copyOf(all);
  }

  public static Builder builder() {
    return new Builder();
  }

  /**
   * A builder holding everything {@code base} sets; later calls replace single values, add to lists
   * and maps, and {@code build()} checks the result as a whole.
   */
  public static Builder from(Platform base) {
    return new Builder().from(base);
  }

  /**
   * Builds {@link Platform} values: set the attributes, then {@code build()}, which checks them.
   */
  public static final class Builder extends ImmutablePlatform.Builder {
    /** Adds things to render. */
    public Builder add(ManifestSource... sources) {
      return addSources(sources);
    }

    /**
     * Builds the platform: its sources' pools, then the facts on its rendered fleet and objects,
     * whose first finding is thrown as its rule reports it.
     *
     * @throws InvalidSpecException when the spec is impossible
     */
    @Override
    public Platform build() {
      Platform platform = super.build();
      platform.requireFacts();
      return platform;
    }

    /** The platform with its shape checked but not its facts, to compare build() with the rules. */
    Platform buildUnchecked() {
      return super.build();
    }
  }
}
