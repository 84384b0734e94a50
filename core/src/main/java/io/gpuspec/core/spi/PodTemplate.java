package io.gpuspec.core.spi;

import io.fabric8.kubernetes.api.model.ObjectMeta;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.PodTemplateSpec;

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

  /**
   * The template at {@code path} (e.g. {@code spec.template}); a missing metadata or spec reads as
   * empty.
   */
  public static PodTemplate of(String role, PodTemplateSpec template, String path, int replicas) {
    return new PodTemplate(
        role,
        template.getMetadata() == null ? new ObjectMeta() : template.getMetadata(),
        path + ".metadata",
        template.getSpec() == null ? new PodSpec() : template.getSpec(),
        path + ".spec",
        replicas);
  }

  /** {@code "Worker "} for a role, else empty: to start messages with. */
  public String rolePrefix() {
    return role.isEmpty() ? "" : role + " ";
  }
}
