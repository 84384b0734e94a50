package io.gpuspec.sharing;

import io.gpuspec.core.GpuSpecStyle;
import io.gpuspec.core.InvalidSpecException;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;
import org.immutables.value.Value;

/**
 * How one GPU model can be partitioned with MIG: its compute and memory slices and the profiles it
 * offers. {@link #modelName()} ties it to a {@link io.gpuspec.core.GpuModel#name() GpuModel name}
 * of the core catalogue; {@link #pciDeviceIds()} are the IDs mig-parted's {@code device-filter}
 * uses for it.
 *
 * <p>Build your own for a GPU gpuspec does not know and add it with {@link
 * MigCatalogue#with(MigGeometry...)}.
 */
@Value.Immutable
@GpuSpecStyle
public abstract class MigGeometry {

  private static final Pattern PCI_DEVICE_ID = Pattern.compile("0x[0-9A-Fa-f]{8}");

  /**
   * The {@link io.gpuspec.core.GpuModel#name()} this geometry belongs to, e.g. {@code A100-40GB}.
   */
  public abstract String modelName();

  /** Compute slices of the whole GPU: 7 on A100/H100/H200/B200, 4 on A30. */
  @Value.Default
  public int computeSlices() {
    return 7;
  }

  /** Memory slices of the whole GPU: 8 on A100/H100/H200/B200, 4 on A30. */
  @Value.Default
  public int memorySlices() {
    return 8;
  }

  public abstract List<MigProfile> profiles();

  /**
   * PCI device IDs in mig-parted's {@code device-filter} form ({@code 0x20B010DE}: device {@code
   * 20B0}, vendor {@code 10DE}) of the parts with this geometry; empty when unknown.
   */
  public abstract List<String> pciDeviceIds();

  /** The profile with this name, if the GPU offers it. */
  public Optional<MigProfile> profile(String name) {
    return profiles().stream().filter(profile -> profile.name().equals(name)).findFirst();
  }

  /** The profile names, in catalogue order. */
  public List<String> profileNames() {
    return profiles().stream().map(MigProfile::name).toList();
  }

  /** Whether a mig-parted {@code device-filter} naming these IDs selects this GPU. */
  public boolean matchesDeviceFilter(List<String> filter) {
    Set<String> own = new HashSet<>();
    pciDeviceIds().forEach(id -> own.add(id.toUpperCase(Locale.ROOT)));
    return filter.stream().anyMatch(id -> own.contains(id.toUpperCase(Locale.ROOT)));
  }

  @Value.Check
  protected void check() {
    String where = "mig geometry \"" + modelName() + "\"";
    InvalidSpecException.require(
        !modelName().isBlank(),
        "mig geometry",
        "modelName is empty",
        "use the GpuModel name, e.g. A100-40GB");
    InvalidSpecException.require(
        computeSlices() >= 1 && computeSlices() <= 64,
        where + " computeSlices",
        computeSlices() + " is out of range",
        "give the GPU's compute slices, 1 to 64");
    InvalidSpecException.require(
        memorySlices() >= 1 && memorySlices() <= 64,
        where + " memorySlices",
        memorySlices() + " is out of range",
        "give the GPU's memory slices, 1 to 64");
    InvalidSpecException.require(
        !profiles().isEmpty(),
        where + " profiles",
        "no profile",
        "add the MIG profiles the GPU offers");
    Set<String> names = new HashSet<>();
    for (MigProfile profile : profiles()) {
      String at = where + " profile " + profile.name();
      InvalidSpecException.require(
          names.add(profile.name()), at, "listed twice", "list each profile once");
      InvalidSpecException.require(
          profile.computeSlices() <= computeSlices(),
          at,
          profile.computeSlices() + " compute slices but the GPU has " + computeSlices(),
          "use at most " + computeSlices());
      int lastStart = profile.startOffsets().get(profile.startOffsets().size() - 1);
      InvalidSpecException.require(
          lastStart + profile.memorySlices() <= memorySlices(),
          at,
          "an instance starting at slice "
              + lastStart
              + " needs slices up to "
              + (lastStart + profile.memorySlices() - 1)
              + " but the GPU has slices 0 to "
              + (memorySlices() - 1),
          "drop that start or fix memorySlices");
      int disjoint = disjointStarts(profile);
      InvalidSpecException.require(
          profile.maxCount() <= disjoint,
          at,
          "maxCount "
              + profile.maxCount()
              + " but only "
              + disjoint
              + " instances fit side by side",
          "use at most " + disjoint);
    }
    for (String id : pciDeviceIds()) {
      InvalidSpecException.require(
          PCI_DEVICE_ID.matcher(id).matches(),
          where + " pciDeviceIds",
          "\"" + id + "\" is not of the form 0xDDDDVVVV",
          "write device and vendor ID like mig-parted does, e.g. 0x20B010DE");
    }
  }

  public static Builder builder() {
    return new Builder();
  }

  /**
   * Builds {@link MigGeometry} values: set the attributes, then {@code build()}, which checks them.
   */
  public static final class Builder extends ImmutableMigGeometry.Builder {}

  @Override
  public String toString() {
    return "MigGeometry[" + modelName() + "]";
  }

  /** How many instances of the profile fit side by side, by its start slices alone. */
  private static int disjointStarts(MigProfile profile) {
    int count = 0;
    int free = 0;
    for (int start : profile.startOffsets()) {
      if (start >= free) {
        count++;
        free = start + profile.memorySlices();
      }
    }
    return count;
  }
}
