package io.gpuspec.core.spi;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.gpuspec.core.k8s.Names;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * A read-only view of the objects of the set being checked, by API group and kind: a {@link
 * WorkloadAdapter} looks up the objects its kind refers to (e.g. the runtime a training job names)
 * through it. Every version of a group matches.
 */
@FunctionalInterface
public interface ObjectLookup {

  /** A lookup that finds nothing (an object adapted on its own). */
  ObjectLookup NONE = (group, kind) -> List.of();

  /**
   * The objects of this API group ({@code ""} for the core group, e.g. {@code apps}, {@code
   * trainer.kubeflow.org}) and kind, in the set's order; empty when there are none.
   */
  List<HasMetadata> objects(String group, String kind);

  /**
   * The first object of this group and kind named {@code name}: in {@code namespace} (an object
   * without a namespace is in {@code ""}), or in any namespace when {@code namespace} is {@code
   * null} (for cluster-scoped kinds).
   */
  default Optional<HasMetadata> find(
      String group, String kind, @Nullable String namespace, String name) {
    for (HasMetadata object : objects(group, kind)) {
      if (object.getMetadata() != null
          && name.equals(object.getMetadata().getName())
          && (namespace == null || namespace.equals(namespaceOf(object)))) {
        return Optional.of(object);
      }
    }
    return Optional.empty();
  }

  /** The API group of an {@code apiVersion}: {@code apps} of {@code apps/v1}, "" of {@code v1}. */
  static String groupOf(@Nullable String apiVersion) {
    return Names.apiGroup(apiVersion);
  }

  /** The object's namespace, {@code ""} when it names none. */
  static String namespaceOf(HasMetadata object) {
    String namespace = object.getMetadata() == null ? null : object.getMetadata().getNamespace();
    return namespace == null ? "" : namespace;
  }

  /** A lookup over these objects, indexed on first use. */
  static ObjectLookup of(Iterable<? extends HasMetadata> objects) {
    return new ObjectLookup() {
      private @Nullable Map<String, List<HasMetadata>> index;

      @Override
      public synchronized List<HasMetadata> objects(String group, String kind) {
        Map<String, List<HasMetadata>> known = index;
        if (known == null) {
          known = new HashMap<>();
          for (HasMetadata object : objects) {
            known
                .computeIfAbsent(
                    groupOf(object.getApiVersion()) + "/" + object.getKind(),
                    k -> new ArrayList<>())
                .add(object);
          }
          known.replaceAll((key, list) -> List.copyOf(list));
          index = known;
        }
        return known.getOrDefault(group + "/" + kind, List.of());
      }
    };
  }
}
