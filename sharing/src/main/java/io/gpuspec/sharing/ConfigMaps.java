package io.gpuspec.sharing;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.gpuspec.core.InvalidSpecException;
import io.gpuspec.core.Labels;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;

/** ConfigMap building shared by the sharing configs: names, labels, sorted data keys. */
final class ConfigMaps {

  /** The namespace the GPU Operator is installed in by its docs; its configs must live there. */
  static final String GPU_OPERATOR_NAMESPACE = "gpu-operator";

  static final String NAME_LABEL = "app.kubernetes.io/name";
  static final String MANAGED_BY_LABEL = "app.kubernetes.io/managed-by";

  /** ConfigMap data keys: {@code [-._a-zA-Z0-9]+}, at most 253 characters. */
  private static final Pattern DATA_KEY = Pattern.compile("[-._a-zA-Z0-9]{1,253}");

  private ConfigMaps() {}

  static ConfigMap build(String name, String namespace, Map<String, String> data) {
    return new ConfigMapBuilder()
        .withNewMetadata()
        .withName(name)
        .withNamespace(namespace)
        .addToLabels(MANAGED_BY_LABEL, "gpuspec")
        .addToLabels(NAME_LABEL, name)
        .endMetadata()
        .withData(new TreeMap<>(data))
        .build();
  }

  static void checkNames(String where, String name, String namespace) {
    InvalidSpecException.require(
        Labels.isDns1123Subdomain(name) && name.length() <= 63,
        where + " name",
        "\"" + name + "\" is not a DNS-1123 name of at most 63 characters",
        "use lower-case letters, digits, '-' and '.'");
    InvalidSpecException.require(
        Labels.isDns1123Label(namespace),
        where + " namespace",
        "\"" + namespace + "\" is not a DNS-1123 label",
        "use the GPU Operator's namespace, e.g. gpu-operator");
  }

  static boolean isDataKey(String key) {
    return DATA_KEY.matcher(key).matches();
  }
}
