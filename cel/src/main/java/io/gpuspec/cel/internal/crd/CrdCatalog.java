package io.gpuspec.cel.internal.crd;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.MappingIterator;
import tools.jackson.dataformat.yaml.YAMLMapper;

/**
 * The CustomResourceDefinitions whose resources gpuspec validates: the bundled upstream CRDs (see
 * {@code crds/SOURCES.md}), read lazily when a resource of their kind is checked, plus the user's
 * own (files, directories, or CRD documents in the set being checked). A user CRD of the same group
 * and kind replaces the bundled one.
 */
public final class CrdCatalog {

  private static final String BUNDLE = "/io/gpuspec/cel/crds/";
  private static final YAMLMapper YAML = YAMLMapper.builder().build();
  private static final Map<String, String> BUNDLED_FILES = readIndex();
  private static final Map<String, List<CrdVersion>> BUNDLED = new ConcurrentHashMap<>();
  private static final CrdCatalog BUNDLED_ONLY = new CrdCatalog(Map.of());

  private final Map<String, List<CrdVersion>> extra;

  private CrdCatalog(Map<String, List<CrdVersion>> extra) {
    this.extra = extra;
  }

  /** Only the bundled CRDs. */
  public static CrdCatalog bundled() {
    return BUNDLED_ONLY;
  }

  /**
   * The bundled CRDs plus those in {@code paths} (YAML files, or directories searched for {@code
   * *.yaml}/{@code *.yml}); documents that are not CustomResourceDefinitions are ignored.
   *
   * @throws CrdFileException when a file cannot be read or a CRD in it has no usable schema
   */
  public static CrdCatalog withFiles(List<Path> paths) throws CrdFileException {
    Map<String, List<CrdVersion>> extra = new LinkedHashMap<>();
    for (Path path : paths) {
      for (Path file : yamlFiles(path)) {
        try (MappingIterator<JsonNode> docs =
            YAML.readerFor(JsonNode.class).readValues(file.toFile())) {
          while (docs.hasNext()) {
            addCrd(docs.next(), file.getFileName().toString(), extra);
          }
        } catch (JacksonException | IllegalArgumentException e) {
          throw new CrdFileException(
              file
                  + ": cannot read the CustomResourceDefinition: "
                  + firstLine(e.getMessage())
                  + "; give a YAML file of apiextensions.k8s.io/v1 CustomResourceDefinitions");
        }
      }
    }
    return new CrdCatalog(extra);
  }

  /** This catalog plus the CRD documents of a set being checked (as JSON trees). */
  CrdCatalog plusDocuments(List<JsonNode> crds) throws CrdFileException {
    if (crds.isEmpty()) {
      return this;
    }
    Map<String, List<CrdVersion>> more = new LinkedHashMap<>(extra);
    for (JsonNode crd : crds) {
      addCrd(crd, "the checked set", more);
    }
    return new CrdCatalog(more);
  }

  /** The CRD versions of {@code group} and {@code kind} (empty when no CRD defines the kind). */
  public List<CrdVersion> versions(String group, String kind) {
    String key = group + "/" + kind;
    List<CrdVersion> own = extra.get(key);
    if (own != null) {
      return own;
    }
    String file = BUNDLED_FILES.get(key);
    if (file == null) {
      return List.of();
    }
    return BUNDLED.computeIfAbsent(key, k -> loadBundled(file, group, kind));
  }

  /** Whether the CRD of {@code group} and {@code kind} is a bundled one (not the user's). */
  public boolean isBundled(String group, String kind) {
    String key = group + "/" + kind;
    return !extra.containsKey(key) && BUNDLED_FILES.containsKey(key);
  }

  /** The schema of one served version. */
  public Optional<CrdVersion> find(String apiVersion, String kind) {
    int slash = apiVersion.indexOf('/');
    if (slash < 0) {
      return Optional.empty();
    }
    String version = apiVersion.substring(slash + 1);
    return versions(apiVersion.substring(0, slash), kind).stream()
        .filter(v -> v.version().equals(version))
        .findFirst();
  }

