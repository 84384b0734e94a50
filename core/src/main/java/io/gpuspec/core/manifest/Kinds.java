package io.gpuspec.core.manifest;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.KubernetesResource;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.Enumeration;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.ServiceLoader;

/**
 * The registry of kinds the reader can map to typed model classes: every kind shipped by the
 * fabric8 model jars on the classpath (they list their classes in {@code
 * META-INF/services/io.fabric8.kubernetes.api.model.KubernetesResource}) plus the kinds that
 * gpuspec modules contribute through {@link KindProvider}.
 */
public final class Kinds {

  private static final String FABRIC8_INDEX =
      "META-INF/services/" + KubernetesResource.class.getName();

  private final Map<String, Class<? extends HasMetadata>> byKey;

  private Kinds(Map<String, Class<? extends HasMetadata>> byKey) {
    this.byKey = Map.copyOf(byKey);
  }

  /** The kinds visible from this class's class loader. */
  public static Kinds defaults() {
    return Holder.DEFAULTS;
  }

  private static final class Holder {
    static final Kinds DEFAULTS = load(Kinds.class.getClassLoader());
  }

  static Kinds load(ClassLoader loader) {
    Map<String, Class<? extends HasMetadata>> byKey = new HashMap<>();
    try {
      Enumeration<URL> indexes = loader.getResources(FABRIC8_INDEX);
      while (indexes.hasMoreElements()) {
        readIndex(indexes.nextElement(), loader, byKey);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the fabric8 model index " + FABRIC8_INDEX, e);
    }
    for (KindProvider provider : ServiceLoader.load(KindProvider.class, loader)) {
      provider.kinds().forEach(type -> byKey.put(key(type), type));
    }
    return new Kinds(byKey);
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
            byKey.putIfAbsent(key(resource), resource);
          }
        } catch (ClassNotFoundException | LinkageError e) {
          // An index entry whose class is absent: that kind is simply unknown.
        }
      }
    }
  }

  private static String key(Class<? extends HasMetadata> type) {
    return HasMetadata.getApiVersion(type) + "/" + HasMetadata.getKind(type);
  }

  /** The model class for an apiVersion and kind, if known. */
  public Optional<Class<? extends HasMetadata>> lookup(String apiVersion, String kind) {
    return Optional.ofNullable(byKey.get(apiVersion + "/" + kind));
  }

  /** How many kinds are known. */
  public int size() {
    return byKey.size();
  }
}
