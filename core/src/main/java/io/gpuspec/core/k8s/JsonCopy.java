package io.gpuspec.core.k8s;

import io.fabric8.kubernetes.api.model.PodSpec;
import tools.jackson.databind.json.JsonMapper;

/**
 * A pod spec copied through JSON, for specs that fabric8's builders refuse to copy (they parse
 * quantities again and refuse some that the reader took).
 */
final class JsonCopy {

  private static final JsonMapper JSON = JsonMapper.builder().build();

  private JsonCopy() {}

  static PodSpec of(PodSpec spec) {
    return JSON.convertValue(spec, PodSpec.class);
  }
}
