package io.gpuspec.core.manifest;

/** Writing manifests failed; the message names the path and the fix, the target is untouched. */
public final class ManifestWriteException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  ManifestWriteException(String message, Throwable cause) {
    super(message, cause);
  }
}
