package io.gpuspec.sharing;

/**
 * One placed MIG instance: its profile and the memory slices it occupies, {@code start} to {@code
 * start + memorySlices - 1}.
 */
public record MigInstance(String profile, int start, int memorySlices, int computeSlices) {

  /** Whether the two instances share a memory slice. */
  public boolean overlaps(MigInstance other) {
    return start < other.start + other.memorySlices && other.start < start + memorySlices;
  }

  @Override
  public String toString() {
    return profile + "@" + start;
  }
}
