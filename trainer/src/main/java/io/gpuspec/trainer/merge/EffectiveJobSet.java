package io.gpuspec.trainer.merge;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.gpuspec.core.spi.FieldOrigin;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What a TrainJob runs: the replicated jobs of the JobSet the Trainer v2.3 controller creates from
 * its runtime's template, merged with the TrainJob's {@code trainer} and {@code runtimePatches},
 * and where each merged value was written.
 *
 * @param jobs the replicated jobs, in the runtime's order
 * @param labels the JobSet's labels (the runtime template's, then the patches')
 * @param annotations the JobSet's annotations (the runtime template's, then the patches')
 * @param suspended whether the JobSet is created suspended (the TrainJob's {@code suspend})
 */
public record EffectiveJobSet(
    List<EffectiveJob> jobs,
    Map<String, String> labels,
    Map<String, String> annotations,
    boolean suspended,
    MergeOrigins origins) {

  public EffectiveJobSet {
    jobs = List.copyOf(jobs);
    labels = Map.copyOf(labels);
    annotations = Map.copyOf(annotations);
  }

  /**
   * The object and field that wrote the value at {@code path} of the JobSet spec (e.g. {@code
   * replicatedJobs[0].template.spec.template.spec.containers[0].resources.limits[nvidia.com/gpu]}):
   * the TrainJob's {@code spec.trainer} or {@code spec.runtimePatches[...]} where it set the value,
   * else the runtime's template.
   */
  public FieldOrigin origin(String path) {
    return origins.of(path);
  }

  /** The trainer-node job (the first whose ancestor is {@code trainer}), if any. */
  public Optional<EffectiveJob> trainerJob() {
    return jobs.stream().filter(EffectiveJob::trainer).findFirst();
  }

  /** The runtime the jobs were merged from. */
  public HasMetadata runtime() {
    return origins.runtime();
  }
}
