package io.gpuspec.tfjob;

/**
 * When the job counts as succeeded ({@code spec.successPolicy}): by default when the Chief (or,
 * without one, worker 0) succeeds; {@code AllWorkers} waits for every worker.
 */
public enum SuccessPolicy {
  DEFAULT(""),
  ALL_WORKERS("AllWorkers");

  private final String text;

  SuccessPolicy(String text) {
    this.text = text;
  }

  public String text() {
    return text;
  }
}
