package io.gpuspec.core;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.immutables.value.Value;

/** Pod-level settings shared by every gpuspec workload; secure by default. */
public interface PodAttributes {

  /** Extra labels for the object and its pods. */
  Map<String, String> labels();

  /** Extra annotations for the object. */
  Map<String, String> annotations();

  Optional<String> priorityClassName();

  Optional<String> serviceAccountName();

  /** Whether the pod mounts a service-account token; off unless the workload calls the API. */
  @Value.Default
  default boolean automountServiceAccountToken() {
    return false;
  }

  /** The non-root user the containers run as (Pod Security "restricted" wants non-root). */
  @Value.Default
  default long runAsUser() {
    return 1000;
  }

  /** Size of a memory-backed {@code /dev/shm}, e.g. {@code 8Gi}; PyTorch data loaders need it. */
  Optional<String> sharedMemory();

  /** Scratch and dataset volumes. */
  List<WorkloadVolume> volumes();
}
