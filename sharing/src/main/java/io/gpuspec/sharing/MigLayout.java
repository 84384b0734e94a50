package io.gpuspec.sharing;

import io.gpuspec.core.GpuSpecStyle;
import java.util.List;
import org.immutables.value.Value;

/**
 * How the GPUs of a node are partitioned: one named entry of a mig-parted config, a list of device
 * groups each with its profile counts. Whether it fits a GPU model is decided by {@link
 * MigCatalogue#fit(MigLayout, List)}; whether it is well formed and placeable on some GPU by {@link
 * MigPartedConfigFacts} over the rendered config.
 *
 * <pre>{@code
 * MigLayout balanced = MigLayout.of(MigDeviceGroup.builder()
 *     .profile("3g.40gb", 1).profile("2g.20gb", 1).profile("1g.10gb", 2).build());
 * }</pre>
 */
@Value.Immutable
@GpuSpecStyle
public abstract class MigLayout {

  public abstract List<MigDeviceGroup> groups();

  public static MigLayout of(MigDeviceGroup... groups) {
    return builder().addGroups(groups).build();
  }

  /** Every GPU with {@code count} instances of one profile. */
  public static MigLayout uniform(String profile, int count) {
    return of(MigDeviceGroup.uniform(profile, count));
  }

  /** MIG off on every GPU. */
  public static MigLayout disabled() {
    return of(MigDeviceGroup.disabled(DeviceSelection.all()));
  }

  public static Builder builder() {
    return new Builder();
  }

  /**
   * Builds {@link MigLayout} values: set the attributes, then {@code build()}, which checks them.
   */
  public static final class Builder extends ImmutableMigLayout.Builder {}

  @Override
  public String toString() {
    return "MigLayout" + groups();
  }
}
