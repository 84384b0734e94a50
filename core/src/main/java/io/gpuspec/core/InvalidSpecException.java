package io.gpuspec.core;

/**
 * Thrown by {@code build()} when a spec can never be valid. The message follows the form {@code
 * <where>: <what is wrong>; <how to fix>}, e.g. {@code deployment "llm" gpus: 3 GPUs per pod but
 * pool "a100-train" nodes have 2; request at most 2 or use a pool with larger nodes}.
 */
public final class InvalidSpecException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  public InvalidSpecException(String where, String problem, String fix) {
    super(where + ": " + problem + "; " + fix);
  }

  /** Throws when {@code condition} is false. */
  public static void require(boolean condition, String where, String problem, String fix) {
    if (!condition) {
      throw new InvalidSpecException(where, problem, fix);
    }
  }
}
