package io.gpuspec.core.manifest;

import java.nio.file.Path;
import org.snakeyaml.engine.v2.exceptions.MarkedYamlEngineException;
import org.snakeyaml.engine.v2.exceptions.ReaderException;
import org.snakeyaml.engine.v2.exceptions.YamlEngineException;

/** The YAML001 findings for text the parser refuses, and for a file the reader failed on. */
final class SyntaxProblems {

  private SyntaxProblems() {}

  /** Reports a parser error in document {@code document} of {@code file}. */
  static void report(
      Path file, int document, YamlEngineException e, String text, FileFindings out) {
    if (e instanceof MarkedYamlEngineException marked) {
      int line = marked.getProblemMark().map(m -> m.getLine() + 1).orElse(1);
      int column = marked.getProblemMark().map(m -> m.getColumn() + 1).orElse(1);
      String context = marked.getContext();
      String what = (context == null ? "" : context + ": ") + marked.getProblem();
      boolean tab = what.contains("\\t") || what.contains("\t");
      out.problem(
          FileFindings.at(file, document, line, column),
          Wording.of(
              ReadProblem.YAML001,
              "YAML syntax error: " + Quoted.clip(what),
              tab
                  ? "indent line " + line + " with spaces; YAML does not allow tabs for indentation"
                  : "fix the YAML at line "
                      + line
                      + " (indentation, a missing ':' or an unclosed quote)"));
    } else if (e instanceof ReaderException reader) {
      int line = lineAtCodePoint(text, reader.getPosition());
      out.problem(
          FileFindings.at(file, document, line, 1),
          Wording.of(
              ReadProblem.YAML001,
              "the text contains a character YAML does not allow on line " + line,
              "remove the character, or write it as an escape in a double-quoted string"));
    } else {
      out.problem(
          FileFindings.at(file, document, 1, 1),
          Wording.of(
              ReadProblem.YAML001,
              "YAML error: " + Quoted.firstLine(e.getMessage()),
              "fix the YAML"));
    }
  }

  private static int lineAtCodePoint(String text, int codePoint) {
    int line = 1;
    int points = 0;
    for (int i = 0; i < text.length() && points < codePoint; i++, points++) {
      if (text.charAt(i) == '\n') {
        line++;
      }
      if (Character.isHighSurrogate(text.charAt(i))) {
        i++;
      }
    }
    return line;
  }

  /** Reports that reading {@code file} failed inside gpuspec. */
  static void internalError(Path file, Throwable e, FileFindings out) {
    out.fileProblem(
        file,
        ReadProblem.YAML001,
        "gpuspec could not read this file (internal error: "
            + e.getClass().getSimpleName()
            + (e.getMessage() == null ? "" : ": " + Quoted.firstLine(e.getMessage()))
            + ")",
        "report this to the gpuspec maintainers together with the file");
  }
}
