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
 * @param groups how many gangs of one shape a distributed workload's pods come in (a
 *     LeaderWorkerSet's {@code replicas}): each template's replicas are split evenly among them,
 *     and each gang must fit at once on its own; 1 otherwise
 * @param origins where each field path of the templates was written (see {@link FieldOrigin}); the
 *     object itself at the same path unless a controller merges the templates from several objects
 */
public record Workload(
    HasMetadata object,
    List<PodTemplate> templates,
    boolean distributed,
    boolean everyNode,
    int groups,
    Origins origins) {

  /** Where the value at a field path of a workload's templates was written. */
  @FunctionalInterface
  public interface Origins {

    /** The object and field that wrote the value at {@code path}. */
    FieldOrigin of(String path);
  }

  public Workload {
    templates = List.copyOf(templates);
    groups = Math.max(1, groups);
  }

  /** A workload whose every field was written in the object itself, in {@code groups} gangs. */
  public Workload(
      HasMetadata object,
      List<PodTemplate> templates,
      boolean distributed,
      boolean everyNode,
      int groups) {
    this(object, templates, distributed, everyNode, groups, path -> new FieldOrigin(object, path));
  }

  /** A workload merged from several objects, whose pods, if distributed, form one gang. */
  public Workload(
      HasMetadata object,
      List<PodTemplate> templates,
      boolean distributed,
      boolean everyNode,
      Origins origins) {
    this(object, templates, distributed, everyNode, 1, origins);
  }

  /** A workload whose pods, if distributed, form one gang, every field written in the object. */
  public Workload(
      HasMetadata object, List<PodTemplate> templates, boolean distributed, boolean everyNode) {
    this(object, templates, distributed, everyNode, 1);
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
