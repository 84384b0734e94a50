package io.gpuspec.core.spi;

import io.fabric8.kubernetes.api.model.ObjectMeta;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.PodTemplateSpec;
import io.gpuspec.core.k8s.NullFree;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * One pod template inside a workload, as the API server decodes it: metadata and spec are never
 * {@code null}, and no list of objects in the spec holds {@code null} (see {@link NullFree}), so
 * rules read incomplete objects without checking for {@code null} items. What is missing is
 * reported once, by the rule that owns the required field.
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

  public PodTemplate {
    role = role == null ? "" : role;
    metadata = metadata == null ? new ObjectMeta() : metadata;
    spec = NullFree.podSpec(spec);
  }

  /**
   * The template at {@code path} (e.g. {@code spec.template}); a missing template, metadata or spec
   * reads as empty.
   */
  public static PodTemplate of(
      String role, @Nullable PodTemplateSpec template, String path, int replicas) {
    PodTemplateSpec given = template == null ? new PodTemplateSpec() : template;
    return new PodTemplate(
        role, given.getMetadata(), path + ".metadata", given.getSpec(), path + ".spec", replicas);
  }

  /**
   * Two templates are the same when they view the same metadata and spec objects at the same paths.
   * Comparing by identity keeps templates usable as map keys for any content (fabric8's value
   * equality parses every quantity, and throws on one that does not parse).
   */
  @Override
  public boolean equals(Object other) {
    return other instanceof PodTemplate t
        && t.metadata == metadata
        && t.spec == spec
        && t.role.equals(role)
        && t.metadataPath.equals(metadataPath)
        && t.specPath.equals(specPath)
        && t.replicas == replicas;
  }

  @Override
  public int hashCode() {
    return Objects.hash(
        System.identityHashCode(metadata),
        System.identityHashCode(spec),
        role,
        metadataPath,
        specPath,
        replicas);
  }

  /** {@code "Worker "} for a role, else empty: to start messages with. */
  public String rolePrefix() {
    return role.isEmpty() ? "" : role + " ";
  }
}
