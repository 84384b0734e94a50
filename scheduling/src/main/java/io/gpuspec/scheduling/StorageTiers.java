package io.gpuspec.scheduling;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.PersistentVolumeClaim;
import io.fabric8.kubernetes.api.model.PersistentVolumeClaimBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.Volume;
import io.fabric8.kubernetes.api.model.VolumeBuilder;
import io.fabric8.kubernetes.api.model.VolumeMount;
import io.fabric8.kubernetes.api.model.VolumeMountBuilder;
import io.fabric8.kubernetes.api.model.storage.StorageClass;
import io.fabric8.kubernetes.api.model.storage.StorageClassBuilder;
import io.gpuspec.core.GpuSpecStyle;
import io.gpuspec.core.InvalidSpecException;
import io.gpuspec.core.Labels;
import io.gpuspec.core.ManifestSource;
import io.gpuspec.scheduling.facts.StorageFacts;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.immutables.value.Value;

/**
 * Storage for GPU training in three tiers, and the volumes that mount them:
 *
 * <ul>
 *   <li><b>scratch</b> on the GPU nodes' local NVMe: a {@code StorageClass} with provisioner {@code
 *       kubernetes.io/no-provisioner} (local PersistentVolumes created ahead by the admin or a
 *       static provisioner) and {@code volumeBindingMode: WaitForFirstConsumer}, so a claim binds
 *       only once its pod is scheduled, to a disk of that pod's node
 *       (https://kubernetes.io/docs/concepts/storage/storage-classes/#local). Pods get it as a
 *       generic ephemeral volume that lives and dies with the pod
 *       (https://kubernetes.io/docs/concepts/storage/ephemeral-volumes/#generic-ephemeral-volumes),
 *       mounted at {@code /scratch};
 *   <li><b>datasets</b> on CephFS: {@code ReadWriteMany} claims by default (loaders write, every
 *       node reads), or {@code ReadOnlyMany} for volumes populated elsewhere; mounted read-only at
 *       {@code /datasets/<claim>};
 *   <li><b>checkpoints</b> on Ceph RBD: {@code ReadWriteOnce} claims, mounted read-write at {@code
 *       /checkpoints}. A block volume attaches to one node at a time, so only the pods of one node
 *       may mount it;
 *   <li><b>shared checkpoints</b> on CephFS: {@code ReadWriteMany} claims for jobs whose pods run
 *       on several nodes and all mount the checkpoint directory (the pods of a Job share one
 *       template), mounted read-write at {@code /checkpoints}.
 * </ul>
 *
 * The CephFS and RBD StorageClasses depend on the Ceph cluster (its id, pools, secrets); they are
 * named here, not rendered. This value renders the scratch StorageClass and the claims of one
 * namespace.
 *
 * <pre>{@code
 * StorageTiers storage = StorageTiers.forNamespace("vision")
 *     .putDataset("imagenet", "2Ti").putCheckpoint("resnet-ckpt", "500Gi").build();
 * StorageMount data = storage.dataset("imagenet");     // volume + read-only mount
 * }</pre>
 *
 * <p>Checked at build with SCH023's fact on the rendered claims ({@link StorageFacts}): each
 * requests more than zero storage. The value itself checks names and quantities.
 */
@Value.Immutable
@GpuSpecStyle
public abstract class StorageTiers implements ManifestSource {

  /** Access of dataset claims. */
  public enum DatasetAccess {
    READ_WRITE_MANY("ReadWriteMany"),
    READ_ONLY_MANY("ReadOnlyMany");

    private final String text;

    DatasetAccess(String text) {
      this.text = text;
    }

    public String text() {
      return text;
    }
  }

  /** The provisioner of StorageClasses for statically created local volumes. */
  public static final String NO_PROVISIONER = "kubernetes.io/no-provisioner";

  /** The namespace of the claims. */
  public abstract String namespace();

  /** The name of the local-NVMe scratch StorageClass. */
  @Value.Default
  public String scratchClass() {
    return "local-nvme";
  }

  /** Whether to render the scratch StorageClass (cluster-scoped: render it once per cluster). */
  @Value.Default
  public boolean renderScratchClass() {
    return true;
  }

