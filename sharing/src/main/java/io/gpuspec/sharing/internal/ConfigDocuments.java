package io.gpuspec.sharing.internal;

import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.gpuspec.core.manifest.DocumentRecognizer;
import io.gpuspec.sharing.internal.support.EmbeddedConfig;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Claims standalone device-plugin and mig-parted config files ({@code version: v1} with {@code
 * sharing}/{@code flags} or {@code mig-configs}), which are not Kubernetes objects, so that the
 * sharing rules check them as if they were embedded in a ConfigMap: a synthetic ConfigMap named
 * after the file holds the document's text under the file name, e.g. {@code
 * data[time-slicing.yaml]}. The device plugin reads such a file with {@code --config-file}; the GPU
 * Operator's helm chart takes one as {@code devicePlugin.config.data}.
 */
public final class ConfigDocuments implements DocumentRecognizer {

  private static final Pattern DATA_KEY = Pattern.compile("[-._a-zA-Z0-9]{1,253}");
  private static final Pattern NOT_NAME = Pattern.compile("[^a-z0-9-]+");

  @Override
  public Optional<HasMetadata> recognize(Document document) {
    if (EmbeddedConfig.classify(document.content()).isEmpty()) {
      return Optional.empty();
    }
    String file = document.fileName();
    String key = DATA_KEY.matcher(file).matches() ? file : "config.yaml";
    return Optional.of(
        new ConfigMapBuilder()
            .withNewMetadata()
            .withName(name(file, document.index()))
            .addToAnnotations(SYNTHETIC_ANNOTATION, file)
            .endMetadata()
            .addToData(key, document.text())
            .build());
  }

  /** A DNS-1123 name from the file name, e.g. {@code time-slicing-yaml}; {@code -1}… per doc. */
  static String name(String file, int index) {
    String base = NOT_NAME.matcher(file.toLowerCase(Locale.ROOT)).replaceAll("-");
    base = base.replaceAll("^-+|-+$", "");
    String suffix = index == 0 ? "" : "-" + index;
    if (base.length() > 63 - suffix.length()) {
      base = base.substring(0, 63 - suffix.length()).replaceAll("-+$", "");
    }
    return (base.isEmpty() ? "config" : base) + suffix;
  }
}
