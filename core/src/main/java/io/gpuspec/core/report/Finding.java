package io.gpuspec.core.report;

import java.util.Objects;

/**
 * What one validity fact found in one object: the field (Kubernetes field-path style, e.g. {@code
 * spec.template.spec.containers[0].resources.limits[nvidia.com/gpu]}), what is wrong there, and how
 * to fix it. A fact is a pure function that returns findings; a rule reports them with its id and
 * severity, and a DSL {@code build()} throws them as an {@code InvalidSpecException}, so both say
 * the same words.
 *
 * @param apiServerRejects whether the API server or an admission webhook rejects the object for
 *     this finding ({@link #rejection}): rules report such a finding as an error that no
 *     suppression annotation silences
 */
public record Finding(String path, String message, String fix, boolean apiServerRejects) {

  public Finding {
    Objects.requireNonNull(path, "path");
    Objects.requireNonNull(message, "message");
    Objects.requireNonNull(fix, "fix");
  }

  /** A finding the cluster admits the object with: it goes wrong later, or is advice. */
  public Finding(String path, String message, String fix) {
    this(path, message, fix, false);
  }

  /** A finding the API server or an admission webhook rejects the object for. */
  public static Finding rejection(String path, String message, String fix) {
    return new Finding(path, message, fix, true);
  }
}
