package io.gpuspec.core;

/**
 * Thrown by {@code build()} when a spec can never be valid. The message follows the form {@code
 * <where>: <what is wrong>; <how to fix>}, e.g. {@code deployment "llm" gpus: 3 GPUs per pod but
 * pool "a100-train" nodes have 2; request at most 2 or use a pool with larger nodes}.
 *
 * <p>Two subtypes come from the builders themselves: {@link IncompleteSpecException} (a required
 * attribute was never set) and {@link NullValueException} (a {@code null} was passed). Catch this
 * type to handle every invalid spec.
 */
public sealed class InvalidSpecException extends RuntimeException
    permits IncompleteSpecException, NullValueException {

  private static final long serialVersionUID = 1L;

  public InvalidSpecException(String where, String problem, String fix) {
    super(where + ": " + problem + "; " + fix);
  }

  /** A message already in the form {@code <where>: <what is wrong>; <how to fix>}. */
  InvalidSpecException(String message) {
    super(message);
  }

  /** Throws when {@code condition} is false. */
  public static void require(boolean condition, String where, String problem, String fix) {
    if (!condition) {
      throw new InvalidSpecException(where, problem, fix);
    }
  }

  /**
   * Returns {@code value}, or throws a {@link NullValueException} naming {@code where} when it is
   * {@code null}: for the records and convenience methods of the DSL, which Immutables does not
   * guard.
   */
  public static <T> T requireValue(T value, String where) {
    if (value == null) {
      throw new NullValueException(where, "");
    }
    return value;
  }
}
