package io.gpuspec.core.spi;

import io.fabric8.kubernetes.api.model.HasMetadata;
import java.util.List;

/**
 * An object that runs pods, seen through its pod templates.
 *
 * @param distributed whether its pods cooperate (a parallel Job, a TFJob, a gang) and so must all
 *     land on one GPU model
 * @param everyNode whether it runs one pod on every node it tolerates (a DaemonSet: node agents
 *     such as the NVIDIA device plugin tolerate GPU taints on purpose, with no pin)
 */
public record Workload(
    HasMetadata object, List<PodTemplate> templates, boolean distributed, boolean everyNode) {

  public Workload {
    templates = List.copyOf(templates);
  }

  /** A workload that is not a per-node agent. */
  public Workload(HasMetadata object, List<PodTemplate> templates, boolean distributed) {
    this(object, templates, distributed, false);
  }
}
