package io.gpuspec.trainer;

import io.gpuspec.core.InvalidSpecException;

/**
 * How a runtime's pods are gang-scheduled ({@code podGroupPolicy}): by Volcano, or by the
 * scheduler-plugins Coscheduling plugin running in the named scheduler. The runtime's pods name
 * that scheduler, so the gang is honoured.
 *
 * @param usesVolcano Volcano ({@code podGroupPolicy.volcano}), else coscheduling
 * @param schedulerName the scheduler the pods name
 */
public record GangPolicy(boolean usesVolcano, String schedulerName) {

  public GangPolicy {
    InvalidSpecException.require(
        schedulerName != null && !schedulerName.isBlank(),
        "gang policy schedulerName",
        "is empty",
        "name the scheduler that runs the gang plugin");
  }

  /** Volcano's gang scheduling: pods scheduled by {@code volcano}. */
  public static GangPolicy volcano() {
    return new GangPolicy(true, "volcano");
  }

  /**
   * The Coscheduling plugin, run by the scheduler of this name (e.g. scheduler-plugins-scheduler).
   */
  public static GangPolicy coscheduling(String schedulerName) {
    return new GangPolicy(false, schedulerName);
  }
}
