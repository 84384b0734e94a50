package io.gpuspec.cel;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.gpuspec.cel.internal.crd.CrdCatalog;
import io.gpuspec.cel.internal.crd.CrdValidation;
import io.gpuspec.core.check.Gpuspec;
import io.gpuspec.core.manifest.ManifestSet;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** The valid upstream examples of each project pass their bundled CRDs (schema and CEL rules). */
class UpstreamExamplesTest {

  static Stream<Path> examples() throws IOException, URISyntaxException {
    Path root = Path.of(UpstreamExamplesTest.class.getResource("/upstream").toURI());
    List<Path> files = new ArrayList<>();
    try (Stream<Path> walk = Files.walk(root)) {
      walk.filter(p -> p.toString().endsWith(".yaml"))
          .filter(p -> !p.toString().contains("nvidia-dra"))
          .sorted()
          .forEach(files::add);
    }
    return files.stream();
  }

  static ManifestSet read(Path file) {
    return Gpuspec.load().read(List.of(file)).manifests();
  }

  @ParameterizedTest
  @MethodSource("examples")
  void upstreamExample_passesItsCrd(Path file) {
    ManifestSet set = read(file);
    int validated = 0;
    List<String> problems = new ArrayList<>();
    for (HasMetadata object : set) {
      if (CrdCatalog.bundled().find(object.getApiVersion(), object.getKind()).isPresent()) {
        validated++;
      }
      CrdValidation.validate(object, CrdCatalog.bundled())
          .forEach(p -> problems.add(object.getKind() + " " + p.path() + ": " + p.message()));
    }
    assertThat(problems).as(file.getFileName().toString()).isEmpty();
    assertThat(validated).as("custom resources validated in " + file.getFileName()).isPositive();
  }
}
