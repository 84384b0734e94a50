package io.gpuspec.core.manifest;

import io.gpuspec.core.report.Severity;
import io.gpuspec.core.report.Violation;
import java.util.List;

/**
 * What {@link ManifestReader} read: the objects it could decode (each remembers its file and line)
 * and the problems it found, as violations with reader rule ids ({@code YAML001}…).
 */
public record ReadResult(ManifestSet manifests, List<Violation> problems) {

  public ReadResult {
    problems = List.copyOf(problems);
  }

  public boolean hasErrors() {
    return problems.stream().anyMatch(p -> p.severity() == Severity.ERROR);
  }
}
