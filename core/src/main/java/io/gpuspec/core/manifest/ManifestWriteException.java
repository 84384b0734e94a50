package io.gpuspec.core.manifest;

import org.jspecify.annotations.Nullable;

/** Writing manifests failed; the message names the path and the fix, the target is untouched. */
public final class ManifestWriteException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  ManifestWriteException(String message, @Nullable Throwable cause) {
    super(message, cause);
  }
}
