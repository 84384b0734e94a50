package io.gpuspec.core.manifest;

import io.fabric8.kubernetes.api.model.HasMetadata;
import tools.jackson.databind.SerializationFeature;
import tools.jackson.dataformat.yaml.YAMLFactory;
import tools.jackson.dataformat.yaml.YAMLMapper;
import tools.jackson.dataformat.yaml.YAMLWriteFeature;

/**
 * Renders objects as deterministic multi-document YAML: each document starts with {@code ---}, map
 * keys are sorted, fabric8's field order is kept, line ends are {@code \n}, strings that YAML 1.1
 * (what Kubernetes decodes) would read as numbers or booleans stay quoted ({@code "4"}, {@code
 * "yes"}), and multi-line strings are {@code |} literal blocks.
 */
public final class YamlRenderer {

  static final YAMLMapper MAPPER =
      YAMLMapper.builder(YAMLFactory.builder().stringQuotingChecker(new Yaml11Quoting()).build())
          .enable(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS)
          .enable(YAMLWriteFeature.MINIMIZE_QUOTES)
          .enable(YAMLWriteFeature.ALWAYS_QUOTE_NUMBERS_AS_STRINGS)
          .enable(YAMLWriteFeature.LITERAL_BLOCK_STYLE)
          .disable(YAMLWriteFeature.SPLIT_LINES)
          .disable(YAMLWriteFeature.WRITE_DOC_START_MARKER)
          .build();

  private YamlRenderer() {}

  /** Every object of the set, in its canonical order, as one multi-document YAML text. */
  public static String render(ManifestSet manifests) {
    StringBuilder yaml = new StringBuilder();
    manifests.forEach(object -> yaml.append(render(object)));
    return yaml.toString();
  }

  /** One object as a YAML document starting with {@code ---}. */
  public static String render(HasMetadata object) {
    return "---\n" + escapeNonPrintable(MAPPER.writeValueAsString(object).replace("\r\n", "\n"));
  }

  /**
   * Escapes characters YAML does not allow unescaped (e.g. U+007F), which the emitter leaves raw
   * inside double-quoted scalars; {@link Yaml11Quoting} double-quotes every string holding one.
   */
  static String escapeNonPrintable(String yaml) {
    if (allPrintable(yaml)) {
      return yaml;
    }
    StringBuilder out = new StringBuilder(yaml.length() + 16);
    yaml.codePoints()
        .forEach(
            c -> {
              if (Yaml11Quoting.printable(c)) {
                out.appendCodePoint(c);
              } else if (c <= 0xFF) {
                out.append(String.format("\\x%02X", c));
              } else {
                out.append(String.format("\\u%04X", c));
              }
            });
    return out.toString();
  }

  /** Whether every code point is printable, in one pass over the characters. */
  static boolean allPrintable(String yaml) {
    for (int i = 0; i < yaml.length(); i++) {
      char c = yaml.charAt(i);
      if (c >= 0x20 && c <= 0x7E || c == '\n') {
        continue;
      }
      if (Character.isHighSurrogate(c)
          && i + 1 < yaml.length()
          && Character.isLowSurrogate(yaml.charAt(i + 1))) {
        i++; // a code point above U+FFFF: all of them are printable
      } else if (!Yaml11Quoting.printable(c)) {
        return false; // lone surrogates too
      }
    }
    return true;
  }
}
