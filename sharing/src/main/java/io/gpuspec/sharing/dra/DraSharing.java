package io.gpuspec.sharing.dra;

import io.gpuspec.core.GpuSpecStyle;
import io.gpuspec.sharing.facts.DraConfigFacts;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.immutables.value.Value;

/**
 * How NVIDIA's DRA driver shares the devices of one claim request among the containers that use it:
 * the {@code sharing} of its opaque {@code GpuConfig} (whole GPUs) or {@code MigDeviceConfig} (MIG
 * devices), API {@code resource.nvidia.com/v1beta1}.
 *
 * <ul>
 *   <li>{@code TimeSlicing}, optionally with {@code timeSlicingConfig.interval} ({@code Default},
 *       {@code Short}, {@code Medium}, {@code Long}); MIG devices take no interval.
 *   <li>{@code MPS}, optionally with {@code mpsConfig.defaultActiveThreadPercentage} (0 to 100) and
 *       {@code defaultPinnedDeviceMemoryLimit} (a quantity of at least 1Mi).
 * </ul>
 *
 * Facts from https://github.com/NVIDIA/k8s-dra-driver-gpu ({@code
 * api/nvidia.com/resource/v1beta1/sharing.go}, {@code validate.go}).
 */
@Value.Immutable
@GpuSpecStyle
public abstract class DraSharing {

  /** The driver's sharing strategies. */
  public enum Strategy {
    TIME_SLICING("TimeSlicing"),
    MPS("MPS");

    private final String value;

    Strategy(String value) {
      this.value = value;
    }

    /** As written in the config: {@code TimeSlicing} or {@code MPS}. */
    public String value() {
      return value;
    }
  }

  /** How long a time slice is. */
  public enum Interval {
    DEFAULT("Default"),
    SHORT("Short"),
    MEDIUM("Medium"),
    LONG("Long");

    private final String value;

    Interval(String value) {
      this.value = value;
    }

    public String value() {
      return value;
    }
  }

  public abstract Strategy strategy();

  /** Time-slicing only: the slice length. */
  public abstract Optional<Interval> interval();

  /** MPS only: the share of the GPU's threads each client may use, 0 to 100. */
  public abstract Optional<Integer> activeThreadPercentage();

  /** MPS only: the device memory each client may pin, e.g. {@code 10Gi}. */
  public abstract Optional<String> pinnedMemoryLimit();

  /** Time-slicing with the driver's default interval. */
  public static DraSharing timeSlicing() {
    return builder().strategy(Strategy.TIME_SLICING).build();
  }

  /** Time-slicing with this interval. */
  public static DraSharing timeSlicing(Interval interval) {
    return builder().strategy(Strategy.TIME_SLICING).interval(interval).build();
  }

  /** MPS with the driver's defaults. */
  public static DraSharing mps() {
    return builder().strategy(Strategy.MPS).build();
  }

  /** The {@code sharing} object of the opaque config. */
  Map<String, Object> tree() {
    Map<String, Object> sharing = new LinkedHashMap<>();
    sharing.put("strategy", strategy().value());
    interval().ifPresent(i -> sharing.put("timeSlicingConfig", Map.of("interval", i.value())));
    if (activeThreadPercentage().isPresent() || pinnedMemoryLimit().isPresent()) {
      Map<String, Object> mps = new LinkedHashMap<>();
      activeThreadPercentage().ifPresent(p -> mps.put("defaultActiveThreadPercentage", p));
      pinnedMemoryLimit().ifPresent(l -> mps.put("defaultPinnedDeviceMemoryLimit", l));
      sharing.put("mpsConfig", mps);
    }
    return sharing;
  }

  /** Whether a quantity parses and is at least 1 MiB (the driver rejects less as too low). */
  static boolean atLeastOneMiB(String value) {
    return DraConfigFacts.atLeastOneMiB(value);
  }

  public static Builder builder() {
    return new Builder();
  }

  /**
   * Builds {@link DraSharing} values: set the attributes, then {@code build()}, which checks them.
   */
  public static final class Builder extends ImmutableDraSharing.Builder {}
}
