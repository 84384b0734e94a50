package io.gpuspec.sharing;

import io.gpuspec.core.GpuSpecStyle;
import io.gpuspec.core.InvalidSpecException;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.immutables.value.Value;

/**
 * One entry of a mig-parted config: which GPUs ({@code devices}, optionally narrowed to GPU models
 * by {@code device-filter}), whether MIG is on, and how many instances of each profile every one of
 * those GPUs gets.
 *
 * <pre>{@code
 * MigDeviceGroup.builder().devices(DeviceSelection.indices(0, 1))
 *     .profile("3g.40gb", 1).profile("2g.20gb", 1).profile("1g.10gb", 2).build();
 * }</pre>
 *
 * Format as in mig-parted's {@code api/spec/v1}
 * (https://github.com/NVIDIA/mig-parted/blob/main/api/spec/v1/spec.go).
 */
@Value.Immutable
@GpuSpecStyle
public abstract class MigDeviceGroup {

  /** PCI device IDs ({@code 0x20B010DE}) the entry is limited to; empty means every GPU model. */
  public abstract List<String> deviceFilter();

  /** The GPUs of the node: {@code all} or GPU indices. */
  @Value.Default
  public DeviceSelection devices() {
    return DeviceSelection.all();
  }

  @Value.Default
  public boolean migEnabled() {
    return true;
  }

  /** Instances per GPU by profile name, e.g. {@code 1g.10gb → 7}. */
  public abstract Map<String, Integer> migDevices();

  /** The profiles with a positive count. */
  public Map<String, Integer> requested() {
    Map<String, Integer> positive = new TreeMap<>();
    migDevices()
        .forEach(
            (name, count) -> {
              if (count > 0) {
                positive.put(name, count);
              }
            });
    return positive;
  }

  /** Whether this entry applies to GPUs of the given geometry (by its device filter). */
  public boolean appliesTo(MigGeometry geometry) {
    return deviceFilter().isEmpty() || geometry.matchesDeviceFilter(deviceFilter());
  }

  /**
   * What the rendered config cannot hold: devices other than {@code all} or GPU indices, and
   * profiles of a group with MIG off (mig-parted's format and the profiles are checked on the
   * rendered config, see {@link MigPartedConfigFacts}).
   */
  @Value.Check
  protected void check() {
    String where = "mig device group " + devices();
    InvalidSpecException.require(
        devices().onlyGpuIndices(),
        where + " devices",
        devices() + " is neither all nor a list of GPU indices",
        "mig-parted takes all or GPU indices such as [0, 1]");
    InvalidSpecException.require(
        migEnabled() || migDevices().isEmpty(),
        where,
        "mig-devices are listed but mig-enabled is false",
        "set mig-enabled: true or drop mig-devices");
  }

  public static Builder builder() {
    return new Builder();
  }

  /** MIG off on the selected GPUs: they are advertised whole. */
  public static MigDeviceGroup disabled(DeviceSelection devices) {
    return builder().devices(devices).migEnabled(false).build();
  }

  /** MIG on every GPU with {@code count} instances of one profile each. */
  public static MigDeviceGroup uniform(String profile, int count) {
    return builder().profile(profile, count).build();
  }

  /**
   * Builds {@link MigDeviceGroup} values: set the attributes, then {@code build()}, which checks
   * them.
   */
  public static final class Builder extends ImmutableMigDeviceGroup.Builder {
    /** Adds {@code count} instances of the profile per GPU. */
    public Builder profile(String name, int count) {
      return (Builder) putMigDevice(name, count);
    }
  }

  @Override
  public String toString() {
    return (deviceFilter().isEmpty() ? "" : deviceFilter() + " ")
        + devices()
        + (migEnabled() ? " " + new TreeMap<>(migDevices()) : " mig off");
  }
}
