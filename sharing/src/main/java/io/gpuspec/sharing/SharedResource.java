package io.gpuspec.sharing;

import io.gpuspec.core.GpuSpecStyle;
import java.util.Optional;
import org.immutables.value.Value;

/**
 * One resource the device plugin shares: its name ({@code nvidia.com/gpu}, or a MIG resource such
 * as {@code nvidia.com/mig-1g.10gb} under the mixed strategy) and the replicas each device is
 * advertised as.
 *
 * <p>{@code rename} and {@code devices} are part of the config format, but device plugin v0.17 to
 * v0.20 ignores a {@code rename} other than the default {@code <name>.shared} and any {@code
 * devices} other than {@code all} ({@code DisableResourceNamingInConfig}); a {@link
 * DevicePluginConfigMap} holding them is refused with SHR001's finding, as one with fewer than 2
 * replicas is with SHR002's.
 */
@Value.Immutable
@GpuSpecStyle
public abstract class SharedResource {

  /** The resource shared, e.g. {@code nvidia.com/gpu}. */
  public abstract String name();

  /** How many pods may share each device: at least 2. */
  public abstract int replicas();

  public abstract Optional<String> rename();

  public abstract Optional<DeviceSelection> devices();

  /** Whether this is a MIG resource ({@code nvidia.com/mig-…}). */
  public boolean isMig() {
    return ResourceNames.isMig(name());
  }

  /** {@code name} shared {@code replicas} ways. */
  public static SharedResource of(String name, int replicas) {
    return builder().name(name).replicas(replicas).build();
  }

  public static Builder builder() {
    return new Builder();
  }

  /**
   * Builds {@link SharedResource} values: set the attributes, then {@code build()}, which checks
   * them.
   */
  public static final class Builder extends ImmutableSharedResource.Builder {}

  @Override
  public String toString() {
    return name() + " x" + replicas();
  }
}
