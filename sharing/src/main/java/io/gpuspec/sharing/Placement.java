package io.gpuspec.sharing;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * Exact MIG placement: a search over the allowed start slices of every instance for an arrangement
 * in which no two instances share a memory slice and the compute slices stay within the GPU's.
 */
final class Placement {

  private Placement() {}

  /**
   * An arrangement of the given instances (one entry per instance, profiles of {@code geometry}),
   * ordered by start slice; empty when none exists.
   */
  static Optional<List<MigInstance>> place(MigGeometry geometry, List<MigProfile> instances) {
    int compute = instances.stream().mapToInt(MigProfile::computeSlices).sum();
    int memory = instances.stream().mapToInt(MigProfile::memorySlices).sum();
    if (compute > geometry.computeSlices() || memory > geometry.memorySlices()) {
      return Optional.empty();
    }
    List<MigProfile> order = new ArrayList<>(instances);
    // Big and inflexible first: the search fails fast and rarely backtracks.
    order.sort(
        Comparator.comparingInt(MigProfile::memorySlices)
            .reversed()
            .thenComparingInt(profile -> profile.startOffsets().size())
            .thenComparing(MigProfile::name));
    int[] starts = new int[order.size()];
    if (!search(order, 0, 0L, starts)) {
      return Optional.empty();
    }
    List<MigInstance> placed = new ArrayList<>();
    for (int i = 0; i < order.size(); i++) {
      MigProfile profile = order.get(i);
      placed.add(
          new MigInstance(
              profile.name(), starts[i], profile.memorySlices(), profile.computeSlices()));
    }
    placed.sort(Comparator.comparingInt(MigInstance::start));
    return Optional.of(List.copyOf(placed));
  }

  private static boolean search(List<MigProfile> order, int index, long used, int[] starts) {
    if (index == order.size()) {
      return true;
    }
    MigProfile profile = order.get(index);
    // Instances of one profile are interchangeable: take their starts in ascending order only.
    int after = index > 0 && order.get(index - 1).equals(profile) ? starts[index - 1] : -1;
    long span = profile.memorySlices() >= Long.SIZE ? -1L : (1L << profile.memorySlices()) - 1;
    for (int start : profile.startOffsets()) {
      if (start <= after) {
        continue;
      }
      long slices = span << start;
      if ((used & slices) == 0) {
        starts[index] = start;
        if (search(order, index + 1, used | slices, starts)) {
          return true;
        }
      }
    }
    return false;
  }
}
