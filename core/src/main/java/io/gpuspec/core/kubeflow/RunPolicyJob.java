package io.gpuspec.core.kubeflow;

import java.util.Optional;

/**
 * A Kubeflow training job with a {@code spec.runPolicy} (TFJob, PyTorchJob, MPIJob, ... of the
 * training operator, https://www.kubeflow.org/docs/components/trainer/legacy-v1/): lets a module
 * read and set the run policy, for gang scheduling ({@code schedulingPolicy}) or Kueue admission
 * ({@code suspend}), without naming the kind. A module's model class of such a job implements it.
 *
 * <p>The methods are not bean accessors, so serialization never sees them.
 */
public interface RunPolicyJob {

  /** {@code spec.runPolicy}; empty when the job has no spec or no run policy. */
  Optional<RunPolicy> runPolicy();

  /** Sets {@code spec.runPolicy}, creating an empty {@code spec} when there is none. */
  void runPolicy(RunPolicy policy);
}
