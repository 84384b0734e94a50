package io.gpuspec.core.report;

import java.nio.file.Path;

/**
 * Where an object was read from: the file, the 0-based index of its YAML document in that file
 * (empty documents count, as in conform.py and yq) and the 1-based line the document starts on.
 */
public record SourceLocation(Path file, int document, int line) {

  @Override
  public String toString() {
    return file + ":" + line + " (document " + document + ")";
  }
}
