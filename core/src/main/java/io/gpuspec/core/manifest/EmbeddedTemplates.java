package io.gpuspec.core.manifest;

import java.util.List;
import java.util.Optional;
import tools.jackson.databind.JsonNode;

/**
 * Where the pod templates are in objects of kinds no model class decodes (custom resources the
 * pod-template registry describes): the reader decodes each such template strictly, as it decodes
 * typed kinds, and gives these objects no "kind not known" finding.
 */
@FunctionalInterface
public interface EmbeddedTemplates {

  /** Knows no kind. */
  EmbeddedTemplates NONE = (apiVersion, kind, object) -> Optional.empty();

  /**
   * The JSON pointers of the pod templates ({@code PodTemplateSpec}) in {@code object}, or empty
   * when the kind is not described.
   */
  Optional<List<String>> templatePointers(String apiVersion, String kind, JsonNode object);
}
