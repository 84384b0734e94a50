package io.gpuspec.core.manifest;

import io.gpuspec.core.report.SourceLocation;
import tools.jackson.databind.JsonNode;

/**
 * Where a finding on a document's value is: the object it is in (as read, for its apiVersion, kind
 * and name), the field path in it, and the file position.
 */
record ObjectAt(JsonNode object, String path, SourceLocation source) {}
