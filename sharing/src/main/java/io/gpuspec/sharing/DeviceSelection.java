package io.gpuspec.sharing;

import io.gpuspec.core.InvalidSpecException;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * Which GPUs of a node a config entry applies to: {@code all}, or a list of GPU indices ({@code 0},
 * {@code 1}), MIG indices ({@code 0:1}) or UUIDs ({@code GPU-…}, {@code MIG-…}). mig-parted's
 * {@code devices} takes {@code all} or GPU indices; the device plugin's {@code devices} takes all
 * of these forms.
 */
public final class DeviceSelection {

  private static final Pattern GPU_INDEX = Pattern.compile("0|[1-9][0-9]{0,8}");
  private static final Pattern MIG_INDEX =
      Pattern.compile("(0|[1-9][0-9]{0,8}):(0|[1-9][0-9]{0,8})");
  private static final String UUID =
      "[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}";
  private static final Pattern DEVICE_UUID =
      Pattern.compile("GPU-" + UUID + "|MIG-" + UUID + "|MIG-GPU-" + UUID + "/[0-9]+/[0-9]+");

  private static final DeviceSelection ALL = new DeviceSelection(List.of());

  private final List<String> ids;

  private DeviceSelection(List<String> ids) {
    this.ids = ids;
  }

  /** Every GPU of the node. */
  public static DeviceSelection all() {
    return ALL;
  }

  /** The GPUs with these indices. */
  public static DeviceSelection indices(int... indices) {
    return ids(Arrays.stream(indices).mapToObj(Integer::toString).toArray(String[]::new));
  }

  /** The GPUs with these indices. */
  public static DeviceSelection indices(List<Integer> indices) {
    return indices(indices.stream().mapToInt(Integer::intValue).toArray());
  }

  /** The devices with these references: GPU indices, MIG indices ({@code 0:1}) or UUIDs. */
  public static DeviceSelection ids(String... ids) {
    InvalidSpecException.require(
        ids.length > 0, "devices", "an empty list selects no GPU", "list at least one or use all");
    for (String id : ids) {
      InvalidSpecException.require(
          isDeviceReference(id),
          "devices",
          "\"" + id + "\" is neither a GPU index, a MIG index (0:1) nor a GPU/MIG UUID",
          "write an index such as 0 or a UUID such as GPU-<uuid>");
    }
    List<String> list = List.of(ids);
    InvalidSpecException.require(
        list.stream().distinct().count() == list.size(),
        "devices",
        list + " names a device twice",
        "list each device once");
    return new DeviceSelection(list);
  }

  static boolean isDeviceReference(String id) {
    return GPU_INDEX.matcher(id).matches()
        || MIG_INDEX.matcher(id).matches()
        || DEVICE_UUID.matcher(id).matches();
  }

  static boolean isGpuIndex(String id) {
    return GPU_INDEX.matcher(id).matches();
  }

  public boolean isAll() {
    return ids.isEmpty();
  }

  /** The selected device references; empty for {@link #all()}. */
  public List<String> ids() {
    return ids;
  }

  /** Whether every reference is a plain GPU index (what mig-parted accepts besides {@code all}). */
  public boolean onlyGpuIndices() {
    return ids.stream().allMatch(DeviceSelection::isGpuIndex);
  }

  /** The GPU indices among the references. */
  public List<Integer> gpuIndices() {
    return ids.stream().filter(DeviceSelection::isGpuIndex).map(Integer::valueOf).toList();
  }

  /** Whether the GPU with this index is selected. */
  public boolean selects(int gpuIndex) {
    return isAll() || gpuIndices().contains(gpuIndex);
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof DeviceSelection that && ids.equals(that.ids);
  }

  @Override
  public int hashCode() {
    return Objects.hash(ids);
  }

  @Override
  public String toString() {
    return isAll() ? "all" : ids.toString();
  }
}
