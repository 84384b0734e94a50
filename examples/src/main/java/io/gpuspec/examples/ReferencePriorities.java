package io.gpuspec.examples;

import io.gpuspec.scheduling.PriorityTier;
import io.gpuspec.scheduling.PriorityTiers;

/**
 * The reference platform's three priority tiers, as PriorityClasses and Kueue
 * WorkloadPriorityClasses: {@code inference-critical} (1,000,000, never preempts), {@code
 * training-normal} (500,000) and {@code experiment-low} (100,000, the global default).
 */
final class ReferencePriorities {

  /** Online inference: never preempted by training, never preempts itself. */
  static final PriorityTier INFERENCE = PriorityTier.inferenceCritical();

  /** Scheduled training and the notebooks researchers work in. */
  static final PriorityTier TRAINING = PriorityTier.trainingNormal();

  /** Experiments and preprocessing: what borrows idle GPUs and is preempted first. */
  static final PriorityTier EXPERIMENT = PriorityTier.experimentLow();

  /** The three tiers as one source. */
  static final PriorityTiers TIERS = PriorityTiers.of(INFERENCE, TRAINING, EXPERIMENT);

  private ReferencePriorities() {}
}
