package io.gpuspec.core;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.report.ObjectRef;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
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
 *     .build();
 * }</pre>
 *
 * <p>{@code build()} fails when two different pools share a name, when pools cannot be told apart
 * by their labels, and when two objects have the same kind, namespace and name.
 */
@Value.Immutable
@GpuSpecStyle
public abstract class Platform {

  /** Pools given with {@code addPools}, e.g. pools no workload runs on yet. */
  public abstract List<NodePool> pools();

  /** What gets rendered, in any order: output order is canonical. */
  public abstract List<ManifestSource> sources();

  /** The given pools, then those the sources place pods on, each once. */
  @Value.Lazy
  public Fleet fleet() {
    return Fleet.of(allPools());
  }

  /** Every object of the platform, in canonical order. */
  @Value.Lazy
  public ManifestSet manifests() {
    ManifestSet.Builder set = ManifestSet.builder();
    sources().forEach(source -> set.addAll(rendered(source)));
    return set.build();
  }

  private static List<HasMetadata> rendered(ManifestSource source) {
    List<HasMetadata> objects =
        InvalidSpecException.requireValue(source.toManifests(), "platform source " + source);
    InvalidSpecException.require(
        objects.stream().allMatch(Objects::nonNull),
        "platform source " + source,
        "it rendered a null object",
        "render only objects");
    return objects;
  }

  @Value.Check
  protected void validate() {
    Map<String, NodePool> byName = new HashMap<>();
    for (NodePool pool : allPools()) {
      NodePool other = byName.putIfAbsent(pool.name(), pool);
      if (other != null) {
        throw new InvalidSpecException(
            "platform pools",
            "two different pools are named \""
                + pool.name()
                + "\" ("
                + describe(other)
                + "; "
                + describe(pool)
                + ")",
            "give every pool its own name, or place the workloads on the same pool value");
      }
    }
    fleet(); // pools that cannot be told apart by their labels fail here, at build()
    Map<String, ObjectRef> seen = new HashMap<>();
    for (HasMetadata object : manifests()) {
      ObjectRef ref = ObjectRef.of(object);
      String key = ref.kind() + "/" + ref.namespace() + "/" + ref.name();
      InvalidSpecException.require(
          seen.putIfAbsent(key, ref) == null,
          "platform sources",
          "two objects are " + ref + "; the second would replace the first on the cluster",
          "give each workload its own name, or put it in another namespace");
    }
  }

  private List<NodePool> allPools() {
    Set<NodePool> all = new LinkedHashSet<>(pools());
    for (ManifestSource source : sources()) {
      String where = "platform source " + source + " nodePools";
      List<NodePool> pools = InvalidSpecException.requireValue(source.nodePools(), where);
      InvalidSpecException.require(
          pools.stream().allMatch(Objects::nonNull), where, "a pool is null", "name only pools");
      all.addAll(pools);
    }
    return List.copyOf(all);
  }

  private static String describe(NodePool pool) {
    return pool.model().name()
        + " x"
        + pool.gpusPerNode()
        + ", "
        + pool.nodeCount()
        + " node(s), "
        + pool.labelScheme().name()
        + " labels, taints "
        + pool.taints();
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

  public static final class Builder extends ImmutablePlatform.Builder {
    /** Adds things to render. */
    public Builder add(ManifestSource... sources) {
      return addSources(sources);
    }
  }
}
