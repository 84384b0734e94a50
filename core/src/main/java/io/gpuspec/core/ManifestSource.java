package io.gpuspec.core;

import io.fabric8.kubernetes.api.model.HasMetadata;
import java.util.List;

/** Anything the DSL can render into Kubernetes objects: workloads, queues, tenants, configs. */
public interface ManifestSource {

  /** The rendered objects; a pure function of the value. */
  List<HasMetadata> toManifests();

  /** The node pools the rendered pods are placed on; a {@link Platform} adds them to its fleet. */
  default List<NodePool> nodePools() {
    return List.of();
  }

  /** The pools without GPUs the rendered pods are placed on; a {@link Platform} adds them too. */
  default List<CpuPool> cpuPools() {
    return List.of();
  }
}
