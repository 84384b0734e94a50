package io.gpuspec.core.check;

import io.fabric8.kubernetes.api.model.ObjectMeta;
import io.fabric8.kubernetes.api.model.PodSpec;

/**
 * One pod template inside a workload.
 *
 * @param role the replica role for multi-template workloads (e.g. {@code Worker}), else empty
 * @param metadataPath field path of the template's metadata, e.g. {@code spec.template.metadata}
 * @param specPath field path of the pod spec, e.g. {@code spec.template.spec}
 * @param replicas how many pods of this template run at once (1 when not stated)
 */
public record PodTemplate(
    String role,
    ObjectMeta metadata,
    String metadataPath,
    PodSpec spec,
    String specPath,
    int replicas) {

  /** {@code "Worker "} for a role, else empty: to start messages with. */
  public String rolePrefix() {
    return role.isEmpty() ? "" : role + " ";
  }
}
