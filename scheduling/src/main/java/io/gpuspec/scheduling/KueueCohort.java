package io.gpuspec.scheduling;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Quantity;
import io.gpuspec.core.GpuSpecStyle;
import io.gpuspec.core.ManifestSource;
import io.gpuspec.scheduling.facts.KueueWebhookFacts;
import io.gpuspec.scheduling.model.kueue.Cohort;
import io.gpuspec.scheduling.model.kueue.CohortSpec;
import io.gpuspec.scheduling.model.kueue.FairSharing;
import java.util.List;
import java.util.Optional;
import org.immutables.value.Value;

/**
 * A Kueue {@code Cohort} ({@code kueue.x-k8s.io/v1beta2}): the ClusterQueues naming it share unused
 * quota; cohorts form a tree through {@code parentName}, and a weight sets the cohort's share in
 * fair sharing (https://kueue.sigs.k8s.io/docs/concepts/cohort/). A ClusterQueue may name a cohort
 * without this object; it is needed for a hierarchy or a weight.
 *
 * <p>Checked at build with SCH021's fact ({@link KueueWebhookFacts#fairSharingWeight}): the weight
 * is 0 or more than 10⁻⁹, as Kueue's webhook requires.
 */
@Value.Immutable
@GpuSpecStyle
public abstract class KueueCohort implements ManifestSource {

  public abstract String name();

  /** The parent cohort. */
  public abstract Optional<String> parent();

  /** Weight in fair sharing, a quantity such as {@code 1} or {@code 0.5}. */
  public abstract Optional<String> fairSharingWeight();

  /** The value of {@code app.kubernetes.io/part-of}. */
  @Value.Default
  public String partOf() {
    return Meta.DEFAULT_PART_OF;
  }

  @Override
  public List<HasMetadata> toManifests() {
    return List.of(toCohort());
  }

  /** The rendered Cohort. */
  public Cohort toCohort() {
    CohortSpec spec = new CohortSpec();
    parent().ifPresent(spec::setParentName);
    fairSharingWeight()
        .ifPresent(
            weight -> {
              FairSharing fairSharing = new FairSharing();
              fairSharing.setWeight(new Quantity(weight));
              spec.setFairSharing(fairSharing);
            });
    return new Cohort(Meta.clusterScoped(name(), partOf()), spec);
  }

  @Value.Check
  protected void check() {
    String where = "cohort \"" + name() + "\"";
    Meta.requireSubdomain(where, name());
    parent().ifPresent(p -> Meta.requireSubdomain(where + " parent", p));
    fairSharingWeight()
        .ifPresent(w -> Quantities.requireQuantity(where + " fairSharing weight", w));
    Meta.requirePartOf(where, partOf());
  }

  /** Starts a cohort with this name. */
  public static Builder named(String name) {
    return new Builder().name(name);
  }

  /**
   * Builds {@link KueueCohort} values: set the attributes, then {@code build()}, which checks them.
   */
  public static final class Builder extends ImmutableKueueCohort.Builder {
    /** Builds the cohort; one the rules would refuse fails with their finding. */
    @Override
    public KueueCohort build() {
      KueueCohort cohort = super.build();
      Cohort rendered = cohort.toCohort();
      Meta.requireNone(rendered, "SCH021", KueueWebhookFacts.fairSharingWeight(rendered));
      return cohort;
    }

    /** Builds without the rules' facts, to compare {@link #build()} with the rules. */
    KueueCohort buildUnchecked() {
      return super.build();
    }
  }
}
