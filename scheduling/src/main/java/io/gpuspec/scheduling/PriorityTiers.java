package io.gpuspec.scheduling;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.scheduling.v1.PriorityClass;
import io.gpuspec.core.GpuSpecStyle;
import io.gpuspec.core.InvalidSpecException;
import io.gpuspec.core.ManifestSource;
import io.gpuspec.core.facts.PriorityClassFacts;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.immutables.value.Value;

/**
 * The priority tiers of a cluster, rendered as PriorityClasses sorted by name. Checked at build:
 * names are unique, and, with K8S006's fact on the rendered classes ({@link
 * PriorityClassFacts#singleGlobalDefault}), at most one tier is the global default (admission
 * rejects a second one,
 * https://kubernetes.io/docs/concepts/scheduling-eviction/pod-priority-preemption/#priorityclass).
 *
 * <pre>{@code
 * PriorityTiers tiers = PriorityTiers.standard();   // inference-critical, training-normal, experiment-low
 * }</pre>
 */
@Value.Immutable
@GpuSpecStyle
public abstract class PriorityTiers implements ManifestSource {

  public abstract List<PriorityTier> tiers();

  /** The tier pods naming no class get, if any. */
  public Optional<PriorityTier> globalDefault() {
    return tiers().stream().filter(PriorityTier::globalDefault).findFirst();
  }

  /** The tier with this name. */
  public Optional<PriorityTier> tier(String name) {
    return tiers().stream().filter(t -> t.name().equals(name)).findFirst();
  }

  @Override
  public List<HasMetadata> toManifests() {
    return tiers().stream()
        .sorted(Comparator.comparing(PriorityTier::name))
        .map(PriorityTier::toPriorityClass)
        .map(HasMetadata.class::cast)
        .toList();
  }

  @Value.Check
  protected void check() {
    Set<String> names = new HashSet<>();
    for (PriorityTier tier : tiers()) {
      InvalidSpecException.require(
          names.add(tier.name()),
          "priority tiers",
          "\"" + tier.name() + "\" is given twice",
          "give each tier a unique name");
    }
  }

  /** These tiers. */
  public static PriorityTiers of(PriorityTier... tiers) {
    return builder().addTiers(tiers).build();
  }

  /**
   * The three tiers of the reference platform: {@link PriorityTier#inferenceCritical()}, {@link
   * PriorityTier#trainingNormal()} and {@link PriorityTier#experimentLow()} (the global default).
   */
  public static PriorityTiers standard() {
    return of(
        PriorityTier.inferenceCritical(),
        PriorityTier.trainingNormal(),
        PriorityTier.experimentLow());
  }

  public static Builder builder() {
    return new Builder();
  }

  /**
   * Builds {@link PriorityTiers} values: set the attributes, then {@code build()}, which checks
   * them.
   */
  public static final class Builder extends ImmutablePriorityTiers.Builder {
    /** Builds the tiers; a second global default fails with K8S006's finding. */
    @Override
    public PriorityTiers build() {
      PriorityTiers tiers = super.build();
      List<PriorityClass> rendered =
          tiers.toManifests().stream().map(PriorityClass.class::cast).toList();
      for (PriorityClass priorityClass : rendered) {
        Meta.requireNone(
            priorityClass,
            PriorityClassFacts.SINGLE_DEFAULT,
            PriorityClassFacts.singleGlobalDefault(priorityClass, rendered));
      }
      return tiers;
    }

    /** Builds without the rules' facts, to compare {@link #build()} with the rules. */
    PriorityTiers buildUnchecked() {
      return super.build();
    }
  }
}
