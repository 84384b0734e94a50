package io.gpuspec.cel.internal.crd;

import tools.jackson.databind.JsonNode;

/**
 * One served version of a CustomResourceDefinition: its group, kind, version, the structural
 * OpenAPI schema of that version, and where the CRD came from (for messages).
 */
public record CrdVersion(
    String group, String kind, String version, JsonNode schema, String origin) {

  /** {@code group/version}, as in a resource's apiVersion. */
  public String apiVersion() {
    return group + "/" + version;
  }
}
