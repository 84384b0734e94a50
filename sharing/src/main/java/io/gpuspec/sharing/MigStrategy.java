package io.gpuspec.sharing;

import java.util.Arrays;
import java.util.Optional;

/**
 * How the device plugin advertises MIG devices ({@code flags.migStrategy}, helm {@code
 * mig.strategy}): {@code none} advertises whole GPUs only, {@code single} advertises the MIG
 * instances of a node (all of one profile) as {@code nvidia.com/gpu}, {@code mixed} advertises each
 * profile as its own resource {@code nvidia.com/mig-<profile>}.
 *
 * <p>See https://github.com/NVIDIA/k8s-device-plugin#configuration-option-details ({@code
 * --mig-strategy}).
 */
public enum MigStrategy {
  NONE("none"),
  SINGLE("single"),
  MIXED("mixed");

  private final String value;

  MigStrategy(String value) {
    this.value = value;
  }

  /** The value in configs and labels: {@code none}, {@code single} or {@code mixed}. */
  public String value() {
    return value;
  }

  public static Optional<MigStrategy> fromValue(String value) {
    return Arrays.stream(values()).filter(strategy -> strategy.value.equals(value)).findFirst();
  }
}
