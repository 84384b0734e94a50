package io.gpuspec.core.spi;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.ObjectMeta;
import java.util.Map;

/**
 * How rules read the identity of the objects they check, null-safe: name, namespace, labels and
 * annotations, and how a message names another object ({@code PodGroup "resnet"}). A report line
 * already prints the object a finding is about, so messages name only the other objects.
 */
public final class Subject {

  private Subject() {}

  /** {@code PodGroup "resnet"}: the kind and the name (or {@code generateName} prefix and *). */
  public static String of(HasMetadata object) {
    String kind = object.getKind() == null ? "object" : object.getKind();
    ObjectMeta meta = object.getMetadata();
    String name = meta == null ? null : meta.getName();
    if (name == null && meta != null && meta.getGenerateName() != null) {
      name = meta.getGenerateName() + "*";
    }
    return kind + " \"" + (name == null ? "" : name) + "\"";
  }

  /** The name, empty when the object has none. */
  public static String name(HasMetadata object) {
    ObjectMeta meta = object.getMetadata();
    return meta == null || meta.getName() == null ? "" : meta.getName();
  }

  /** The namespace, empty when the object does not say (kubectl's current namespace). */
  public static String namespace(HasMetadata object) {
    ObjectMeta meta = object.getMetadata();
    return meta == null || meta.getNamespace() == null ? "" : meta.getNamespace();
  }

  /** Whether two namespaces may be the same one: equal, or either unstated. */
  public static boolean sameNamespace(String a, String b) {
    return a.isEmpty() || b.isEmpty() || a.equals(b);
  }

  /** The object's labels, empty when it has none. */
  public static Map<String, String> labels(HasMetadata object) {
    ObjectMeta meta = object.getMetadata();
    return meta == null || meta.getLabels() == null ? Map.of() : meta.getLabels();
  }

  /** The annotations of an object's or a pod template's metadata, empty when there are none. */
  public static Map<String, String> annotations(ObjectMeta meta) {
    return meta == null || meta.getAnnotations() == null ? Map.of() : meta.getAnnotations();
  }
}
