package io.gpuspec.cel;

import org.jspecify.annotations.Nullable;

/**
 * A CEL expression that does not compile, or whose evaluation fails (an error value, a missing
 * field, an exceeded cost limit). The message names the expression and the problem.
 */
public final class CelExpressionException extends Exception {

  private static final long serialVersionUID = 1L;

  private final boolean costExceeded;

  CelExpressionException(String message, boolean costExceeded, @Nullable Throwable cause) {
    super(message, cause);
    this.costExceeded = costExceeded;
  }

  /** Whether evaluation stopped because it exceeded the per-call cost limit. */
  public boolean costExceeded() {
    return costExceeded;
  }

  /** The message every constructor sets: never {@code null}. */
  @Override
  public String getMessage() {
    return String.valueOf(super.getMessage());
  }
}
