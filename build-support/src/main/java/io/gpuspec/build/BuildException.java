package io.gpuspec.build;

/**
 * A build cannot go on: bad configuration, a spec class that cannot be loaded or throws, an
 * unusable fleet file, a gpuspec version mismatch, an output that cannot be written. The message
 * follows the form {@code <where>: <what is wrong>; <how to fix>} and is meant to be shown as is,
 * without a stack trace.
 */
public final class BuildException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  public BuildException(String where, String problem, String fix) {
    super(where + ": " + problem + "; " + fix);
  }

  /** A message already in the form above, e.g. from {@code ModuleLoadException}. */
  BuildException(String message, Throwable cause) {
    super(message, cause);
  }

  BuildException(String where, String problem, String fix, Throwable cause) {
    super(where + ": " + problem + "; " + fix, cause);
  }
}
