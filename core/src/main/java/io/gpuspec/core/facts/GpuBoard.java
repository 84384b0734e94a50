package io.gpuspec.core.facts;

import java.util.List;

/**
 * A GPU model as the facts need to know it: its name, the value its nodes' model label carries,
 * whether it can be partitioned with MIG, its memory and the MIG profiles it offers (empty when
 * unknown). A plain data view of a catalogue entry, so that facts need not know the DSL.
 *
 * @param name the catalogue name, e.g. {@code A100-80GB}
 * @param label the model label value under the label scheme in use, e.g. {@code
 *     NVIDIA-A100-SXM4-80GB}
 * @param migCapable whether the GPU can be partitioned with MIG
 * @param memoryGiB the memory of one GPU
 * @param migProfiles the MIG profiles it offers, e.g. {@code 1g.10gb}; empty when not known
 */
public record GpuBoard(
    String name, String label, boolean migCapable, int memoryGiB, List<String> migProfiles) {

  public GpuBoard {
    migProfiles = List.copyOf(migProfiles);
  }

  /** Whether a GPU of this model may offer {@code profile}: listed, or unknown but fitting. */
  boolean mayOffer(String profile, int profileMemoryGb) {
    if (!migCapable) {
      return false;
    }
    return migProfiles.isEmpty() ? profileMemoryGb <= memoryGiB : migProfiles.contains(profile);
  }
}
