package io.gpuspec.core.manifest;

import static org.assertj.core.api.Assertions.assertThat;

import io.gpuspec.core.TestGpuspec;
import io.gpuspec.core.check.RuleEngine;
import io.gpuspec.core.report.Violation;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AfterContainer;
import org.snakeyaml.engine.v2.api.Dump;
import org.snakeyaml.engine.v2.api.DumpSettings;
import org.snakeyaml.engine.v2.api.Load;
import org.snakeyaml.engine.v2.api.LoadSettings;

/**
 * Mutation fuzzing of the reader: valid manifests (the conformance checker's valid examples and the
 * golden files) are mutated the way hand edits and broken generators go wrong (fields dropped,
 * duplicated, retyped, nulled or swapped; text truncated; anchors, aliases and merge keys inserted
 * where they do not belong; stray characters; broken indentation) and read. Whatever the input, the
 * reader returns findings: it throws nothing, and every finding is a reader finding on one line
 * with a file, a line and a fix.
 *
 * <p>Every rule then runs on whatever was decoded, and none may throw (no {@code ENGINE001}): pod
 * templates reach rules null-free, whatever is missing is a finding. Crashes are also counted per
 * rule and printed at the end.
 */
class ReaderMutationProperties {

  private static final List<String> SEEDS = seeds();
  private static final Pattern READER_RULE = Pattern.compile("YAML00[1-8]");
  private static final Map<String, AtomicInteger> RULE_CRASHES = new TreeMap<>();
  private static final AtomicInteger READ = new AtomicInteger();
  private static final AtomicInteger WITH_FINDINGS = new AtomicInteger();

  private static final List<Object> ODD_VALUES =
      List.of(
          0,
          -1,
          2147483648L,
          new java.math.BigInteger("99999999999999999999999"),
          1.5,
          true,
          "yes",
          "",
          "on",
          "012",
          ".inf",
          "x".repeat(300),
          List.of(),
          List.of(1, "a", List.of()),
          Map.of(),
          Map.of("a", Map.of("b", 1)),
          "\t",
          "*a",
          "&a",
          "<<");

  /** The kinds of mutation; each takes two numbers that pick where and what. */
  enum Kind {
    DROP_FIELD,
    NULL_FIELD,
    RETYPE_VALUE,
    SWAP_VALUES,
    RENAME_KEY,
    WRAP_IN_LIST,
    DUPLICATE_LINE,
    DELETE_LINE,
    SWAP_LINES,
    TRUNCATE,
    INDENT_LINE,
    INSERT_CHARACTER,
    ANCHOR_AND_ALIAS,
    MERGE_KEY,
    DOCUMENT_MARKER
  }

  record Mutation(Kind kind, int a, int b) {}

  private static List<String> seeds() {
    List<String> texts = new ArrayList<>();
    for (String folder : List.of("/upstream-valid", "/golden")) {
      try (Stream<Path> files =
          Files.list(Path.of(ReaderMutationProperties.class.getResource(folder).toURI()))) {
        for (Path file : files.sorted().toList()) {
          texts.add(Files.readString(file, StandardCharsets.UTF_8));
        }
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      } catch (URISyntaxException e) {
        throw new IllegalStateException(e);
      }
    }
    return List.copyOf(texts);
  }

  @Provide
  Arbitrary<String> mutants() {
    Arbitrary<Mutation> mutation =
        Combinators.combine(
                Arbitraries.of(Kind.class),
                Arbitraries.integers().between(0, 1_000_000),
                Arbitraries.integers().between(0, 1_000_000))
            .as(Mutation::new);
    return Combinators.combine(
            Arbitraries.integers().between(0, SEEDS.size() - 1),
            mutation.list().ofMinSize(1).ofMaxSize(4))
        .as(
            (seed, mutations) -> {
              String text = SEEDS.get(seed);
              for (Mutation m : mutations) {
                text = apply(m, text);
              }
              return text;
            });
  }

