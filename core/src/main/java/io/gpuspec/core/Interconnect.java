package io.gpuspec.core;

import java.util.Locale;

/** How the GPUs of a pool talk to each other. */
public enum Interconnect {
  NVLINK,
  INFINIBAND,
  PCIE;

  /** The label value: {@code nvlink}, {@code infiniband}, {@code pcie}. */
  public String labelValue() {
    return name().toLowerCase(Locale.ROOT);
  }
}