  /** The CephFS StorageClass of dataset claims. */
  @Value.Default
  public String datasetClass() {
    return "cephfs";
  }

  /** The Ceph RBD StorageClass of checkpoint claims. */
  @Value.Default
  public String checkpointClass() {
    return "ceph-rbd";
  }

  @Value.Default
  public DatasetAccess datasetAccess() {
    return DatasetAccess.READ_WRITE_MANY;
  }

  /** Dataset claims: claim name to size. */
  public abstract Map<String, String> datasets();

  /** Checkpoint claims: claim name to size. */
  public abstract Map<String, String> checkpoints();

  /**
   * Checkpoint claims that pods on several nodes mount (a multi-node job): claim name to size, on
   * the CephFS class with {@code ReadWriteMany} access.
   */
  public abstract Map<String, String> sharedCheckpoints();

  /** The value of {@code app.kubernetes.io/part-of}. */
  @Value.Default
  public String partOf() {
    return Meta.DEFAULT_PART_OF;
  }

  @Override
  public List<HasMetadata> toManifests() {
    List<HasMetadata> objects = new ArrayList<>();
    if (renderScratchClass()) {
      objects.add(toScratchClass());
    }
    new TreeMap<>(datasets())
        .forEach(
            (name, size) -> objects.add(claim(name, size, datasetClass(), datasetAccess().text())));
    new TreeMap<>(checkpoints())
        .forEach(
            (name, size) -> objects.add(claim(name, size, checkpointClass(), "ReadWriteOnce")));
    new TreeMap<>(sharedCheckpoints())
        .forEach((name, size) -> objects.add(claim(name, size, datasetClass(), "ReadWriteMany")));
    return List.copyOf(objects);
  }

  /** The local-NVMe scratch StorageClass. */
  public StorageClass toScratchClass() {
    return new StorageClassBuilder()
        .withMetadata(Meta.clusterScoped(scratchClass(), partOf()))
        .withProvisioner(NO_PROVISIONER)
        .withVolumeBindingMode("WaitForFirstConsumer")
        .withReclaimPolicy("Delete")
        .build();
  }

  private PersistentVolumeClaim claim(String name, String size, String storageClass, String mode) {
    return new PersistentVolumeClaimBuilder()
        .withMetadata(Meta.namespaced(name, namespace(), partOf()))
        .withNewSpec()
        .withAccessModes(mode)
        .withStorageClassName(storageClass)
        .withNewResources()
        .addToRequests("storage", new Quantity(size))
        .endResources()
        .endSpec()
        .build();
  }

  /**
   * Scratch space of {@code size} on the pod's node, as a generic ephemeral volume named {@code
   * scratch} mounted at {@code /scratch}.
   */
  public StorageMount scratch(String size) {
    requireSize("scratch size", size);
    Volume volume =
        new VolumeBuilder()
            .withName("scratch")
            .withNewEphemeral()
            .withNewVolumeClaimTemplate()
            .withNewSpec()
            .withAccessModes("ReadWriteOnce")
            .withStorageClassName(scratchClass())
            .withNewResources()
            .addToRequests("storage", new Quantity(size))
            .endResources()
            .endSpec()
            .endVolumeClaimTemplate()
            .endEphemeral()
            .build();
    return new StorageMount(volume, mount("scratch", StorageMount.SCRATCH_PATH, false));
  }

  /** A dataset claim of this value, mounted read-only at {@code /datasets/<claim>}. */
  public StorageMount dataset(String claim) {
    InvalidSpecException.require(
        datasets().containsKey(claim),
        "storage \"" + namespace() + "\" dataset",
        "\"" + claim + "\" is not one of " + new TreeMap<>(datasets()).keySet(),
        "add it with putDataset(\"" + claim + "\", size)");
    String volume = "dataset-" + claim;
    return new StorageMount(
        claimVolume(volume, claim, true),
        mount(volume, StorageMount.DATASETS_PATH + "/" + claim, true));
  }

