package io.gpuspec.core.check;

import io.fabric8.kubernetes.api.model.HasMetadata;
import java.util.List;

/**
 * An object that runs pods, seen through its pod templates.
 *
 * @param distributed whether its pods cooperate (a parallel Job, a TFJob, a gang) and so must all
 *     land on one GPU model
 */
public record Workload(HasMetadata object, List<PodTemplate> templates, boolean distributed) {

  public Workload {
    templates = List.copyOf(templates);
  }
}
