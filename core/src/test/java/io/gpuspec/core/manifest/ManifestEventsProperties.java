package io.gpuspec.core.manifest;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.statistics.Statistics;
import tools.jackson.databind.JsonNode;

/**
 * Differential property of the fast scanner: for every YAML file of the repository and mutants of
 * them (the reader fuzzer's mutations: fields dropped, retyped, swapped, lines duplicated, deleted
 * and re-indented, stray characters, anchors, merge keys, document markers), {@link YamlTree#parse}
 * (the fast scanner where it reads the text) and {@link YamlTree#parseFully} (the parser alone)
 * give the same events, the same documents (trees, root positions, node counts, problems, text
 * spans), the same position of every value and field as written, and the same exception where
 * reading stops.
 */
class ManifestEventsProperties {

  private static final List<String> SEEDS = seeds();

  private static List<String> seeds() {
    List<String> texts = new ArrayList<>();
    try {
      for (Path file : ManifestEventsTest.repositoryYaml()) {
        String text = ManifestEventsTest.text(file);
        // the hostile inputs (alias bombs, deep nesting) are compared unmutated by
        // ManifestEventsTest: the mutations parse their seed, which those inputs defeat
        if (text != null && !file.toString().contains("/hostile/") && text.length() < 64_000) {
          texts.add(text);
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return List.copyOf(texts);
  }

  @Provide
  Arbitrary<String> mutants() {
    Arbitrary<ReaderMutationProperties.Mutation> mutation =
        Combinators.combine(
                Arbitraries.of(ReaderMutationProperties.Kind.class),
                Arbitraries.integers().between(0, 1_000_000),
                Arbitraries.integers().between(0, 1_000_000))
            .as(ReaderMutationProperties.Mutation::new);
    return Combinators.combine(
            Arbitraries.integers().between(0, SEEDS.size() - 1),
            mutation.list().ofMinSize(0).ofMaxSize(3))
        .as(
            (seed, mutations) -> {
              String text = SEEDS.get(seed);
              for (ReaderMutationProperties.Mutation m : mutations) {
                text = ReaderMutationProperties.apply(m, text);
              }
              return text;
            });
  }

  @Property(tries = 500)
  void theFastScannerReadsAsTheParserDoes(@ForAll("mutants") String yaml) {
    Statistics.collect(ManifestEvents.scan(yaml) != null ? "fast scanner" : "parser only");
    assertThat(EventDiff.difference(yaml)).as("events of:%n%s", yaml).isNull();
    assertThat(documents(YamlTree.parse(yaml), yaml))
        .as("documents of:%n%s", yaml)
        .isEqualTo(documents(YamlTree.parseFully(yaml), yaml));
  }

  /** Every document of a tree builder as text, and how reading ended. */
  private static List<String> documents(YamlTree tree, String text) {
    List<String> out = new ArrayList<>();
    try {
      for (Optional<YamlDocument> d = tree.next(); d.isPresent(); d = tree.next()) {
        YamlDocument doc = d.get();
        StringBuilder b = new StringBuilder();
        b.append(doc.index()).append(' ').append(doc.at()).append(' ').append(doc.nodes());
        b.append(' ').append(doc.problems()).append(' ').append(doc.droppedProblems());
        b.append(" [").append(doc.text(text)).append("] ").append(doc.root());
        if (doc.root() != null && doc.nodes() <= 20_000) { // not the alias bombs' expansions
          positions(doc, doc.root(), "", b);
        }
        out.add(b.toString());
      }
    } catch (RuntimeException e) {
      out.add(e.getClass().getName() + ": " + e.getMessage());
    }
    return out;
  }

  private static void positions(YamlDocument doc, JsonNode node, String pointer, StringBuilder b) {
    if (pointer.length() > 2_000) {
      return; // the hostile files' deep nesting: compared as trees only
    }
    b.append('\n')
        .append(pointer)
        .append(' ')
        .append(doc.located().positionOf(pointer, doc.at()))
        .append(' ')
        .append(doc.located().written(pointer));
    if (node.isObject()) {
      for (Iterator<Map.Entry<String, JsonNode>> it = node.properties().iterator();
          it.hasNext(); ) {
        Map.Entry<String, JsonNode> e = it.next();
        positions(doc, e.getValue(), pointer + "/" + JsonPointer.escape(e.getKey()), b);
      }
    } else if (node.isArray()) {
      for (int i = 0; i < node.size(); i++) {
        positions(doc, node.get(i), pointer + "/" + i, b);
      }
    }
  }
}
