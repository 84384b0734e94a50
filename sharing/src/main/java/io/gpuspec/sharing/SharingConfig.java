package io.gpuspec.sharing;

import io.gpuspec.core.GpuSpecStyle;
import java.util.List;
import java.util.Optional;
import org.immutables.value.Value;

/**
 * The {@code sharing.timeSlicing} or {@code sharing.mps} section of a device-plugin config: which
 * resources are shared how many ways, and whether they are advertised under a {@code .shared} name.
 *
 * <pre>{@code
 * SharingConfig.timeSlicing(SharedResource.of("nvidia.com/gpu", 4));
 * }</pre>
 *
 * Rules (https://github.com/NVIDIA/k8s-device-plugin#shared-access-to-gpus): an empty resource
 * list, a custom {@code rename}, a {@code devices} list (which device plugin v0.17 to v0.20
 * ignores) and a resource listed twice are SHR001's findings, fewer than 2 replicas SHR002's, more
 * than 48 MPS clients SHR003's, and MPS on MIG devices SHR004's: a {@link DevicePluginConfigMap}
 * holding such a config is refused with them.
 */
@Value.Immutable
@GpuSpecStyle
public abstract class SharingConfig {

  /** The most MPS clients of one GPU (compute capability 7.5 or later). */
  public static final int MPS_MAX_REPLICAS = 48;

  /** The most MPS clients of one GPU before compute capability 7.5. */
  public static final int MPS_MAX_REPLICAS_BEFORE_7_5 = 16;

  public abstract SharingStrategy strategy();

  /**
   * Advertise each shared resource as {@code <name>.shared}, e.g. {@code nvidia.com/gpu.shared}.
   */
  @Value.Default
  public boolean renameByDefault() {
    return false;
  }

  /**
   * Fail pod requests for more than one replica (two time-sliced replicas are no more GPU than
   * one). Absent means the plugin's default: off for time-slicing, on for MPS.
   */
  public abstract Optional<Boolean> failRequestsGreaterThanOne();

  public abstract List<SharedResource> resources();

  /** The name the plugin advertises a shared resource under. */
  public String advertisedName(SharedResource resource) {
    return renameByDefault() ? ResourceNames.shared(resource.name()) : resource.name();
  }

  public static SharingConfig timeSlicing(SharedResource... resources) {
    return builder().strategy(SharingStrategy.TIME_SLICING).addResources(resources).build();
  }

  public static SharingConfig mps(SharedResource... resources) {
    return builder().strategy(SharingStrategy.MPS).addResources(resources).build();
  }

  public static Builder builder() {
    return new Builder();
  }

  /**
   * Builds {@link SharingConfig} values: set the attributes, then {@code build()}, which checks
   * them.
   */
  public static final class Builder extends ImmutableSharingConfig.Builder {}
}
