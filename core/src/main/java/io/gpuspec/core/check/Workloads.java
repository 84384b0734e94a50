package io.gpuspec.core.check;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.gpuspec.core.manifest.ManifestSet;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.ServiceLoader;

/** Finds the workloads in a manifest set through every {@link WorkloadAdapter} on the classpath. */
public final class Workloads {

  private static final List<WorkloadAdapter> ADAPTERS = load();

  private Workloads() {}

  private static List<WorkloadAdapter> load() {
    List<WorkloadAdapter> adapters = new ArrayList<>();
    ServiceLoader.load(WorkloadAdapter.class, Workloads.class.getClassLoader())
        .forEach(adapters::add);
    return List.copyOf(adapters);
  }

  /** The workload view of one object, if some adapter knows its kind. */
  public static Optional<Workload> of(HasMetadata object) {
    for (WorkloadAdapter adapter : ADAPTERS) {
      Optional<Workload> workload = adapter.adapt(object);
      if (workload.isPresent()) {
        return workload;
      }
    }
    return Optional.empty();
  }

  /** Every workload in the set, in the set's order. */
  public static List<Workload> in(ManifestSet manifests) {
    List<Workload> workloads = new ArrayList<>();
    manifests.forEach(object -> of(object).ifPresent(workloads::add));
    return workloads;
  }
}
