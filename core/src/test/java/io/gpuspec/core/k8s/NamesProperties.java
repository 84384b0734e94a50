package io.gpuspec.core.k8s;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.regex.Pattern;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * {@link Names}' character tests accept exactly what apimachinery's regular expressions accept:
 * each grammar against its expression, over strings near the grammar's edges.
 */
class NamesProperties {

  private static final Pattern DNS1123_LABEL = Pattern.compile("[a-z0-9]([-a-z0-9]*[a-z0-9])?");
  private static final Pattern DNS1035_LABEL = Pattern.compile("[a-z]([-a-z0-9]*[a-z0-9])?");
  private static final Pattern QUALIFIED_NAME_PART =
      Pattern.compile("([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]");
  private static final Pattern LABEL_VALUE =
      Pattern.compile("(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?");

  @Provide
  Arbitrary<String> texts() {
    Arbitrary<String> small =
        Arbitraries.strings().withChars("aZ09-_./=é \t").ofMinLength(0).ofMaxLength(12);
    Arbitrary<String> long_ =
        Arbitraries.strings().withChars("ab1-./").ofMinLength(55).ofMaxLength(270);
    Arbitrary<String> any = Arbitraries.strings().ofMaxLength(20);
    return Arbitraries.oneOf(small, small, long_, any);
  }

  @Property(tries = 3000)
  void labelsAndValues_matchTheirExpressions(@ForAll("texts") String text) {
    assertThat(Names.isDns1123Label(text))
        .isEqualTo(text.length() <= 63 && DNS1123_LABEL.matcher(text).matches());
    assertThat(Names.isDns1035Label(text))
        .isEqualTo(text.length() <= 63 && DNS1035_LABEL.matcher(text).matches());
    assertThat(Names.isValue(text))
        .isEqualTo(text.length() <= 63 && LABEL_VALUE.matcher(text).matches());
    assertThat(Names.isEnvVarName(text))
        .isEqualTo(text.chars().allMatch(c -> c >= 32 && c < 127 && c != '='));
  }

  @Property(tries = 3000)
  void subdomainsAndQualifiedNames_matchTheirExpressions(@ForAll("texts") String text) {
    assertThat(Names.isDns1123Subdomain(text)).isEqualTo(subdomain(text));
    assertThat(Names.isQualifiedName(text)).isEqualTo(qualifiedName(text));
    assertThat(Names.isExtendedResourceName(text))
        .isEqualTo(
            !(!text.contains("/") || text.contains("kubernetes.io/"))
                && !text.startsWith("requests.")
                && qualifiedName("requests." + text));
  }

  private static boolean subdomain(String value) {
    if (value.isEmpty() || value.length() > 253) {
      return false;
    }
    for (String part : value.split("\\.", -1)) {
      if (!DNS1123_LABEL.matcher(part).matches()) {
        return false;
      }
    }
    return true;
  }

  private static boolean qualifiedName(String key) {
    if (key.isEmpty()) {
      return false;
    }
    int slash = key.lastIndexOf('/');
    String name = key.substring(slash + 1);
    if (slash >= 0 && !subdomain(key.substring(0, slash))) {
      return false;
    }
    return name.length() <= 63 && QUALIFIED_NAME_PART.matcher(name).matches();
  }
}