  @Property(tries = 10_000)
  void anyMutantGivesFindingsNeverAnException(@ForAll("mutants") String yaml) {
    ReadResult read = TestGpuspec.read(yaml, "mutant.yaml");
    READ.incrementAndGet();
    if (!read.problems().isEmpty()) {
      WITH_FINDINGS.incrementAndGet();
    }
    for (Violation p : read.problems()) {
      assertThat(p.ruleId()).matches(READER_RULE);
      assertThat(p.message()).isNotBlank().doesNotContain("\n").doesNotContain("internal error");
      assertThat(p.fix()).isNotBlank().doesNotContain("\n");
      assertThat(p.path()).doesNotContain("\n");
      assertThat(p.source()).isPresent();
      assertThat(p.source().get().line()).isPositive();
    }
    // A rule that throws is isolated by the engine as ENGINE001: no rule may throw on whatever
    // the reader decoded, however incomplete (counted per rule for the summary, then asserted).
    List<Violation> crashes = new ArrayList<>();
    for (Violation v : TestGpuspec.GPUSPEC.engine().check(read.manifests()).violations()) {
      if (v.ruleId().equals(RuleEngine.ENGINE_FAILURE)) {
        crashes.add(v);
        synchronized (RULE_CRASHES) {
          RULE_CRASHES
              .computeIfAbsent(v.message().split(" \\(")[0], k -> new AtomicInteger())
              .incrementAndGet();
        }
      }
    }
    assertThat(crashes).as("rules that threw on:%n%s", yaml).isEmpty();
  }

  @AfterContainer
  static void reportRuleCrashes() {
    System.out.printf(
        "reader mutation fuzzing: %d inputs read, %d with findings, 0 exceptions from the reader;"
            + " rules that threw on decoded objects (must be none): %s%n",
        READ.get(), WITH_FINDINGS.get(), RULE_CRASHES.isEmpty() ? "none" : RULE_CRASHES);
  }

  // ---------------------------------------------------------------------------------------------
  // mutations

  static String apply(Mutation m, String text) {
    return switch (m.kind()) {
      case DROP_FIELD, NULL_FIELD, RETYPE_VALUE, SWAP_VALUES, RENAME_KEY, WRAP_IN_LIST ->
          mutateTree(m, text);
      case DUPLICATE_LINE ->
          withLines(text, (lines) -> lines.add(m.a() % (lines.size() + 1), pick(lines, m.b())));
      case DELETE_LINE ->
          withLines(
              text,
              lines -> {
                if (!lines.isEmpty()) {
                  lines.remove(m.a() % lines.size());
                }
              });
      case SWAP_LINES ->
          withLines(
              text,
              lines -> {
                if (lines.size() > 1) {
                  int i = m.a() % lines.size();
                  int j = m.b() % lines.size();
                  String line = lines.get(i);
                  lines.set(i, lines.get(j));
                  lines.set(j, line);
                }
              });
      case TRUNCATE -> text.substring(0, text.isEmpty() ? 0 : m.a() % text.length());
      case INDENT_LINE ->
          withLines(
              text,
              lines -> {
                if (!lines.isEmpty()) {
                  int i = m.a() % lines.size();
                  String line = lines.get(i);
                  lines.set(
                      i, m.b() % 2 == 0 ? " ".repeat(1 + m.b() % 3) + line : line.stripLeading());
                }
              });
      case INSERT_CHARACTER -> {
        String[] odd = {
          "\t", "\0", "{", "[", "]", "}", ":", ": ", "#", "\"", "'", "&", "*", "!", "%", "|", ">",
          "- ", "\ufeff", "\u00e9", "\u2028", "\r", "\n", "?", ",", "@", "`", "~"
        };
        int at = text.isEmpty() ? 0 : m.a() % (text.length() + 1);
        yield text.substring(0, at) + odd[m.b() % odd.length] + text.substring(at);
      }
      case ANCHOR_AND_ALIAS ->
          withLines(
              text,
              lines -> {
                if (lines.size() > 1) {
                  int i = m.a() % lines.size();
                  int j = m.b() % lines.size();
                  lines.set(i, lines.get(i).replaceFirst(": ", ": &a" + (m.b() % 3) + " "));
                  lines.set(j, lines.get(j).replaceFirst(": .*", ": *a" + (m.a() % 3)));
                }
              });
      case MERGE_KEY ->
          withLines(
              text,
              lines -> {
                if (!lines.isEmpty()) {
                  int i = m.a() % lines.size();
                  String indent = lines.get(i).replaceFirst("\\S.*", "");
                  String[] merges = {
                    "<<: *a0", "<<: {x: 1}", "<<: [*a0, *a1]", "<<: 5", "<<: ~", "<<: [1]"
                  };
                  lines.add(i, indent + merges[m.b() % merges.length]);
                }
              });
      case DOCUMENT_MARKER ->
          withLines(
              text, lines -> lines.add(m.a() % (lines.size() + 1), m.b() % 2 == 0 ? "---" : "..."));
    };
  }

