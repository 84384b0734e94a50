package io.gpuspec.core.manifest;

import java.util.List;
import tools.jackson.databind.JsonNode;

/**
 * One document: its 0-based index, where its root starts (a packed {@link Positions} value), its
 * tree (null for an empty document), where things are, how many nodes it expands to, the problems
 * found while building it and how many more there were.
 */
record YamlDocument(
    int index,
    long at,
    JsonNode root,
    FieldPositions located,
    long nodes,
    List<Problem> problems,
    int droppedProblems,
    int textStart,
    int textEnd) {

  /** A problem inside one document that does not stop reading: its id, pointer, where, text. */
  record Problem(ReadProblem problem, String pointer, long at, String message, String fix) {
    int line() {
      return Positions.line(at);
    }

    int column() {
      return Positions.column(at);
    }
  }

  /** The document's own text (from its root's first to its last character), for recognizers. */
  String text(String whole) {
    int total = whole.codePointCount(0, whole.length());
    int from = whole.offsetByCodePoints(0, Math.min(Math.max(textStart, 0), total));
    int to = whole.offsetByCodePoints(0, Math.min(Math.max(textEnd, textStart), total));
    return whole.substring(from, to);
  }
}
