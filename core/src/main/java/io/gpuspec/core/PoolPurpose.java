package io.gpuspec.core;

import java.util.Locale;

/** What a node pool is for; label schemes write it as a short or a long word. */
public enum PoolPurpose {
  TRAINING("train", "training"),
  INFERENCE("inference", "inference"),
  NOTEBOOK("notebook", "notebook");

  private final String shortName;
  private final String longName;

  PoolPurpose(String shortName, String longName) {
    this.shortName = shortName;
    this.longName = longName;
  }

  /** {@code train}, {@code inference}, {@code notebook}. */
  public String shortName() {
    return shortName;
  }

  /** {@code training}, {@code inference}, {@code notebook}. */
  public String longName() {
    return longName;
  }

  @Override
  public String toString() {
    return name().toLowerCase(Locale.ROOT);
  }
}