  /** Every bundled CRD as (group/kind → resource file name). */
  public static Map<String, String> bundledFiles() {
    return Collections.unmodifiableMap(BUNDLED_FILES);
  }

  private static List<CrdVersion> loadBundled(String file, String group, String kind) {
    try (InputStream in = CrdCatalog.class.getResourceAsStream(BUNDLE + file)) {
      if (in == null) {
        throw new IllegalStateException("bundled CRD " + file + " is missing from the jar");
      }
      Map<String, List<CrdVersion>> read = new LinkedHashMap<>();
      addCrd(YAML.readTree(in), file, read);
      return read.getOrDefault(group + "/" + kind, List.of());
    } catch (IOException | CrdFileException e) {
      throw new IllegalStateException(
          "bundled CRD " + file + " cannot be read: " + e.getMessage(), e);
    }
  }

  private static void addCrd(JsonNode doc, String origin, Map<String, List<CrdVersion>> into)
      throws CrdFileException {
    if (doc == null
        || !"CustomResourceDefinition".equals(doc.path("kind").asString(""))
        || !doc.path("apiVersion").asString("").startsWith("apiextensions.k8s.io/")) {
      return;
    }
    JsonNode spec = doc.path("spec");
    String group = spec.path("group").asString("");
    String kind = spec.path("names").path("kind").asString("");
    String name = doc.path("metadata").path("name").asString(kind);
    if (group.isEmpty() || kind.isEmpty()) {
      throw new CrdFileException(
          origin + ": CRD " + name + " has no spec.group or spec.names.kind; add both");
    }
    List<CrdVersion> versions = new ArrayList<>();
    for (JsonNode v : spec.path("versions")) {
      if (!v.path("served").asBoolean(true)) {
        continue;
      }
      JsonNode schema = v.path("schema").path("openAPIV3Schema");
      if (schema.isMissingNode()) {
        schema = spec.path("validation").path("openAPIV3Schema");
      }
      if (!schema.isObject()) {
        throw new CrdFileException(
            origin
                + ": CRD "
                + name
                + " version "
                + v.path("name").asString("")
                + " has no schema.openAPIV3Schema; add the structural schema");
      }
      versions.add(new CrdVersion(group, kind, v.path("name").asString(""), schema, origin));
    }
    into.put(group + "/" + kind, List.copyOf(versions));
  }

  private static List<Path> yamlFiles(Path path) throws CrdFileException {
    if (Files.isRegularFile(path)) {
      return List.of(path);
    }
    if (!Files.isDirectory(path)) {
      throw new CrdFileException(
          path + ": no such CRD file or directory; give a YAML file or a directory");
    }
    try (Stream<Path> walk = Files.walk(path, 8)) {
      return walk.filter(Files::isRegularFile)
          .filter(p -> p.toString().endsWith(".yaml") || p.toString().endsWith(".yml"))
          .sorted()
          .toList();
    } catch (IOException | UncheckedIOException e) {
      throw new CrdFileException(
          path + ": cannot list the directory: " + e.getMessage() + "; check its permissions");
    }
  }

  private static Map<String, String> readIndex() {
    Map<String, String> index = new LinkedHashMap<>();
    try (InputStream in = CrdCatalog.class.getResourceAsStream(BUNDLE + "index.txt")) {
      if (in == null) {
        return index;
      }
      BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
      for (String line = reader.readLine(); line != null; line = reader.readLine()) {
        String[] parts = line.trim().split("\\s+");
        if (!line.startsWith("#") && parts.length >= 3) {
          index.put(parts[1] + "/" + parts[2], parts[0]);
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the bundled CRD index", e);
    }
    return index;
  }

  private static String firstLine(@Nullable String message) {
    return message == null ? "" : message.lines().findFirst().orElse("");
  }
}
