package io.gpuspec.cel.internal.rules;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.report.SourceLocation;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import tools.jackson.databind.JsonNode;
import tools.jackson.dataformat.yaml.YAMLMapper;

/**
 * The documents as written in their files, for the objects read from YAML: a typed model drops the
 * fields it does not declare, but the API server sees them, so the CRD schema is checked on what
 * was written. Objects built in code (no source) or whose document no longer matches are checked as
 * modelled.
 */
final class WrittenDocuments {

  private static final YAMLMapper YAML = YAMLMapper.builder().build();
  private static final long MAX_FILE = 16L << 20;

  private final ManifestSet manifests;
  private final Map<Path, List<JsonNode>> files = new HashMap<>();

  WrittenDocuments(ManifestSet manifests) {
    this.manifests = manifests;
  }

  /** The document of {@code object} as written, when it can be found and still names it. */
  Optional<JsonNode> of(HasMetadata object) {
    Optional<SourceLocation> source = manifests.sourceOf(object);
    if (source.isEmpty() || source.get().file() == null) {
      return Optional.empty();
    }
    List<JsonNode> docs = files.computeIfAbsent(source.get().file(), WrittenDocuments::read);
    int index = source.get().document();
    if (index < 0 || index >= docs.size() || docs.get(index) == null) {
      return Optional.empty();
    }
    JsonNode doc = docs.get(index);
    boolean same =
        String.valueOf(object.getKind()).equals(doc.path("kind").asString(""))
            && object.getMetadata() != null
            && String.valueOf(object.getMetadata().getName())
                .equals(doc.path("metadata").path("name").asString(""));
    return same ? Optional.of(doc) : Optional.empty();
  }

  private static List<JsonNode> read(Path file) {
    try {
      if (!Files.isRegularFile(file) || Files.size(file) > MAX_FILE) {
        return List.of();
      }
      return YAML.readerFor(JsonNode.class).<JsonNode>readValues(file.toFile()).readAll();
    } catch (java.io.IOException | RuntimeException e) {
      return List.of(); // the reader has reported what is wrong with the file
    }
  }
}
