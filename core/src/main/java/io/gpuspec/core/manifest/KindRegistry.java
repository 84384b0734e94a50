package io.gpuspec.core.manifest;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.KubernetesResource;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.Enumeration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;

/**
 * The kinds the reader can decode into typed model classes: every kind of the fabric8 model jars
 * visible from a class loader (they list their classes in {@code
 * META-INF/services/io.fabric8.kubernetes.api.model.KubernetesResource}) plus the kinds gpuspec
 * modules contribute. An instance belongs to one class loader; build it with {@link #load}.
 */
public final class KindRegistry {

  private static final String FABRIC8_INDEX =
      "META-INF/services/" + KubernetesResource.class.getName();
  private static final String MODULE_HINTS = "module-hints.properties";

  private final Map<String, Class<? extends HasMetadata>> byKey;
  private final Properties moduleHints;
  private final EmbeddedTemplates embedded;

  private KindRegistry(
      Map<String, Class<? extends HasMetadata>> byKey,
      Properties hints,
      EmbeddedTemplates embedded) {
    this.byKey = Map.copyOf(byKey);
    this.moduleHints = hints;
    this.embedded = embedded;
  }

  /**
   * These kinds, and the pod templates of objects of kinds without a model class that {@code
   * embedded} describes (decoded strictly, no "kind not known" finding).
   */
  public KindRegistry withEmbeddedTemplates(EmbeddedTemplates embedded) {
    return new KindRegistry(byKey, moduleHints, embedded);
  }

  /** Where the pod templates of objects of kinds without a model class are. */
  public EmbeddedTemplates embeddedTemplates() {
    return embedded;
  }

  /** The fabric8 kinds visible from {@code loader}, plus {@code moduleKinds}, which win. */
  public static KindRegistry load(ClassLoader loader, List<ResourceKind> moduleKinds) {
    Map<String, Class<? extends HasMetadata>> byKey = new HashMap<>();
    try {
      Enumeration<URL> indexes = loader.getResources(FABRIC8_INDEX);
      while (indexes.hasMoreElements()) {
        readIndex(indexes.nextElement(), loader, byKey);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the fabric8 model index " + FABRIC8_INDEX, e);
    }
    moduleKinds.forEach(kind -> byKey.put(kind.apiVersion() + "/" + kind.kind(), kind.type()));
    return new KindRegistry(byKey, readHints(), EmbeddedTemplates.NONE);
  }

  private static void readIndex(
      URL index, ClassLoader loader, Map<String, Class<? extends HasMetadata>> byKey)
      throws IOException {
    try (BufferedReader lines =
        new BufferedReader(new InputStreamReader(index.openStream(), StandardCharsets.UTF_8))) {
      String line;
      while ((line = lines.readLine()) != null) {
        String className = line.strip();
        if (className.isEmpty() || className.startsWith("#")) {
          continue;
        }
        try {
          Class<?> type = Class.forName(className, false, loader);
          if (HasMetadata.class.isAssignableFrom(type) && !className.endsWith("List")) {
            Class<? extends HasMetadata> resource = type.asSubclass(HasMetadata.class);
            byKey.putIfAbsent(
                HasMetadata.getApiVersion(resource) + "/" + HasMetadata.getKind(resource),
                resource);
          }
        } catch (ClassNotFoundException | LinkageError e) {
          // An index entry whose class is absent: that kind is simply unknown.
        }
      }
    }
  }

  private static Properties readHints() {
    Properties hints = new Properties();
    try (InputStream in = KindRegistry.class.getResourceAsStream(MODULE_HINTS)) {
      if (in != null) {
        hints.load(in);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + MODULE_HINTS + " of gpuspec-core", e);
    }
    return hints;
  }

  /** The model class for an apiVersion and kind, if known. */
  public Optional<Class<? extends HasMetadata>> lookup(String apiVersion, String kind) {
    return Optional.ofNullable(byKey.get(apiVersion + "/" + kind));
  }

  /**
   * The advice for an object of an unknown kind: which gpuspec module models the kind (absent from
   * the class path, or modelling it at another apiVersion), or that none does.
   */
  public String unknownKindFix(String apiVersion, String kind) {
    String module = moduleHints.getProperty(apiVersion + "/" + kind);
    if (module != null) {
      return module + " models this kind: add it to the class path";
    }
    String group = apiVersion.contains("/") ? apiVersion.substring(0, apiVersion.indexOf('/')) : "";
    String newest = null; // of the group's versions that model the kind, the last in sort order
    for (String key : moduleHints.stringPropertyNames().stream().sorted().toList()) {
      boolean sameGroup = !group.isEmpty() && key.startsWith(group + "/");
      if (sameGroup && key.endsWith("/" + kind)) {
        newest = key;
      }
    }
    if (newest == null) {
      return "no gpuspec module models this kind";
    }
    return moduleHints.getProperty(newest)
        + " models "
        + kind
        + " at apiVersion "
        + newest.substring(0, newest.lastIndexOf('/'))
        + ": write that apiVersion";
  }

  /** How many kinds are known. */
  public int size() {
    return byKey.size();
  }
}
