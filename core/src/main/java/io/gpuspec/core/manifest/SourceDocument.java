package io.gpuspec.core.manifest;

import io.gpuspec.core.report.SourceLocation;
import java.nio.file.Path;
import tools.jackson.databind.JsonNode;

/** A document of a file being decoded, and where its values are. */
record SourceDocument(Path file, YamlDocument document) {

  JsonNode root() {
    return document.root();
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
