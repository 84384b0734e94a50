package io.gpuspec.scheduling;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.ObjectMeta;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.gpuspec.core.InvalidSpecException;
import io.gpuspec.core.Labels;
import io.gpuspec.core.report.Finding;
import io.gpuspec.core.report.ObjectRef;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Object metadata shared by every object this module renders: sorted labels with {@code
 * app.kubernetes.io/managed-by: gpuspec} and {@code app.kubernetes.io/part-of} (the recommended
 * labels of https://kubernetes.io/docs/concepts/overview/working-with-objects/common-labels/).
 */
final class Meta {

  static final String MANAGED_BY = "app.kubernetes.io/managed-by";
  static final String PART_OF = "app.kubernetes.io/part-of";
  static final String DEFAULT_PART_OF = "gpu-platform";

  private Meta() {}

  /** The labels of an object, sorted: the two recommended labels plus {@code extra}. */
  static Map<String, String> labels(String partOf, Map<String, String> extra) {
    Map<String, String> labels = new TreeMap<>(extra);
    labels.put(MANAGED_BY, "gpuspec");
    labels.put(PART_OF, partOf);
    return labels;
  }

  /** Metadata of a cluster-scoped object. */
  static ObjectMeta clusterScoped(String name, String partOf) {
    return new ObjectMetaBuilder().withName(name).withLabels(labels(partOf, Map.of())).build();
  }

  /** Metadata of a namespaced object. */
  static ObjectMeta namespaced(String name, String namespace, String partOf) {
    return new ObjectMetaBuilder()
        .withName(name)
        .withNamespace(namespace)
        .withLabels(labels(partOf, Map.of()))
        .build();
  }

  /**
   * Throws the first finding of a fact on the object a {@code build()} rendered, as rule {@code
   * ruleId} reports it.
   */
  static void requireNone(HasMetadata rendered, String ruleId, List<Finding> findings) {
    InvalidSpecException.requireNone(ruleId, ObjectRef.of(rendered), findings);
  }

  /** Checks a DNS-1123 subdomain name, the rule for most object names. */
  static void requireSubdomain(String where, String name) {
    InvalidSpecException.require(
        Labels.isDns1123Subdomain(name),
        where,
        "the name \"" + name + "\" is not a DNS-1123 subdomain",
        "use lower-case letters, digits, '-' and '.', at most 253 characters");
  }

  /** Checks a DNS-1123 label, the rule for namespace names. */
  static void requireLabel(String where, String name) {
    InvalidSpecException.require(
        Labels.isDns1123Label(name),
        where,
        "\"" + name + "\" is not a DNS-1123 label",
        "use lower-case letters, digits and '-', at most 63 characters");
  }

  /** Checks the value of {@code app.kubernetes.io/part-of}. */
  static void requirePartOf(String where, String partOf) {
    InvalidSpecException.require(
        !partOf.isEmpty() && Labels.isValue(partOf),
        where + " partOf",
        "\"" + partOf + "\" is not a valid label value",
        "use at most 63 letters, digits, '-', '_' or '.', e.g. gpu-platform");
  }

  /** Checks labels: qualified keys and valid values. */
  static void requireLabels(String where, Map<String, String> labels) {
    labels.forEach(
        (key, value) ->
            InvalidSpecException.require(
                Labels.isQualifiedName(key) && Labels.isValue(value),
                where,
                "\"" + key + "=" + value + "\" is not a valid label",
                "use a qualified key and a value of at most 63 letters, digits, '-', '_', '.'"));
  }
}