  /**
   * A checkpoint claim of this value (shared or not), mounted read-write at {@code /checkpoints}.
   */
  public StorageMount checkpoints(String claim) {
    Map<String, String> all = new TreeMap<>(checkpoints());
    all.putAll(sharedCheckpoints());
    InvalidSpecException.require(
        all.containsKey(claim),
        "storage \"" + namespace() + "\" checkpoints",
        "\"" + claim + "\" is not one of " + all.keySet(),
        "add it with putCheckpoint(\""
            + claim
            + "\", size), or putSharedCheckpoint for a"
            + " multi-node job");
    return new StorageMount(
        claimVolume("checkpoints", claim, false),
        mount("checkpoints", StorageMount.CHECKPOINTS_PATH, false));
  }

  private static Volume claimVolume(String name, String claim, boolean readOnly) {
    return new VolumeBuilder()
        .withName(name)
        .withNewPersistentVolumeClaim()
        .withClaimName(claim)
        .withReadOnly(readOnly ? Boolean.TRUE : null)
        .endPersistentVolumeClaim()
        .build();
  }

  private static VolumeMount mount(String volume, String path, boolean readOnly) {
    return new VolumeMountBuilder()
        .withName(volume)
        .withMountPath(path)
        .withReadOnly(readOnly ? Boolean.TRUE : null)
        .build();
  }

  @Value.Check
  protected void check() {
    String where = "storage \"" + namespace() + "\"";
    Meta.requireLabel(where + " namespace", namespace());
    Meta.requireSubdomain(where + " scratchClass", scratchClass());
    Meta.requireSubdomain(where + " datasetClass", datasetClass());
    Meta.requireSubdomain(where + " checkpointClass", checkpointClass());
    datasets()
        .forEach(
            (claim, size) -> {
              // The claim also names a pod volume, "dataset-<claim>", a DNS-1123 label.
              InvalidSpecException.require(
                  claim.length() <= 55 && Labels.isDns1123Label(claim),
                  where + " datasets",
                  "\"" + claim + "\" is not a DNS-1123 label of at most 55 characters",
                  "use lower-case letters, digits and '-'; the pod volume is dataset-<claim>");
              Quantities.requireQuantity(where + " datasets " + claim, size);
            });
    checkpoints()
        .forEach(
            (claim, size) -> {
              Meta.requireSubdomain(where + " checkpoints", claim);
              Quantities.requireQuantity(where + " checkpoints " + claim, size);
            });
    sharedCheckpoints()
        .forEach(
            (claim, size) -> {
              Meta.requireSubdomain(where + " sharedCheckpoints", claim);
              Quantities.requireQuantity(where + " sharedCheckpoints " + claim, size);
              InvalidSpecException.require(
                  !checkpoints().containsKey(claim) && !datasets().containsKey(claim),
                  where + " " + claim,
                  "the claim is both a shared checkpoint claim and a dataset or checkpoint claim",
                  "give the claims different names");
            });
    datasets()
        .keySet()
        .forEach(
            claim ->
                InvalidSpecException.require(
                    !checkpoints().containsKey(claim),
                    where + " " + claim,
                    "the claim is both a dataset and a checkpoint claim",
                    "give the claims different names"));
    Meta.requirePartOf(where, partOf());
  }

  private static void requireSize(String where, String size) {
    Quantities.requireQuantity(where, size);
    InvalidSpecException.require(
        Quantities.amount(size).signum() > 0,
        where,
        "the size is zero",
        "give the size of the volume, e.g. 500Gi");
  }

  /** Throws SCH023's finding on the first rendered claim that requests no storage. */
  private void requireFacts() {
    for (HasMetadata object : toManifests()) {
      if (object instanceof PersistentVolumeClaim claim) {
        Meta.requireNone(claim, "SCH023", StorageFacts.requestsStorage(claim));
      }
    }
  }

  /** Starts the storage of a namespace. */
  public static Builder forNamespace(String namespace) {
    return new Builder().namespace(namespace);
  }

  /**
   * Builds {@link StorageTiers} values: set the attributes, then {@code build()}, which checks
   * them.
   */
  public static final class Builder extends ImmutableStorageTiers.Builder {
    /** Builds the storage; a claim the rules would refuse fails with their finding. */
    @Override
    public StorageTiers build() {
      StorageTiers storage = super.build();
      storage.requireFacts();
      return storage;
    }

    /** Builds without the rules' facts, to compare {@link #build()} with the rules. */
    StorageTiers buildUnchecked() {
      return super.build();
    }
  }
}
