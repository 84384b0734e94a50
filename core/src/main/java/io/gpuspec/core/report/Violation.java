package io.gpuspec.core.report;

import java.util.Optional;

/**
 * One finding: which rule, how bad, on which object and field (Kubernetes field-path style, e.g.
 * {@code spec.template.spec.containers[0].resources.limits[nvidia.com/gpu]}), what is wrong and how
 * to fix it, and where the object was read from when it came from a file.
 */
public record Violation(
    String ruleId,
    Severity severity,
    ObjectRef object,
    String path,
    String message,
    String fix,
    Optional<SourceLocation> source) {

  /** One line: {@code ERROR GPU001 Deployment/ml/llm spec...: message; fix (file:line)}. */
  @Override
  public String toString() {
    return severity
        + " "
        + ruleId
        + " "
        + object
        + " "
        + path
        + ": "
        + message
        + "; "
        + fix
        + source.map(s -> " (" + s + ")").orElse("");
  }
}
