package io.gpuspec.core.internal.rules;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.gpuspec.core.facts.ConfigMapFacts;
import io.gpuspec.core.manifest.ManifestSet;
import io.gpuspec.core.report.Severity;
import io.gpuspec.core.spi.BaseRule;
import io.gpuspec.core.spi.CheckContext;
import io.gpuspec.core.spi.RuleInfo;

/**
 * K8S035: the API server rejects a ConfigMap with a key that is not a file-name-like key, a key in
 * both data and binaryData, or more than 1 MiB of values (a large mig-parted or device-plugin
 * config can approach it). The fact is {@link ConfigMapFacts#valid}.
 *
 * <p>Upstream: <a
 * href="https://kubernetes.io/docs/concepts/configuration/configmap/">ConfigMaps</a> and <a
 * href="https://github.com/kubernetes/kubernetes/blob/master/pkg/apis/core/validation/validation.go">core
 * validation</a>.
 */
public final class ConfigMapKeysValid extends BaseRule {
  public ConfigMapKeysValid() {
    super(
        RuleInfo.builder()
            .apiServerRejects(true)
            .id(ConfigMapFacts.RULE)
            .severity(Severity.ERROR)
            .title("ConfigMap keys are valid and unique, and the values at most 1 MiB")
            .why(
                "The API server rejects a ConfigMap key with characters other than letters, digits, '-', '_' and '.', longer than 253, '.' or starting with '..', a key in both data and binaryData, and more than 1 MiB of values.")
            .fix("Name keys like file names (config.yaml) and keep each ConfigMap under 1 MiB.")
            .addKinds("ConfigMap")
            .documentation("https://kubernetes.io/docs/concepts/configuration/configmap/")
            .build());
  }

  @Override
  public void check(ManifestSet manifests, CheckContext context) {
    for (ConfigMap configMap : manifests.ofType(ConfigMap.class)) {
      ConfigMapFacts.valid(configMap).forEach(f -> context.report(configMap, f));
    }
  }
}
