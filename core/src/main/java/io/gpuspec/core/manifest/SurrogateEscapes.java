package io.gpuspec.core.manifest;

import java.util.Optional;

/**
 * Finds a {@code \\u} or {@code \\U} escape of a UTF-16 surrogate ({@code D800}–{@code DFFF}) in a
 * double-quoted scalar's source. The YAML parser decodes such escapes; Go's YAML decoder, which
 * {@code kubectl} uses, rejects them ("invalid Unicode character escape code"), even in pairs: an
 * astral character is written as itself or as one {@code \\U} escape of its code point.
 */
final class SurrogateEscapes {

  /** A surrogate escape at a 1-based line and column, e.g. {@code \\uD83D}. */
  record Found(int line, int column, String escape) {}

  private SurrogateEscapes() {}

  /**
   * The first surrogate escape of the double-quoted scalar {@code value} that starts at the
   * code-point index {@code index} on the 0-based {@code startLine} of {@code source}; empty when
   * there is none. Cheap when the value holds no surrogate.
   */
  static Optional<Found> in(String source, int index, int startLine, String value) {
    if (value.chars().noneMatch(c -> Character.isSurrogate((char) c))) {
      return Optional.empty();
    }
    int quote = source.offsetByCodePoints(0, index);
    int line = startLine + 1;
    for (int i = quote + 1; i < source.length(); i++) {
      char c = source.charAt(i);
      if (c == '"') {
        return Optional.empty();
      } else if (c == '\n') {
        line++;
      } else if (c == '\\' && i + 1 < source.length()) {
        int end = i + 2 + (source.charAt(i + 1) == 'u' ? 4 : source.charAt(i + 1) == 'U' ? 8 : 0);
        if (end > i + 2 && end <= source.length() && isSurrogate(source.substring(i + 2, end))) {
          int column = source.codePointCount(source.lastIndexOf('\n', i) + 1, i) + 1;
          return Optional.of(new Found(line, column, source.substring(i, end)));
        }
        i++; // the escaped character is never a closing quote
      }
    }
    return Optional.empty();
  }

  private static boolean isSurrogate(String hex) {
    try {
      long value = Long.parseLong(hex, 16);
      return value >= 0xD800 && value <= 0xDFFF;
    } catch (NumberFormatException e) {
      return false; // the parser reports a malformed escape itself
    }
  }
}
