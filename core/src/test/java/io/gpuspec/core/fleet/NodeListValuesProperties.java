package io.gpuspec.core.fleet;

import static org.assertj.core.api.Assertions.assertThat;

import io.gpuspec.core.manifest.PlainScalars;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * The node-list reader's shortcuts for plain scalars (long texts that cannot be numbers, remembered
 * short words) give the reader's own answer for every text: numbers, words, IP addresses, versions
 * and ids made of the characters numbers are made of.
 */
class NodeListValuesProperties {

  @Provide
  Arbitrary<String> scalars() {
    Arbitrary<String> numberLike =
        Arbitraries.strings()
            .withChars("0123456789.eE+-_xobabcdfABCDF:")
            .ofMinLength(1)
            .ofMaxLength(14);
    Arbitrary<String> words =
        Arbitraries.of(
            "yes",
            "No",
            "TRUE",
            "off",
            "On",
            "null",
            "~",
            "y",
            ".inf",
            "-.Inf",
            ".NaN",
            "1e3",
            "10.1.0.2",
            "0x1F",
            "0b101",
            "012",
            "1_000",
            "+12.5e-3",
            "-0.5",
            "6.1.128-136",
            "v1");
    return Arbitraries.oneOf(numberLike, words);
  }

  @Property(tries = 2000)
  void answersAsTheReaderDoes(@ForAll("scalars") String text) {
    NodeListValues values = new NodeListValues();
    boolean expected = PlainScalars.isString(text);
    assertThat(values.plainIsString(text)).isEqualTo(expected);
    assertThat(values.plainIsString(text)).as("remembered").isEqualTo(expected);
  }

  @Example
  void addressesAndVersionsAreStringsNumbersAreNot() {
    NodeListValues values = new NodeListValues();
    assertThat(values.plainIsString("10.1.0.2")).isTrue();
    assertThat(values.plainIsString("3c77c134-78ea")).isTrue();
    assertThat(values.plainIsString("1.5e+10")).isFalse();
    assertThat(values.plainIsString("-12.25")).isFalse();
    assertThat(values.plainIsString("100000")).isFalse();
  }
}
