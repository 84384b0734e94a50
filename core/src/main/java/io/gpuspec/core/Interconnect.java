package io.gpuspec.core;

import java.util.Locale;

/**
 * How the GPUs of a pool talk to each other and to other nodes' GPUs: within a node (NVLink,
 * NVSwitch, PCIe) or across nodes (InfiniBand, RoCE). Label schemes write it as a node label.
 */
public enum Interconnect {
  NVLINK,
  NVSWITCH,
  INFINIBAND,
  ROCE,
  PCIE;

  /** The label value: {@code nvlink}, {@code nvswitch}, {@code infiniband}, {@code roce}, … */
  public String labelValue() {
    return name().toLowerCase(Locale.ROOT);
  }
}
