package io.gpuspec.core.manifest;

import java.nio.file.Path;

/**
 * The limits on a file's text that hold before it is parsed: its size, the length of its lines, and
 * only characters YAML allows. A text that breaks one gives one finding and is not parsed.
 */
final class TextChecks {

  private TextChecks() {}

  /** True when the text may be parsed; false after reporting why not. */
  static boolean check(Path file, String text, FileFindings out) {
    if (text.length() > ManifestReader.MAX_FILE_BYTES) {
      out.fileProblem(
          file,
          ReadProblem.YAML005,
          "the input is larger than 8 MiB (" + ManifestReader.MAX_FILE_BYTES + " characters)",
          "split it into smaller files");
      return false;
    }
    return checkCharacters(file, text, out);
  }

  /**
   * One pass over the characters: lines within {@link ManifestReader#MAX_LINE_CHARS} and only
   * characters YAML allows (no NUL or other control characters, no lone surrogates). False after
   * reporting.
   */
  static boolean checkCharacters(Path file, String text, FileFindings out) {
    int line = 1;
    int column = 0;
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c == '\n' || c == '\r') {
        if (c == '\n' || i + 1 >= text.length() || text.charAt(i + 1) != '\n') {
          line++;
        }
        column = 0;
        continue;
      }
      if (Character.isHighSurrogate(c)
          && i + 1 < text.length()
          && Character.isLowSurrogate(text.charAt(i + 1))) {
        i++; // one code point outside the BMP: allowed
      } else if (!isYamlPrintable(c)) {
        out.problem(
            FileFindings.at(file, 0, line, column + 1),
            Wording.of(
                ReadProblem.YAML001,
                "the text contains "
                    + describe(c)
                    + " on line "
                    + line
                    + ", which YAML does not allow (is it a binary file?)",
                "remove the character, or write it as an escape in a double-quoted string"));
        return false;
      }
      if (++column > ManifestReader.MAX_LINE_CHARS) {
        out.reject(
            FileFindings.at(file, 0, line, column),
            "line " + line + " is longer than " + ManifestReader.MAX_LINE_CHARS + " characters",
            "break the line; write long text as a block scalar (|) over several lines");
        return false;
      }
    }
    return true;
  }

  private static boolean isYamlPrintable(char c) {
    return c == '\t'
        || (c >= 0x20 && c <= 0x7E)
        || c == 0x85
        || (c >= 0xA0 && c <= 0xD7FF)
        || (c >= 0xE000 && c <= 0xFFFD);
  }

  private static String describe(char c) {
    if (c == 0) {
      return "a NUL byte";
    }
    if (Character.isSurrogate(c)) {
      return String.format("an unpaired surrogate U+%04X", (int) c);
    }
    return String.format("the control character U+%04X", (int) c);
  }
}
