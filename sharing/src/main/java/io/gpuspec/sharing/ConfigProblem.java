package io.gpuspec.sharing;

/**
 * One thing wrong in a config text: where ({@code sharing.timeSlicing.resources[0].replicas};
 * user-named map keys in brackets, as in {@code mig-configs[all-1g.10gb][0]} or {@code
 * data[tesla-t4]}; {@code <root>} for the whole text), what, with how to fix it, and whether the
 * text's shape is wrong or a well-formed value breaks a rule.
 *
 * @param kind {@link Kind#FORMAT} for what the reader itself rejects or ignores (syntax, unknown or
 *     misplaced keys, wrong types, missing fields); {@link Kind#VALUE} for a value that is well
 *     formed but not allowed (e.g. 1 replica)
 */
public record ConfigProblem(String path, String message, Kind kind) {

  /** Whether the shape of the text is wrong or a value breaks a rule. */
  public enum Kind {
    FORMAT,
    VALUE
  }

  /** A format problem. */
  public ConfigProblem(String path, String message) {
    this(path, message, Kind.FORMAT);
  }

  @Override
  public String toString() {
    return path + ": " + message;
  }
}
