package io.gpuspec.core;

/**
 * A reference to a {@code scheduling.k8s.io/v1} PriorityClass by the value that defines it, not by
 * a string: workloads accept it where they take a {@code priorityClassName}, so a renamed tier
 * renames every user and a typo cannot compile. The scheduling module's priority tiers implement
 * it.
 *
 * <pre>{@code
 * TrainingJob resnet = TrainingJob.named("resnet50").priority(PriorityTier.trainingNormal())...
 * }</pre>
 *
 * <p>See https://kubernetes.io/docs/concepts/scheduling-eviction/pod-priority-preemption/.
 */
public interface PriorityRef {

  /** The name of the PriorityClass, as pods write it in {@code spec.priorityClassName}. */
  String priorityClassName();
}
