package io.gpuspec.core.registry;

/**
 * A kinds file that cannot be used: its message names the file, the entry and field, what is wrong
 * and how to fix it ({@code kinds.yaml: kinds[1] (example.com Trainer) templates[0].path: ...;
 * ...}).
 */
public final class KindsFileException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public KindsFileException(String message) {
    super(message);
  }
}
