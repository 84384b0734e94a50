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
}
