package io.gpuspec.core.spi;

import io.fabric8.kubernetes.api.model.HasMetadata;
import java.util.Optional;

/**
 * Service-provider interface that shows rules the pod templates of a kind (register an
 * implementation in {@code META-INF/services/io.gpuspec.core.spi.WorkloadAdapter}). Core adapts
 * Pod, Deployment, ReplicaSet, StatefulSet, DaemonSet, Job and CronJob; modules add their CRDs.
 */
public interface WorkloadAdapter {

  /** The workload view of an object, or empty when this adapter does not know the kind. */
  Optional<Workload> adapt(HasMetadata object);

  /**
   * The workload view of an object of a set, for kinds whose pod templates depend on other objects
   * of the set (e.g. a training job's runtime); {@code set} finds them, read-only. By default the
   * view of the object alone.
   */
  default Optional<Workload> adapt(HasMetadata object, ObjectLookup set) {
    return adapt(object);
  }
}
