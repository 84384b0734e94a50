package io.gpuspec.core;

import java.util.Optional;

/**
 * A volume mounted into a workload's main container: scratch space (an {@code emptyDir}, or a
 * generic ephemeral volume of a storage class such as local NVMe) or a dataset on an existing
 * PersistentVolumeClaim (read-only by default).
 */
public record WorkloadVolume(
    String name,
    String mountPath,
    Optional<String> size,
    Optional<String> storageClass,
    Optional<String> claimName,
    boolean readOnly) {

  public WorkloadVolume {
    String where = "volume \"" + name + "\"";
    InvalidSpecException.require(
        Labels.isDns1123Label(name),
        where,
        "the name is not a DNS-1123 label",
        "use lower-case letters, digits and '-'");
    InvalidSpecException.require(
        mountPath.startsWith("/"),
        where + " mountPath",
        "\"" + mountPath + "\" is not absolute",
        "give an absolute path such as /scratch");
  }

  /** Node-local scratch: an {@code emptyDir} limited to {@code size}. */
  public static WorkloadVolume scratch(String mountPath, String size) {
    return new WorkloadVolume(
        "scratch", mountPath, Optional.of(size), Optional.empty(), Optional.empty(), false);
  }

  /** Scratch from a storage class (e.g. local NVMe PVs), as a generic ephemeral volume. */
  public static WorkloadVolume scratch(String mountPath, String size, String storageClass) {
    return new WorkloadVolume(
        "scratch",
        mountPath,
        Optional.of(size),
        Optional.of(storageClass),
        Optional.empty(),
        false);
  }

  /** A dataset on an existing claim, mounted read-only. */
  public static WorkloadVolume dataset(String name, String mountPath, String claimName) {
    return new WorkloadVolume(
        name, mountPath, Optional.empty(), Optional.empty(), Optional.of(claimName), true);
  }

  /** A claim mounted read-write, e.g. for checkpoints. */
  public static WorkloadVolume claim(String name, String mountPath, String claimName) {
    return new WorkloadVolume(
        name, mountPath, Optional.empty(), Optional.empty(), Optional.of(claimName), false);
  }
}
