package io.gpuspec.core;

import io.gpuspec.core.manifest.ManifestSet;
import java.util.List;
import org.immutables.value.Value;

/**
 * A whole GPU platform: its node pools and everything rendered onto them (workloads, priority
 * tiers, queues, tenants, sharing configs). {@link #manifests()} renders it; {@code
 * Gpuspec.check(platform)} holds the result to every rule of every module as an error, with the
 * pools known.
 */
@Value.Immutable
@GpuSpecStyle
public abstract class Platform {

  public abstract List<NodePool> pools();

  /** What gets rendered, in any order: output order is canonical. */
  public abstract List<ManifestSource> sources();

  /** The pools as a fleet. */
  @Value.Lazy
  public Fleet fleet() {
    return Fleet.of(pools());
  }

  /** Every object of the platform, in canonical order. */
  @Value.Lazy
  public ManifestSet manifests() {
    ManifestSet.Builder set = ManifestSet.builder();
    sources().forEach(source -> set.addAll(source.toManifests()));
    return set.build();
  }

  @Value.Check
  protected void validate() {
    fleet(); // pools with clashing names or indistinguishable labels fail here, at build()
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