  private interface LineEdit {
    void edit(List<String> lines);
  }

  private static String withLines(String text, LineEdit edit) {
    List<String> lines = new ArrayList<>(List.of(text.split("\n", -1)));
    edit.edit(lines);
    return String.join("\n", lines);
  }

  private static String pick(List<String> lines, int n) {
    return lines.isEmpty() ? "" : lines.get(n % lines.size());
  }

  /** Parses the documents, changes one value or key somewhere, and writes them out again. */
  private static String mutateTree(Mutation m, String text) {
    List<Object> documents = new ArrayList<>();
    try {
      new Load(LoadSettings.builder().build()).loadAllFromString(text).forEach(documents::add);
    } catch (RuntimeException e) {
      return text; // an earlier mutation broke the text: leave it broken
    }
    List<Object[]> places = new ArrayList<>(); // {container, key or index}
    Set<Object> seen = Collections.newSetFromMap(new IdentityHashMap<>());
    for (Object document : documents) {
      collect(document, places, seen);
    }
    if (places.isEmpty()) {
      return text;
    }
    Object[] place = places.get(m.a() % places.size());
    Object[] other = places.get(m.b() % places.size());
    switch (m.kind()) {
      case DROP_FIELD -> remove(place);
      case NULL_FIELD -> set(place, null);
      case RETYPE_VALUE -> set(place, ODD_VALUES.get(m.b() % ODD_VALUES.size()));
      case SWAP_VALUES -> {
        Object value = get(place);
        set(place, get(other));
        set(other, value);
      }
      case RENAME_KEY -> {
        if (place[0] instanceof Map<?, ?> && place[1] instanceof String key) {
          Object value = get(place);
          remove(place);
          String renamed = key.isEmpty() ? "x" : key.substring(0, key.length() - 1) + "_";
          set(new Object[] {place[0], renamed}, value);
        }
      }
      case WRAP_IN_LIST -> set(place, new ArrayList<>(Collections.singletonList(get(place))));
      default -> throw new IllegalArgumentException(m.kind().toString());
    }
    try {
      return new Dump(DumpSettings.builder().build()).dumpAllToString(documents.iterator());
    } catch (RuntimeException e) {
      return text; // a shared value made a cycle: keep the text as it was
    }
  }

  /** Every place a value sits in; each shared (aliased) container once, so cycles end. */
  private static void collect(Object node, List<Object[]> places, Set<Object> seen) {
    if ((node instanceof Map<?, ?> || node instanceof List<?>) && !seen.add(node)) {
      return;
    }
    if (node instanceof Map<?, ?> map) {
      for (Object key : new ArrayList<>(map.keySet())) {
        places.add(new Object[] {map, key});
        collect(map.get(key), places, seen);
      }
    } else if (node instanceof List<?> list) {
      for (int i = 0; i < list.size(); i++) {
        places.add(new Object[] {list, i});
        collect(list.get(i), places, seen);
      }
    }
  }

  private static Object get(Object[] place) {
    if (place[0] instanceof Map<?, ?> map) {
      return map.get(place[1]);
    }
    List<?> list = (List<?>) place[0];
    int i = (Integer) place[1];
    return i < list.size() ? list.get(i) : null;
  }

  @SuppressWarnings("unchecked")
  private static void set(Object[] place, Object value) {
    if (place[0] instanceof Map<?, ?> map) {
      ((Map<Object, Object>) map).put(place[1], value);
    } else {
      List<Object> list = (List<Object>) place[0];
      int i = (Integer) place[1];
      if (i < list.size()) {
        list.set(i, value);
      }
    }
  }

  private static void remove(Object[] place) {
    if (place[0] instanceof Map<?, ?> map) {
      map.remove(place[1]);
    } else {
      List<?> list = (List<?>) place[0];
      int i = (Integer) place[1];
      if (i < list.size()) {
        list.remove(i);
      }
    }
  }
}
