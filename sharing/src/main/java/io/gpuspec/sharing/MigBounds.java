package io.gpuspec.sharing;

import io.gpuspec.core.k8s.MigNames;
import io.gpuspec.core.report.Finding;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * What every NVIDIA MIG GPU shares, for a group of a layout whose GPU the catalogue has no geometry
 * for: a GPU has at most 7 compute slices (and 8 memory slices), a {@code <n>g} instance takes n
 * compute slices, and a {@code 7g} instance takes the whole GPU, so it is the only instance on it
 * (NVIDIA MIG user guide, "Supported MIG Profiles"). Compute-instance profiles ({@code
 * <c>c.<n>g...}) share their GPU instance and are not summed.
 */
final class MigBounds {

  /** The compute slices of the largest MIG GPU. */
  static final int COMPUTE_SLICES = 7;

  private MigBounds() {}

  /** The first bound the group's instances ({@code profile → count}) break, if any. */
  static Optional<Finding> check(String path, Map<String, Integer> profiles) {
    if (profiles.keySet().stream().anyMatch(p -> p.matches("[0-9]+c\\..*"))) {
      return Optional.empty();
    }
    long slices = 0;
    long instances = 0;
    String whole = null;
    for (Map.Entry<String, Integer> entry : profiles.entrySet()) {
      Optional<MigNames.Profile> profile = MigNames.profile(entry.getKey());
      if (profile.isEmpty() || entry.getValue() <= 0) {
        continue;
      }
      int compute = profile.get().computeSlices();
      slices += (long) compute * entry.getValue();
      instances += entry.getValue();
      if (compute >= COMPUTE_SLICES) {
        whole = entry.getKey();
      }
    }
    String layout =
        profiles.entrySet().stream()
            .filter(e -> e.getValue() > 0)
            .map(e -> e.getKey() + " x" + e.getValue())
            .collect(Collectors.joining(" + "));
    if (whole != null && instances > 1) {
      return Optional.of(
          new Finding(
              path,
              "no MIG GPU can hold "
                  + layout
                  + ": a "
                  + whole
                  + " instance takes all "
                  + COMPUTE_SLICES
                  + " compute slices and all memory slices of its GPU, so it is the only instance"
                  + " on it",
              "keep one 7g instance alone in its group, or use smaller profiles"));
    }
    if (slices > COMPUTE_SLICES) {
      return Optional.of(
          new Finding(
              path,
              "no MIG GPU can hold "
                  + layout
                  + ": the instances take "
                  + slices
                  + " compute slices (an <n>g instance takes n) and a MIG GPU has at most "
                  + COMPUTE_SLICES,
              "lower the counts so the compute slices add up to at most " + COMPUTE_SLICES));
    }
    return Optional.empty();
  }
}
