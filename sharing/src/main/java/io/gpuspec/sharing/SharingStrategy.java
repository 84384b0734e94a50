package io.gpuspec.sharing;

/**
 * How the device plugin shares a GPU between pods: time-slicing (no memory or fault isolation) or
 * CUDA MPS (a limit of 48 clients per GPU, 16 before compute capability 7.5).
 */
public enum SharingStrategy {
  TIME_SLICING("timeSlicing", "time-slicing"),
  MPS("mps", "mps");

  private final String key;
  private final String label;

  SharingStrategy(String key, String label) {
    this.key = key;
    this.label = label;
  }

  /** The key under {@code sharing} in the device-plugin config. */
  public String key() {
    return key;
  }

  /** The value GPU Feature Discovery sets in {@code nvidia.com/gpu.sharing-strategy}. */
  public String label() {
    return label;
  }
}
