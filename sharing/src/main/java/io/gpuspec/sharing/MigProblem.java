package io.gpuspec.sharing;

import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * Why a device group of a {@link MigLayout} does not fit the GPU models it was checked against.
 *
 * @param kind what is wrong
 * @param group index of the group in its layout
 * @param profile the profile at fault, where one is
 * @param requested instances of {@code profile} asked for per GPU (0 where no profile is at fault);
 *     for {@link Kind#DEVICE_OUT_OF_RANGE} the GPU index asked for
 * @param max the most instances of {@code profile} one GPU holds, where known; for {@link
 *     Kind#DEVICE_OUT_OF_RANGE} the highest GPU index of the nodes
 * @param models the GPU models ({@link io.gpuspec.core.GpuModel#name()}) with this problem
 * @param where the group, e.g. {@code mig layout group 0 (devices all)}
 * @param problem what is wrong
 * @param fix how to fix it
 */
public record MigProblem(
    Kind kind,
    int group,
    Optional<String> profile,
    int requested,
    OptionalInt max,
    List<String> models,
    String where,
    String problem,
    String fix) {

  /** The kinds of misfit, from the cheapest to the most expensive to detect. */
  public enum Kind {
    /** The GPU model has no MIG, or gpuspec knows no MIG geometry for it. */
    NO_MIG,
    /** The group names a GPU index the node does not have. */
    DEVICE_OUT_OF_RANGE,
    /** The profile is not offered by the GPU model (names differ by memory size). */
    UNKNOWN_PROFILE,
    /** More instances of one profile than one GPU holds. */
    ABOVE_MAX,
    /** Each count is allowed, but the instances cannot be placed without sharing a slice. */
    NOT_PLACEABLE
  }

  public MigProblem {
    models = List.copyOf(models);
  }

  /** {@code <where>: <problem>; <fix>}. */
  public String message() {
    return where + ": " + problem + "; " + fix;
  }

  @Override
  public String toString() {
    return message();
  }
}
