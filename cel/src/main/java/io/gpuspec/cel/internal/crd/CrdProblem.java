package io.gpuspec.cel.internal.crd;

/**
 * One reason the API server would reject a custom resource: a structural schema violation or a
 * failed {@code x-kubernetes-validations} rule, at the field path the API server reports.
 */
public record CrdProblem(Source source, String path, String message, String fix) {

  /** Which part of the CRD found it. */
  public enum Source {
    /** The structural OpenAPI schema (types, required, enum, bounds, list types...). */
    SCHEMA,
    /** An {@code x-kubernetes-validations} CEL rule. */
    CEL
  }
}
