package io.gpuspec.core;

import java.util.Arrays;
import java.util.stream.Collectors;

/**
 * Thrown by a builder's {@code build()} when a required attribute was never set, e.g. {@code node
 * pool builder: required attribute "model" is not set; call .model(...)}.
 *
 * <p>{@link GpuSpecStyle} makes the builders that Immutables generates throw it; they are its only
 * callers.
 */
public final class IncompleteSpecException extends InvalidSpecException {

  private static final long serialVersionUID = 1L;

  /** The required attributes that are not set, as Immutables names them. */
  public IncompleteSpecException(String... missingAttributes) {
    super(missing(BuilderFrames.where(), missingAttributes));
  }

  /** Any other state a builder cannot build from, described by Immutables. */
  public IncompleteSpecException(String problem) {
    super(
        BuilderFrames.where()
            + ": "
            + problem
            + "; set the attributes the message names, and report it as a gpuspec bug if they"
            + " are set");
  }

  private static String missing(String where, String[] attributes) {
    String names =
        Arrays.stream(attributes).map(name -> "\"" + name + "\"").collect(Collectors.joining(", "));
    String calls =
        Arrays.stream(attributes)
            .map(name -> "." + name + "(...)")
            .collect(Collectors.joining(", "));
    return attributes.length == 1
        ? where + ": required attribute " + names + " is not set; call " + calls
        : where + ": required attributes " + names + " are not set; call " + calls;
  }
}
