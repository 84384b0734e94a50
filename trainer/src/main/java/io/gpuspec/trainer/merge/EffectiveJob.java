package io.gpuspec.trainer.merge;

import io.fabric8.kubernetes.api.model.batch.v1.JobTemplateSpec;

/**
 * One replicated job of the JobSet a TrainJob creates, as the Trainer controller builds it.
 *
 * @param index its position in {@code replicatedJobs}
 * @param name its name, e.g. {@code node} or {@code launcher}
 * @param ancestor its {@code trainer.kubeflow.org/trainjob-ancestor-step} label ({@code trainer},
 *     {@code dataset-initializer}, {@code model-initializer}), or empty
 * @param replicas how many Jobs of the template run (the controller sets 1 for the trainer and the
 *     initializers)
 * @param parallelism how many pods each Job runs at once (the controller sets it, and completions,
 *     to the job's pod count: {@code numNodes} for the trainer nodes)
 * @param template the Job template with the merged pod template
 */
public record EffectiveJob(
    int index,
    String name,
    String ancestor,
    int replicas,
    int parallelism,
    JobTemplateSpec template) {

  /** The pods the job runs at once: replicas × parallelism. */
  public long pods() {
    return (long) replicas * parallelism;
  }

  /** Whether this job runs the trainer nodes (its ancestor label is {@code trainer}). */
  public boolean trainer() {
    return TrainJobMerge.TRAINER.equals(ancestor);
  }

  /** Its path in a JobSet spec, e.g. {@code replicatedJobs[1]}. */
  public String path() {
    return "replicatedJobs[" + index + "]";
  }
}
