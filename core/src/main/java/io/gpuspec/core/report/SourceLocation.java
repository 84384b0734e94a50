package io.gpuspec.core.report;

import java.nio.file.Path;

/**
 * Where a finding stands in a file: the file, the 0-based index of its YAML document in that file
 * (empty documents count, as in conform.py and yq), and the 1-based line and column of the
 * offending field: of its key in a mapping, of the item in a list, of its nearest ancestor that is
 * written when the field itself is not, of the object's start when nothing of its path is.
 */
public record SourceLocation(Path file, int document, int line, int column) {

  /** The start of a line. */
  public SourceLocation(Path file, int document, int line) {
    this(file, document, line, 1);
  }

  /** {@code file:line:column}, as compilers and editors print positions. */
  public String position() {
    return file + ":" + line + ":" + column;
  }

  @Override
  public String toString() {
    return position() + " (document " + document + ")";
  }
}
