package io.gpuspec.core.manifest;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.gpuspec.core.TestGpuspec;
import io.gpuspec.core.check.Gpuspec;
import java.io.IOException;
import java.lang.reflect.Field;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;

/**
 * The reader split into parts reads exactly what the single-class reader it replaces read: the same
 * findings (ids, severities, objects, paths, messages, fixes, files, lines and columns), the same
 * objects from the same places, and the same index of where each field was written.
 */
class ReaderEquivalenceProperties {

  private static final Gpuspec GPUSPEC = TestGpuspec.GPUSPEC;
  private static final List<DocumentRecognizer> RECOGNIZERS = recognizers();
  private static List<String> seeds;
  private static Path generated;

  @SuppressWarnings("unchecked")
  private static List<DocumentRecognizer> recognizers() {
    try {
      Field field = Gpuspec.class.getDeclaredField("recognizers");
      field.setAccessible(true);
      return (List<DocumentRecognizer>) field.get(GPUSPEC);
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException(e);
    }
  }

  @BeforeContainer
  static void readSeeds() throws IOException, URISyntaxException {
    List<String> texts = new ArrayList<>();
    for (String folder : List.of("/upstream-valid", "/golden")) {
      try (Stream<Path> files =
          Files.list(Path.of(ReaderEquivalenceProperties.class.getResource(folder).toURI()))) {
        for (Path file : files.sorted().toList()) {
          if (Files.isRegularFile(file)) {
            texts.add(new String(Files.readAllBytes(file), StandardCharsets.UTF_8));
          }
        }
      }
    }
    seeds = List.copyOf(texts);
    generated = Files.createTempDirectory("reader-equivalence");
    HostileCorpus.generate(generated, new ArrayList<>());
  }

  @AfterContainer
  static void removeGenerated() throws IOException {
    if (generated != null) {
      try (Stream<Path> all = Files.walk(generated)) {
        for (Path path : all.sorted(java.util.Comparator.reverseOrder()).toList()) {
          path.toFile().setWritable(true);
          path.toFile().setReadable(true);
          path.toFile().setExecutable(true);
          Files.deleteIfExists(path);
        }
      }
    }
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
            Arbitraries.integers().between(0, seeds.size() - 1), mutation.list().ofMaxSize(4))
        .as(
            (seed, mutations) -> {
              String text = seeds.get(seed);
              for (ReaderMutationProperties.Mutation m : mutations) {
                text = ReaderMutationProperties.apply(m, text);
              }
              return text;
            });
  }

  @Property(tries = 4_000)
  void anyTextReadsAsBefore(@ForAll("mutants") String yaml) {
    assertSame(
        ManifestReader.read(
            GPUSPEC.kinds(), RECOGNIZERS, GPUSPEC.writeOrder(), yaml, "dir/mutant.yaml"),
        LegacyManifestReader.read(
            GPUSPEC.kinds(), RECOGNIZERS, GPUSPEC.writeOrder(), yaml, "dir/mutant.yaml"));
  }

  @Example
  void everyHostileFileAndDirectoryReadsAsBefore() throws IOException {
    List<Path> paths = new ArrayList<>(List.of(HostileCorpus.committedDirectory()));
    try (Stream<Path> all = Files.walk(generated)) {
      all.filter(p -> !p.equals(generated)).sorted().forEach(paths::add);
    }
    paths.add(generated.resolve("does-not-exist.yaml"));
    for (Path path : paths) {
      assertSame(
          ManifestReader.read(GPUSPEC.kinds(), RECOGNIZERS, GPUSPEC.writeOrder(), List.of(path)),
          LegacyManifestReader.read(
              GPUSPEC.kinds(), RECOGNIZERS, GPUSPEC.writeOrder(), List.of(path)));
    }
  }

  private static void assertSame(ReadResult now, ReadResult before) {
    assertThat(now.problems()).isEqualTo(before.problems());
    List<HasMetadata> objects = now.manifests().objects();
    List<HasMetadata> expected = before.manifests().objects();
    assertThat(objects.stream().map(String::valueOf).toList())
        .isEqualTo(expected.stream().map(String::valueOf).toList());
    Map<HasMetadata, Object> nowOrigins = origins(now.manifests());
    Map<HasMetadata, Object> beforeOrigins = origins(before.manifests());
    for (int i = 0; i < objects.size(); i++) {
      assertThat(nowOrigins.get(objects.get(i)))
          .usingRecursiveComparison()
          .ignoringFieldsMatchingRegexes("(.*\\.)?byKey")
          .isEqualTo(beforeOrigins.get(expected.get(i)));
    }
  }

  @SuppressWarnings("unchecked")
  private static Map<HasMetadata, Object> origins(ManifestSet set) {
    try {
      Field field = ManifestSet.class.getDeclaredField("sources");
      field.setAccessible(true);
      return (Map<HasMetadata, Object>) field.get(set);
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException(e);
    }
  }
}
