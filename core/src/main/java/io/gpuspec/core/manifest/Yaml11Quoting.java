package io.gpuspec.core.manifest;

import java.util.regex.Pattern;
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

  /** Numbers, also with the underscores YAML 1.1 allows: {@code ._0} reads as the float 0. */
  private static final Pattern NUMBER_LIKE = Pattern.compile("[-+]?\\.?_*[0-9].*");

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

  static boolean yaml11NonString(String value) {
    return value.isEmpty()
        || value.codePoints().anyMatch(c -> !printable(c) && c != '\n')
        || Yaml11Words.isReserved(value)
        || NUMBER_LIKE.matcher(value).matches();
  }
}
