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
 * @param origins where each field path of the templates was written (see {@link FieldOrigin}); the
 *     object itself at the same path unless a controller merges the templates from several objects
 */
public record Workload(
    HasMetadata object,
    List<PodTemplate> templates,
    boolean distributed,
    boolean everyNode,
    Origins origins) {

  /** Where the value at a field path of a workload's templates was written. */
  @FunctionalInterface
  public interface Origins {

    /** The object and field that wrote the value at {@code path}. */
    FieldOrigin of(String path);
  }

  public Workload {
    templates = List.copyOf(templates);
  }

  /** A workload whose every field was written in the object itself. */
  public Workload(
      HasMetadata object, List<PodTemplate> templates, boolean distributed, boolean everyNode) {
    this(object, templates, distributed, everyNode, path -> new FieldOrigin(object, path));
  }

  /** A workload that is not a per-node agent. */
  public Workload(HasMetadata object, List<PodTemplate> templates, boolean distributed) {
    this(object, templates, distributed, false);
  }

  /** The object and field that wrote the value at {@code path} of this workload. */
  public FieldOrigin origin(String path) {
    return origins.of(path);
  }
}
