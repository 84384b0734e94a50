package io.gpuspec.core.manifest;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * The writer's one-pass character tests decide exactly as their definitions do: a regular
 * expression for number-shaped strings and code-point streams for printable text, kept here as the
 * reference.
 */
class Yaml11QuotingProperties {

  private static final Pattern NUMBER_LIKE = Pattern.compile("[-+]?\\.?_*[0-9].*");

  private static boolean reference(String value) {
    return value.isEmpty()
        || value.codePoints().anyMatch(c -> !Yaml11Quoting.printable(c) && c != '\n')
        || Yaml11Words.isReserved(value)
        || NUMBER_LIKE.matcher(value).matches();
  }

  @Property(tries = 3000)
  void quotesExactlyWhatTheDefinitionQuotes(@ForAll("scalars") String value) {
    assertThat(Yaml11Quoting.yaml11NonString(value)).as("%s", value).isEqualTo(reference(value));
  }

  @Property(tries = 3000)
  void findsExactlyTheTextsThatNeedEscapes(@ForAll("scalars") String value) {
    assertThat(YamlRenderer.allPrintable(value))
        .as("%s", value)
        .isEqualTo(value.codePoints().allMatch(Yaml11Quoting::printable));
  }

  /**
   * Short strings over the characters that matter: signs, dots, underscores, digits, the letters of
   * the reserved words in both cases, line terminators, controls, surrogates (paired and lone),
   * non-ASCII letters whose lower case differs in length; and the reserved words themselves, some
   * with a character added.
   */
  @Provide
  Arbitrary<String> scalars() {
    Arbitrary<Character> chars =
        Arbitraries.of(
            '-', '+', '.', '_', '0', '7', '9', 'a', 'e', 'f', 'i', 'l', 'n', 'o', 'r', 's', 't',
            'u', 'y', 'N', 'O', 'Y', 'T', 'F', 'I', '~', ' ', ':', '#', '\n', '\r', '\t', '\u0085',
            '\u2028', '\u2029', '\u0000', '\u007f', '\u00a0', '\u0130', '\ud83d', '\ude00',
            '\ufeff', '\ufffe', 'é');
    Arbitrary<String> random = chars.list().ofMaxSize(8).map(Yaml11QuotingProperties::join);
    Arbitrary<String> words =
        Combinators.combine(
                Arbitraries.of(Yaml11Words.reserved().toArray(new String[0])),
                Arbitraries.of("", "\n", "x", "\u0130", "0", "Y"),
                Arbitraries.of(true, false))
            .as((word, extra, upper) -> (upper ? word.toUpperCase(Locale.ROOT) : word) + extra);
    return Arbitraries.oneOf(random, words);
  }

  private static String join(List<Character> chars) {
    StringBuilder text = new StringBuilder();
    chars.forEach(text::append);
    return text.toString();
  }
}
