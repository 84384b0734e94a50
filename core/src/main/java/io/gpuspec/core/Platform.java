package io.gpuspec.core;

import io.gpuspec.core.check.CheckOptions;
import io.gpuspec.core.check.Report;
import io.gpuspec.core.check.RuleEngine;
import io.gpuspec.core.manifest.ManifestSet;
import java.util.List;
import org.immutables.value.Value;

/**
 * A whole GPU platform: its node pools and everything rendered onto them (workloads, priority
 * tiers, queues, tenants, sharing configs). {@link #manifests()} renders it; {@link #check()} holds
 * the result to every rule as an error, with the pools known.
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

  /** The options DSL output is checked with: the fleet known, warnings as errors. */
  public CheckOptions checkOptions() {
    return CheckOptions.builder().fleet(fleet()).strict(true).build();
  }

  /** Runs every rule on the classpath over {@link #manifests()}. */
  public Report check() {
    return RuleEngine.defaults().check(manifests(), checkOptions());
  }

  @Value.Check
  protected void validate() {
    fleet(); // pools with clashing names or indistinguishable labels fail here, at build()
  }

  public static Builder builder() {
    return new Builder();
  }

  public static final class Builder extends ImmutablePlatform.Builder {
    /** Adds things to render. */
    public Builder add(ManifestSource... sources) {
      return addSources(sources);
    }
  }
}
