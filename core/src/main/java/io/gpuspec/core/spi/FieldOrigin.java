package io.gpuspec.core.spi;

import io.fabric8.kubernetes.api.model.HasMetadata;
import java.util.Objects;

/**
 * Where a field of a workload's pod templates was written: the object and the field path in it. For
 * most workloads that is the workload itself at the same path; a workload whose templates a
 * controller merges from several objects (a training job and the runtime it names) tells the
 * engine, through {@link Workload#origin(String)}, which object and field each merged value came
 * from, and its findings are reported there.
 */
public record FieldOrigin(HasMetadata object, String path) {

  public FieldOrigin {
    Objects.requireNonNull(object, "object");
    Objects.requireNonNull(path, "path");
  }
}
