package io.gpuspec.sharing;

/**
 * One thing wrong in a config text: where ({@code sharing.timeSlicing.resources[0].replicas};
 * user-named map keys in brackets, as in {@code mig-configs[all-1g.10gb][0]} or {@code
 * data[tesla-t4]}; {@code <root>} for the whole text) and what, with how to fix it.
 */
public record ConfigProblem(String path, String message) {

  @Override
  public String toString() {
    return path + ": " + message;
  }
}
