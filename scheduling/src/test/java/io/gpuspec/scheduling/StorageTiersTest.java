package io.gpuspec.scheduling;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.PersistentVolumeClaim;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.storage.StorageClass;
import io.gpuspec.core.InvalidSpecException;
import java.util.List;
import org.junit.jupiter.api.Test;

class StorageTiersTest {

  private static StorageTiers storage() {
    return StorageTiers.forNamespace("vision")
        .putDataset("imagenet", "2Ti")
        .putCheckpoint("resnet-ckpt", "500Gi")
        .build();
  }

  @Test
  void scratchClass_isLocalAndWaitsForTheConsumer() {
    StorageClass scratch = storage().toScratchClass();

    assertThat(scratch.getProvisioner()).isEqualTo("kubernetes.io/no-provisioner");
    assertThat(scratch.getVolumeBindingMode()).isEqualTo("WaitForFirstConsumer");
    assertThat(scratch.getMetadata().getName()).isEqualTo("local-nvme");
  }

  @Test
  void scratch_isAGenericEphemeralVolumeOfTheScratchClassAtSlashScratch() {
    StorageMount scratch = storage().scratch("200Gi");

    var claim = scratch.volume().getEphemeral().getVolumeClaimTemplate().getSpec();
    assertThat(claim.getStorageClassName()).isEqualTo("local-nvme");
    assertThat(claim.getAccessModes()).containsExactly("ReadWriteOnce");
    assertThat(claim.getResources().getRequests()).containsEntry("storage", new Quantity("200Gi"));
    assertThat(scratch.mount().getMountPath()).isEqualTo("/scratch");
    assertThat(scratch.mount().getName()).isEqualTo(scratch.volume().getName());
  }

  @Test
  void claims_datasetsOnCephfsManyReadersCheckpointsOnRbdOneWriter() {
    List<HasMetadata> objects = storage().toManifests();

    assertThat(objects)
        .extracting(HasMetadata::getKind)
        .containsExactly("StorageClass", "PersistentVolumeClaim", "PersistentVolumeClaim");
    PersistentVolumeClaim dataset = (PersistentVolumeClaim) objects.get(1);
    PersistentVolumeClaim checkpoints = (PersistentVolumeClaim) objects.get(2);
    assertThat(dataset.getSpec().getStorageClassName()).isEqualTo("cephfs");
    assertThat(dataset.getSpec().getAccessModes()).containsExactly("ReadWriteMany");
    assertThat(checkpoints.getSpec().getStorageClassName()).isEqualTo("ceph-rbd");
    assertThat(checkpoints.getSpec().getAccessModes()).containsExactly("ReadWriteOnce");
  }

  @Test
  void sharedCheckpoints_areCephfsClaimsManyNodesWrite_mountedAtSlashCheckpoints() {
    StorageTiers storage =
        StorageTiers.forNamespace("nlp")
            .renderScratchClass(false)
            .putSharedCheckpoint("llama-ckpt", "4Ti")
            .build();

    assertThat(storage.toManifests())
        .singleElement()
        .satisfies(
            object -> {
              PersistentVolumeClaim claim = (PersistentVolumeClaim) object;
              assertThat(claim.getSpec().getStorageClassName()).isEqualTo("cephfs");
              assertThat(claim.getSpec().getAccessModes()).containsExactly("ReadWriteMany");
            });
    StorageMount mount = storage.checkpoints("llama-ckpt");
    assertThat(mount.volume().getPersistentVolumeClaim().getClaimName()).isEqualTo("llama-ckpt");
    assertThat(mount.mount().getMountPath()).isEqualTo("/checkpoints");
    assertThatThrownBy(
            () ->
                StorageTiers.forNamespace("nlp")
                    .putCheckpoint("ckpt", "1Ti")
                    .putSharedCheckpoint("ckpt", "1Ti")
                    .build())
        .isInstanceOf(InvalidSpecException.class)
        .hasMessageContaining("both a shared checkpoint claim");
  }

  @Test
  void readOnlyManyDatasets_andNoScratchClass_whenAsked() {
    StorageTiers storage =
        StorageTiers.forNamespace("nlp")
            .renderScratchClass(false)
            .datasetAccess(StorageTiers.DatasetAccess.READ_ONLY_MANY)
            .putDataset("wiki", "1Ti")
            .build();

    assertThat(storage.toManifests())
        .singleElement()
        .satisfies(
            o ->
                assertThat(((PersistentVolumeClaim) o).getSpec().getAccessModes())
                    .containsExactly("ReadOnlyMany"));
  }

  @Test
  void dataset_mountsTheClaimReadOnlyUnderSlashDatasets() {
    StorageMount data = storage().dataset("imagenet");

    assertThat(data.volume().getName()).isEqualTo("dataset-imagenet");
    assertThat(data.volume().getPersistentVolumeClaim().getClaimName()).isEqualTo("imagenet");
    assertThat(data.volume().getPersistentVolumeClaim().getReadOnly()).isTrue();
    assertThat(data.mount().getMountPath()).isEqualTo("/datasets/imagenet");
    assertThat(data.mount().getReadOnly()).isTrue();
  }

  @Test
  void checkpoints_mountTheClaimReadWriteAtSlashCheckpoints() {
    StorageMount ckpt = storage().checkpoints("resnet-ckpt");

    assertThat(ckpt.volume().getPersistentVolumeClaim().getClaimName()).isEqualTo("resnet-ckpt");
    assertThat(ckpt.mount().getMountPath()).isEqualTo("/checkpoints");
    assertThat(ckpt.mount().getReadOnly()).isNull();
  }

  @Test
  void dataset_notDeclared_isRejected() {
    assertThatThrownBy(() -> storage().dataset("coco"))
        .isInstanceOf(InvalidSpecException.class)
        .hasMessage(
            "storage \"vision\" dataset: \"coco\" is not one of [imagenet]; add it with"
                + " putDataset(\"coco\", size)");
  }

  @Test
  void claimSize_zero_isRejected() {
    assertThatThrownBy(() -> StorageTiers.forNamespace("vision").putCheckpoint("ckpt", "0").build())
        .isInstanceOf(InvalidSpecException.class)
        .hasMessage(
            "PersistentVolumeClaim/vision/ckpt spec.resources.requests[storage]: the claim requests"
                + " 0 storage; the API server rejects a claim of no more than zero; request the size"
                + " of the volume, e.g. storage: 500Gi");
  }
}
