package io.gpuspec.core.manifest;

import io.fabric8.kubernetes.api.model.Toleration;
import java.util.List;
import java.util.Optional;
import tools.jackson.core.JacksonException;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.json.JsonMapper;

/**
 * The tolerations a pod's {@code scheduler.alpha.kubernetes.io/tolerations} annotation holds,
 * decoded as the API server decodes them: a JSON list of tolerations, unknown fields ignored.
 */
public final class AnnotatedTolerations {

  /** The annotation's key. */
  public static final String KEY = "scheduler.alpha.kubernetes.io/tolerations";

  private static final JsonMapper JSON =
      JsonMapper.builder().disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES).build();

  private AnnotatedTolerations() {}

  /** The tolerations of the annotation's value, or empty when it does not decode. */
  public static Optional<List<Toleration>> decode(String json) {
    try {
      List<Toleration> tolerations = JSON.readValue(json, new TypeReference<List<Toleration>>() {});
      return Optional.of(tolerations == null ? List.of() : tolerations);
    } catch (JacksonException notTolerations) {
      return Optional.empty();
    }
  }
}
