package io.gpuspec.core;

import io.gpuspec.core.k8s.Quantities;
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
    InvalidSpecException.requireValue(name, "volume name");
    InvalidSpecException.requireValue(mountPath, where + " mountPath");
    InvalidSpecException.requireValue(size, where + " size");
    InvalidSpecException.requireValue(storageClass, where + " storageClass");
    InvalidSpecException.requireValue(claimName, where + " claimName");
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
    size.ifPresent(
        s ->
            InvalidSpecException.require(
                Quantities.isRenderable(s),
                where + " size",
                "\"" + s + "\" cannot be written as a quantity",
                "give a size, e.g. \"200Gi\""));
    storageClass.ifPresent(
        s ->
            InvalidSpecException.require(
                Labels.isDns1123Subdomain(s),
                where + " storageClass",
                "\"" + s + "\" is not a valid name",
                "use the name of a StorageClass, e.g. local-nvme"));
    claimName.ifPresent(
        c ->
            InvalidSpecException.require(
                Labels.isDns1123Subdomain(c),
                where + " claimName",
                "\"" + c + "\" is not a valid name",
                "use the name of a PersistentVolumeClaim, e.g. datasets-cephfs"));
    InvalidSpecException.require(
        claimName.isEmpty() || (size.isEmpty() && storageClass.isEmpty()),
        where,
        "a claim volume takes its size and storage class from the claim",
        "leave size and storageClass out, or drop the claim for scratch space");
    InvalidSpecException.require(
        storageClass.isEmpty() || size.isPresent(),
        where + " size",
        "scratch from storage class \"" + storageClass.orElse("") + "\" needs a size",
        "give the size to request, e.g. \"500Gi\"");
  }

  /** Node-local scratch: an {@code emptyDir} limited to {@code size}. */
  public static WorkloadVolume scratch(String mountPath, String size) {
    return new WorkloadVolume(
        "scratch",
        mountPath,
        present(size, "volume \"scratch\" size"),
        Optional.empty(),
        Optional.empty(),
        false);
  }

  /** Scratch from a storage class (e.g. local NVMe PVs), as a generic ephemeral volume. */
  public static WorkloadVolume scratch(String mountPath, String size, String storageClass) {
    return new WorkloadVolume(
        "scratch",
        mountPath,
        present(size, "volume \"scratch\" size"),
        present(storageClass, "volume \"scratch\" storageClass"),
        Optional.empty(),
        false);
  }

  /** A dataset on an existing claim, mounted read-only. */
  public static WorkloadVolume dataset(String name, String mountPath, String claimName) {
    return new WorkloadVolume(
        name,
        mountPath,
        Optional.empty(),
        Optional.empty(),
        present(claimName, "volume \"" + name + "\" claimName"),
        true);
  }

  /** A claim mounted read-write, e.g. for checkpoints. */
  public static WorkloadVolume claim(String name, String mountPath, String claimName) {
    return new WorkloadVolume(
        name,
        mountPath,
        Optional.empty(),
        Optional.empty(),
        present(claimName, "volume \"" + name + "\" claimName"),
        false);
  }

  private static Optional<String> present(String value, String where) {
    return Optional.of(InvalidSpecException.requireValue(value, where));
  }
}
