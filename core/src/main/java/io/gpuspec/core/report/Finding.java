package io.gpuspec.core.report;

import java.util.Objects;

/**
 * What one validity fact found in one object: the field (Kubernetes field-path style, e.g. {@code
 * spec.template.spec.containers[0].resources.limits[nvidia.com/gpu]}), what is wrong there, and how
 * to fix it. A fact is a pure function that returns findings; a rule reports them with its id and
 * severity, and a DSL {@code build()} throws them as an {@code InvalidSpecException}, so both say
 * the same words.
 */
public record Finding(String path, String message, String fix) {

  public Finding {
    Objects.requireNonNull(path, "path");
    Objects.requireNonNull(message, "message");
    Objects.requireNonNull(fix, "fix");
  }
}
