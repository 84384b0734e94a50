package io.gpuspec.core.report;

/**
 * How bad a violation is. {@link #ERROR}: the API server rejects it, a controller silently ignores
 * it, or it can never schedule or certainly mixes GPU models. {@link #WARNING}: a best practice, or
 * a fact about the cluster that the input does not tell.
 */
public enum Severity {
  WARNING,
  ERROR
}
