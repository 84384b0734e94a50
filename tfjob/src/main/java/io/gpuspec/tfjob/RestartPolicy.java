package io.gpuspec.tfjob;

/**
 * What the operator does when a replica's pod exits: {@code ExitCode} restarts on retryable exit
 * codes (130, 137, 143 and above 127 in general) and fails on the others.
 */
public enum RestartPolicy {
  ALWAYS("Always"),
  ON_FAILURE("OnFailure"),
  NEVER("Never"),
  EXIT_CODE("ExitCode");

  private final String text;

  RestartPolicy(String text) {
    this.text = text;
  }

  public String text() {
    return text;
  }
}
