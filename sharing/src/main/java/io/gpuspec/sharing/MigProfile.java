package io.gpuspec.sharing;

import io.gpuspec.core.GpuSpecStyle;
import io.gpuspec.core.InvalidSpecException;
import io.gpuspec.core.k8s.MigNames;
import java.util.List;
import org.immutables.value.Value;

/**
 * One MIG GPU-instance profile of one GPU model, e.g. {@code 3g.40gb} on an A100 80GB: how many
 * compute and memory slices an instance takes, the memory slices it may start at, and how many
 * instances one GPU holds at most.
 *
 * <p>Geometry as in NVIDIA's MIG User Guide, "Supported MIG Profiles"
 * (https://docs.nvidia.com/datacenter/tesla/mig-user-guide/supported-mig-profiles.html): an
 * instance occupies {@link #memorySlices()} consecutive memory slices starting at one of {@link
 * #startOffsets()}; two instances on one GPU never share a memory slice.
 */
@Value.Immutable
@GpuSpecStyle
public abstract class MigProfile {

  /** Profile name, e.g. {@code 1g.10gb} or {@code 1g.10gb+me}. */
  public abstract String name();

  /** Compute slices one instance takes (the number before {@code g}). */
  public abstract int computeSlices();

  /** Consecutive memory slices one instance takes. */
  public abstract int memorySlices();

  /** The memory slices an instance may start at, ascending. */
  public abstract List<Integer> startOffsets();

  /**
   * The most instances one GPU holds. Usually the number of non-overlapping starts; lower for
   * media-extension profiles ({@code +me}: one per GPU).
   */
  public abstract int maxCount();

  /**
   * Whether the given name has the format of a MIG profile (core's {@link MigNames} grammar; not
   * whether any GPU offers it).
   */
  public static boolean isProfileName(String name) {
    return MigNames.isProfile(name);
  }

  @Value.Check
  protected void check() {
    String where = "mig profile \"" + name() + "\"";
    InvalidSpecException.require(
        isProfileName(name()),
        where,
        "the name is not of the form <g>g.<m>gb[+attribute]",
        "write it like NVIDIA does, e.g. 1g.10gb or 1g.10gb+me");
    InvalidSpecException.require(
        computeSlices() >= 1,
        where + " computeSlices",
        computeSlices() + " is not positive",
        "give the compute slices one instance takes, at least 1");
    InvalidSpecException.require(
        memorySlices() >= 1,
        where + " memorySlices",
        memorySlices() + " is not positive",
        "give the memory slices one instance takes, at least 1");
    InvalidSpecException.require(
        !startOffsets().isEmpty(),
        where + " startOffsets",
        "no start slice",
        "list the memory slices an instance may start at, e.g. 0, 4");
    for (int i = 0; i < startOffsets().size(); i++) {
      int offset = startOffsets().get(i);
      InvalidSpecException.require(
          offset >= 0 && (i == 0 || offset > startOffsets().get(i - 1)),
          where + " startOffsets",
          startOffsets() + " is not ascending and non-negative",
          "list each start slice once, in ascending order");
    }
    InvalidSpecException.require(
        maxCount() >= 1,
        where + " maxCount",
        maxCount() + " is not positive",
        "give the most instances one GPU holds, at least 1");
  }

  public static Builder builder() {
    return new Builder();
  }

  /**
   * Builds {@link MigProfile} values: set the attributes, then {@code build()}, which checks them.
   */
  public static final class Builder extends ImmutableMigProfile.Builder {}

  @Override
  public String toString() {
    return name();
  }
}
