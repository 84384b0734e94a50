package io.gpuspec.core.fleet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.BufferedReader;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;

/**
 * Differential: {@link NodeListLines} splits any UTF-8 text into the lines {@link
 * BufferedReader#readLine} gives — terminators {@code \n}, {@code \r} and {@code \r\n} anywhere,
 * including across the ends of its chunks, non-ASCII text, lines longer than a chunk — and stops at
 * bytes that are not UTF-8.
 */
class NodeListLinesProperties {

  @Provide
  Arbitrary<String> texts() {
    Arbitrary<String> piece =
        Arbitraries.oneOf(
            Arbitraries.strings().withCharRange('a', 'z').ofMaxLength(12),
            Arbitraries.of("\n", "\r", "\r\n", "\n\n", "\r\r\n", " ", ": ", "- "),
            Arbitraries.of("é", "ü: ö", "日本", "\uD83D\uDE00", "\u0085", "\u2028", "\uFEFF"),
            Arbitraries.strings().withCharRange('0', '9').ofMinLength(20).ofMaxLength(60));
    return piece.list().ofMaxSize(60).map(p -> String.join("", p));
  }

  @Property(tries = 300)
  void splitsAsReadLineDoes(
      @ForAll("texts") String text, @ForAll @IntRange(min = 1, max = 40) int chunk)
      throws IOException {
    byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
    assertThat(lines(bytes, chunk)).isEqualTo(readLines(bytes));
  }

  @Example
  void aLineLongerThanManyChunks() throws IOException {
    String text = "a".repeat(5000) + "\r" + "é".repeat(3000) + "\r\nend";
    byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
    assertThat(lines(bytes, 7)).isEqualTo(readLines(bytes)).hasSize(3);
  }

  @Example
  void bytesThatAreNotUtf8StopAtTheirLine() throws IOException {
    byte[] bytes = {'a', '\n', 'b', (byte) 0xC3, '\n', 'c'};
    Path file = Files.createTempFile("lines", ".yaml");
    try {
      Files.write(file, bytes);
      try (NodeListLines in = new NodeListLines(file, 3)) {
        assertThat(in.next()).isEqualTo("a");
        assertThatThrownBy(in::next).isInstanceOf(CharacterCodingException.class);
      }
    } finally {
      Files.delete(file);
    }
  }

  private static List<String> lines(byte[] bytes, int chunk) throws IOException {
    Path file = Files.createTempFile("lines", ".yaml");
    try {
      Files.write(file, bytes);
      List<String> lines = new ArrayList<>();
      try (NodeListLines in = new NodeListLines(file, chunk)) {
        for (String line = in.next(); line != null; line = in.next()) {
          lines.add(line);
        }
      }
      return lines;
    } finally {
      Files.delete(file);
    }
  }

  private static List<String> readLines(byte[] bytes) throws IOException {
    var decoder =
        StandardCharsets.UTF_8
            .newDecoder()
            .onMalformedInput(CodingErrorAction.REPORT)
            .onUnmappableCharacter(CodingErrorAction.REPORT);
    List<String> lines = new ArrayList<>();
    try (BufferedReader in =
        new BufferedReader(new InputStreamReader(new ByteArrayInputStream(bytes), decoder))) {
      for (String line = in.readLine(); line != null; line = in.readLine()) {
        lines.add(line);
      }
    }
    return lines;
  }
}
