package io.gpuspec.sharing;

import io.fabric8.kubernetes.api.model.HasMetadata;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;
import tools.jackson.databind.SerializationFeature;
import tools.jackson.dataformat.yaml.YAMLFactory;
import tools.jackson.dataformat.yaml.YAMLMapper;
import tools.jackson.dataformat.yaml.YAMLWriteFeature;
import tools.jackson.dataformat.yaml.util.StringQuotingChecker;

/**
 * Renders a Kubernetes object as the YAML document a user would apply (sorted keys, multi-line data
 * as literal blocks, YAML 1.1 look-alikes quoted), for golden files and the conformance check.
 */
final class ManifestYaml {

  /** Quotes strings a YAML 1.1 decoder (what the API server uses) would not read as strings. */
  private static final class Yaml11Strings extends StringQuotingChecker.Default {
    private static final long serialVersionUID = 1L;
    private static final Set<String> WORDS =
        Set.of("y", "yes", "n", "no", "true", "false", "on", "off", "null", "~");
    private static final Pattern NUMERIC = Pattern.compile("[-+.]?[0-9].*");

    @Override
    public boolean needToQuoteName(String name) {
      return super.needToQuoteName(name) || ambiguous(name);
    }

    @Override
    public boolean needToQuoteValue(String value) {
      return super.needToQuoteValue(value) || ambiguous(value);
    }

    private static boolean ambiguous(String value) {
      return value.isEmpty()
          || WORDS.contains(value.toLowerCase(Locale.ROOT))
          || NUMERIC.matcher(value).matches();
    }
  }

  private static final YAMLMapper MAPPER =
      YAMLMapper.builder(YAMLFactory.builder().stringQuotingChecker(new Yaml11Strings()).build())
          .enable(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS)
          .enable(YAMLWriteFeature.MINIMIZE_QUOTES)
          .enable(YAMLWriteFeature.LITERAL_BLOCK_STYLE)
          .disable(YAMLWriteFeature.SPLIT_LINES)
          .disable(YAMLWriteFeature.WRITE_DOC_START_MARKER)
          .build();

  private ManifestYaml() {}

  static String render(HasMetadata object) {
    return "---\n" + MAPPER.writeValueAsString(object).replace("\r\n", "\n");
  }
}
