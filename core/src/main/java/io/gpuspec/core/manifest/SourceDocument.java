package io.gpuspec.core.manifest;

import io.gpuspec.core.report.SourceLocation;
import java.nio.file.Path;
import java.util.Objects;
import tools.jackson.databind.JsonNode;

/** A document of a file being decoded, and where its values are. */
record SourceDocument(Path file, YamlDocument document) {

  /** The document's tree; only documents that are not empty are decoded. */
  JsonNode root() {
    return Objects.requireNonNull(document.root(), "an empty document has no objects to decode");
  }

  /** Where the value at a JSON pointer was written, or its nearest ancestor that was. */
  SourceLocation at(String pointer) {
    long at = document.located().positionOf(pointer, document.at());
    return new SourceLocation(file, document.index(), Positions.line(at), Positions.column(at));
  }

  /** Where the document's root starts. */
  SourceLocation start() {
    return new SourceLocation(
        file, document.index(), Positions.line(document.at()), Positions.column(document.at()));
  }
}
