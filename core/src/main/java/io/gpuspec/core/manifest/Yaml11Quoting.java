package io.gpuspec.core.manifest;

import tools.jackson.dataformat.yaml.util.StringQuotingChecker;

/**
 * Quotes every string that a YAML 1.1 decoder (sigs.k8s.io/yaml, what the API server uses) would
 * read as something else: booleans such as {@code yes}, {@code on}, {@code y}; nulls; and anything
 * shaped like a number ({@code 4}, {@code 012}, {@code 0x1F}, {@code 1_000}, {@code 1:20}, {@code
 * 1e3}, {@code .inf}). Quoting a few strings more than needed is harmless; one too few breaks
 * decoding.
 */
final class Yaml11Quoting extends StringQuotingChecker.Default {

  private static final long serialVersionUID = 1L;

  /** Characters of the longest reserved word ({@link Yaml11Words}). */
  private static final int LONGEST_WORD =
      Yaml11Words.reserved().stream().mapToInt(String::length).max().orElse(0);

  /** YAML's c-printable: what a YAML stream may hold unescaped (go-yaml rejects the rest). */
  static boolean printable(int c) {
    return c == 0x9
        || c == 0xA
        || c == 0xD
        || (c >= 0x20 && c <= 0x7E)
        || c == 0x85
        || (c >= 0xA0 && c <= 0xD7FF)
        || (c >= 0xE000 && c <= 0xFFFD && c != 0xFEFF)
        || (c >= 0x10000 && c <= 0x10FFFF);
  }

  @Override
  public boolean needToQuoteName(String name) {
    return super.needToQuoteName(name) || yaml11NonString(name);
  }

  @Override
  public boolean needToQuoteValue(String value) {
    return super.needToQuoteValue(value) || yaml11NonString(value);
  }

  /**
   * Whether a YAML 1.1 decoder would not read {@code value} unquoted as this string: empty, holding
   * a character YAML does not allow unescaped (a line break is allowed), a reserved word, or shaped
   * like a number: an optional sign, an optional dot, underscores, a digit, then anything without a
   * line break ({@code [-+]?\.?_*[0-9].*}; {@code ._0} reads as the float 0). One pass over the
   * characters: this runs for every key and value written.
   */
  static boolean yaml11NonString(String value) {
    int length = value.length();
    if (length == 0) {
      return true;
    }
    boolean ascii = true;
    for (int i = 0; i < length; i++) {
      char c = value.charAt(i);
      if (c >= 0x20 && c <= 0x7E) {
        continue;
      }
      if (c >= 0x80) {
        ascii = false;
      }
      if (Character.isHighSurrogate(c)
          && i + 1 < length
          && Character.isLowSurrogate(value.charAt(i + 1))) {
        i++; // a code point above U+FFFF: all of them are printable
      } else if (c != '\n' && !printable(c)) {
        return true; // lone surrogates too
      }
    }
    // lower-casing ASCII keeps the length: a longer ASCII string is no reserved word
    return ((!ascii || length <= LONGEST_WORD) && Yaml11Words.isReserved(value))
        || numberLike(value);
  }

  /** {@code [-+]?\.?_*[0-9].*} as {@link java.util.regex.Matcher#matches()} reads it. */
  private static boolean numberLike(String value) {
    int length = value.length();
    int i = 0;
    if (i < length && (value.charAt(i) == '-' || value.charAt(i) == '+')) {
      i++;
    }
    if (i < length && value.charAt(i) == '.') {
      i++;
    }
    while (i < length && value.charAt(i) == '_') {
      i++;
    }
    if (i == length || value.charAt(i) < '0' || value.charAt(i) > '9') {
      return false;
    }
    for (i++; i < length; i++) {
      if (lineTerminator(value.charAt(i))) {
        return false; // "." matches anything but a line terminator
      }
    }
    return true;
  }

  /** What {@link java.util.regex.Pattern}'s "." does not match (without DOTALL or UNIX_LINES). */
  private static boolean lineTerminator(char c) {
    return c == '\n' || c == '\r' || c == 0x85 || c == 0x2028 || c == 0x2029;
  }
}
