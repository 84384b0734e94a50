package io.gpuspec.scheduling;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.scheduling.v1.PriorityClass;
import io.fabric8.kubernetes.api.model.scheduling.v1.PriorityClassBuilder;
import io.gpuspec.core.GpuSpecStyle;
import io.gpuspec.core.InvalidSpecException;
import io.gpuspec.core.ManifestSource;
import io.gpuspec.core.PriorityRef;
import io.gpuspec.core.facts.PriorityClassFacts;
import io.gpuspec.scheduling.model.kueue.WorkloadPriorityClass;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.immutables.value.Value;

/**
 * A priority tier: one {@code scheduling.k8s.io/v1} {@code PriorityClass} (and, for Kueue, the
 * {@code WorkloadPriorityClass} of the same name and value).
 *
 * <pre>{@code
 * PriorityTier serving = PriorityTier.inferenceCritical();        // 1,000,000, never preempts
 * PriorityTier batch = PriorityTier.named("batch").value(200_000).build();
 * TrainingJob resnet = TrainingJob.named("resnet50").priority(batch)...   // by object, not by name
 * }</pre>
 *
 * <p>Checked at build with K8S005's fact on the rendered PriorityClass ({@link
 * PriorityClassFacts#valid}), as the API server does
 * (https://kubernetes.io/docs/concepts/scheduling-eviction/pod-priority-preemption/#priorityclass):
 * the name does not start with {@code system-} (reserved for the built-in classes), and the value
 * is at most 1,000,000,000 (higher values are reserved for system classes). The value itself checks
 * that the name is a DNS-1123 subdomain and the description at most 2048 characters (the Kueue
 * WorkloadPriorityClass CRD's limit, which the cel module's CRD001 holds hand-written YAML to). At
 * most one class of a cluster may be the global default; {@link PriorityTiers} checks that.
 */
@Value.Immutable
@GpuSpecStyle
public abstract class PriorityTier implements ManifestSource, PriorityRef {

  /** The highest value a user-defined PriorityClass may have. */
  public static final int MAX_USER_VALUE = PriorityClassFacts.HIGHEST_USER_PRIORITY;

  /** The label that gives a Kueue workload its {@code WorkloadPriorityClass}. */
  public static final String KUEUE_PRIORITY_LABEL = "kueue.x-k8s.io/priority-class";

  /** Whether pods of the tier may preempt lower-priority pods to be scheduled. */
  public enum PreemptionPolicy {
    /** The default: evict lower-priority pods when needed. */
    PREEMPT_LOWER_PRIORITY("PreemptLowerPriority"),
    /** Wait ahead of lower-priority pods in the queue, but never evict them. */
    NEVER("Never");

    private final String text;

    PreemptionPolicy(String text) {
      this.text = text;
    }

    /** The Kubernetes spelling. */
    public String text() {
      return text;
    }
  }

  public abstract String name();

  public abstract int value();

  @Value.Default
  public PreemptionPolicy preemptionPolicy() {
    return PreemptionPolicy.PREEMPT_LOWER_PRIORITY;
  }

  /** Whether pods that name no class get this one; at most one tier of a cluster may say so. */
  @Value.Default
  public boolean globalDefault() {
    return false;
  }

  public abstract Optional<String> description();

  /** The value of {@code app.kubernetes.io/part-of}. */
  @Value.Default
  public String partOf() {
    return Meta.DEFAULT_PART_OF;
  }

  /** The tier's PriorityClass name, for workloads that take a {@link PriorityRef}. */
  @Override
  public String priorityClassName() {
    return name();
  }

  @Override
  public List<HasMetadata> toManifests() {
    return List.of(toPriorityClass());
  }

  /** The rendered PriorityClass. */
  public PriorityClass toPriorityClass() {
    return new PriorityClassBuilder()
        .withMetadata(Meta.clusterScoped(name(), partOf()))
        .withValue(value())
        .withPreemptionPolicy(preemptionPolicy().text())
        .withGlobalDefault(globalDefault() ? Boolean.TRUE : null)
        .withDescription(description().orElse(null))
        .build();
  }

  /**
   * The Kueue {@code WorkloadPriorityClass} of the same name and value
   * (https://kueue.sigs.k8s.io/docs/concepts/workload_priority_class/), so that Kueue queues and
   * preempts workloads in the same order as the scheduler.
   */
  public WorkloadPriorityClass toWorkloadPriorityClass() {
    return new WorkloadPriorityClass(
        Meta.clusterScoped(name(), partOf()), value(), description().orElse(null));
  }

  /** The label to stamp on a Kueue workload to give it this tier's workload priority. */
  public Map<String, String> kueueLabel() {
    return Map.of(KUEUE_PRIORITY_LABEL, name());
  }

  @Value.Check
  protected void check() {
    String where = "priority tier \"" + name() + "\"";
    Meta.requireSubdomain(where, name());
    description()
        .ifPresent(
            text ->
                InvalidSpecException.require(
                    text.length() <= 2048,
                    where + " description",
                    "it has " + text.length() + " characters",
                    "shorten it to at most 2048 characters (Kueue's limit)"));
    Meta.requirePartOf(where, partOf());
  }

  /** Starts a tier with this name. */
  public static Builder named(String name) {
    return new Builder().name(name);
  }

  /** {@code inference-critical}: 1,000,000, waits ahead of others but never preempts. */
  public static PriorityTier inferenceCritical() {
    return named("inference-critical")
        .value(1_000_000)
        .preemptionPolicy(PreemptionPolicy.NEVER)
        .description("Online inference: queued first, never evicts running pods.")
        .build();
  }

  /** {@code training-normal}: 500,000, may preempt lower tiers. */
  public static PriorityTier trainingNormal() {
    return named("training-normal")
        .value(500_000)
        .description("Scheduled training runs; may preempt experiments.")
        .build();
  }

  /** {@code experiment-low}: 100,000, the global default. */
  public static PriorityTier experimentLow() {
    return named("experiment-low")
        .value(100_000)
        .globalDefault(true)
        .description("Default for pods naming no class: experiments and notebooks.")
        .build();
  }

  /**
   * Builds {@link PriorityTier} values: set the attributes, then {@code build()}, which checks
   * them.
   */
  public static final class Builder extends ImmutablePriorityTier.Builder {
    /** Builds the tier; one the API server would refuse fails with K8S005's finding. */
    @Override
    public PriorityTier build() {
      PriorityTier tier = super.build();
      PriorityClass rendered = tier.toPriorityClass();
      Meta.requireNone(rendered, PriorityClassFacts.VALID, PriorityClassFacts.valid(rendered));
      return tier;
    }

    /** Builds without the rules' facts, to compare {@link #build()} with the rules. */
    PriorityTier buildUnchecked() {
      return super.build();
    }
  }

  @Override
  public String toString() {
    return "PriorityTier[" + name() + "=" + value() + "]";
  }
}
