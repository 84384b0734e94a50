package io.gpuspec.core.report;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.ObjectMeta;

/** A printable reference to a Kubernetes object: {@code kind/namespace/name}. */
public record ObjectRef(String apiVersion, String kind, String namespace, String name) {

  public static ObjectRef of(HasMetadata object) {
    ObjectMeta meta = object.getMetadata();
    String name = meta == null ? null : meta.getName();
    if (name == null && meta != null && meta.getGenerateName() != null) {
      name = meta.getGenerateName() + "*";
    }
    return new ObjectRef(
        nullToEmpty(object.getApiVersion()),
        nullToEmpty(object.getKind()),
        meta == null ? "" : nullToEmpty(meta.getNamespace()),
        name == null ? "-" : name);
  }

  private static String nullToEmpty(String value) {
    return value == null ? "" : value;
  }

  @Override
  public String toString() {
    if (kind.isEmpty()) {
      return name;
    }
    return kind + "/" + (namespace.isEmpty() ? "" : namespace + "/") + name;
  }
}
