package io.gpuspec.examples;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.PersistentVolumeClaim;
import io.fabric8.kubernetes.api.model.PersistentVolumeClaimBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.storage.StorageClass;
import io.fabric8.kubernetes.api.model.storage.StorageClassBuilder;
import io.gpuspec.core.ManifestSource;
import io.gpuspec.scheduling.StorageTiers;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The reference platform's storage in three tiers:
 *
 * <ol>
 *   <li><b>NVMe scratch</b> on the GPU nodes: a local StorageClass whose volumes a pod gets on the
 *       node it runs on (rendered once, by the first team's {@link StorageTiers});
 *   <li><b>Ceph</b>: CephFS ({@code cephfs}, ReadWriteMany) for datasets and for checkpoints that
 *       pods on several nodes write, Ceph RBD ({@code ceph-rbd}, one node at a time) for the
 *       checkpoints of single-pod jobs, both through Rook's CSI drivers; the teams' claims;
 *   <li><b>MinIO</b> (S3) for backups and long-term artefacts: an endpoint and a bucket per team in
 *       a ConfigMap ({@link #MINIO_ENDPOINT}) with credentials in a Secret ({@link
 *       #MINIO_CREDENTIALS}) that the platform team creates in each team namespace, for the backup
 *       CronJob; and a StorageClass ({@code minio-s3}, ReadWriteMany) through the S3 CSI driver
 *       (k8s-csi-s3, one bucket per claim) for artefacts that pods read as files — its keys too in
 *       a Secret of the driver's namespace, so that no key is ever written into these manifests.
 * </ol>
 */
final class ReferenceStorage {

  /** The ConfigMap with the MinIO endpoint and the team's bucket, in each research namespace. */
  static final String MINIO_ENDPOINT = "minio-backup";

  /**
   * The Secret with the team's MinIO keys ({@code AWS_ACCESS_KEY_ID}, {@code
   * AWS_SECRET_ACCESS_KEY}); created by the platform team, not rendered here.
   */
  static final String MINIO_CREDENTIALS = "minio-backup-credentials";

  /** The claim the ml-research team's multi-node fine-tuning writes checkpoints to (CephFS). */
  static final String LLAMA_CHECKPOINTS = "checkpoints-llama-finetune-h100";

  private static final String ROOK = "rook-ceph";

  /** The S3 CSI driver (github.com/yandex-cloud/k8s-csi-s3) and its namespace. */
  private static final String S3_CSI = "ru.yandex.s3.csi";

  private static final String S3_CSI_NAMESPACE = "kube-system";

  private ReferenceStorage() {}

  /** The Ceph and MinIO StorageClasses, the teams' claims and the MinIO endpoints. */
  static List<ManifestSource> storage() {
    return List.of(
        ReferenceStorage::cephClasses,
        ReferenceStorage::minioClass,
        StorageTiers.forNamespace(ReferenceTenancy.VISION.namespace())
            .putDataset("datasets-cephfs", "20Ti")
            .putCheckpoint("checkpoints-resnet50-a100", "2Ti")
            .build(),
        StorageTiers.forNamespace(ReferenceTenancy.ML_RESEARCH.namespace())
            .renderScratchClass(false)
            .putDataset("datasets-cephfs", "50Ti")
            .putSharedCheckpoint(LLAMA_CHECKPOINTS, "4Ti")
            .putSharedCheckpoint("checkpoints-distill-l40s", "500Gi")
            .build(),
        StorageTiers.forNamespace(ReferenceTenancy.SERVING.namespace())
            .renderScratchClass(false)
            .datasetAccess(StorageTiers.DatasetAccess.READ_ONLY_MANY)
            .putDataset("model-repository", "2Ti")
            .build(),
        () ->
            List.of(
                minioEndpoint(ReferenceTenancy.VISION.namespace()),
                minioEndpoint(ReferenceTenancy.ML_RESEARCH.namespace()),
                artefacts(ReferenceTenancy.ML_RESEARCH.namespace(), "10Ti")));
  }

  /** CephFS and RBD through Rook's CSI drivers; claims keep their data when they are deleted. */
  private static List<HasMetadata> cephClasses() {
    Map<String, String> cephfs = new LinkedHashMap<>();
    cephfs.put("clusterID", ROOK);
    cephfs.put("fsName", "datasets");
    cephfs.put("pool", "datasets-data0");
    csiSecrets(cephfs, "cephfs");
    Map<String, String> rbd = new LinkedHashMap<>();
    rbd.put("clusterID", ROOK);
    rbd.put("pool", "checkpoints");
    rbd.put("imageFormat", "2");
    rbd.put("imageFeatures", "layering");
    rbd.put("csi.storage.k8s.io/fstype", "ext4");
    csiSecrets(rbd, "rbd");
    return List.of(
        storageClass("cephfs", ROOK + ".cephfs.csi.ceph.com", cephfs),
        storageClass("ceph-rbd", ROOK + ".rbd.csi.ceph.com", rbd));
  }

  /**
   * MinIO buckets as volumes through the S3 CSI driver (geesefs mounter); the endpoint and keys are
   * in the Secret {@code csi-s3-secret} of the driver's namespace, created with the driver.
   */
  private static List<HasMetadata> minioClass() {
    Map<String, String> s3 = new LinkedHashMap<>();
    s3.put("mounter", "geesefs");
    s3.put("options", "--memory-limit 1000 --dir-mode 0777 --file-mode 0666");
    for (String step : List.of("provisioner", "controller-publish", "node-stage", "node-publish")) {
      s3.put("csi.storage.k8s.io/" + step + "-secret-name", "csi-s3-secret");
      s3.put("csi.storage.k8s.io/" + step + "-secret-namespace", S3_CSI_NAMESPACE);
    }
    return List.of(storageClass("minio-s3", S3_CSI, s3));
  }

  /** A team's claim on the MinIO tier for long-term artefacts (exported models, evaluations). */
  private static PersistentVolumeClaim artefacts(String namespace, String size) {
    return new PersistentVolumeClaimBuilder()
        .withNewMetadata()
        .withName("artefacts-minio")
        .withNamespace(namespace)
        .addToLabels("app.kubernetes.io/part-of", "gpu-platform")
        .endMetadata()
        .withNewSpec()
        .withAccessModes("ReadWriteMany")
        .withStorageClassName("minio-s3")
        .withNewResources()
        .addToRequests("storage", new Quantity(size))
        .endResources()
        .endSpec()
        .build();
  }

  private static void csiSecrets(Map<String, String> parameters, String driver) {
    String provisioner = "rook-csi-" + driver + "-provisioner";
    parameters.put("csi.storage.k8s.io/provisioner-secret-name", provisioner);
    parameters.put("csi.storage.k8s.io/provisioner-secret-namespace", ROOK);
    parameters.put("csi.storage.k8s.io/controller-expand-secret-name", provisioner);
    parameters.put("csi.storage.k8s.io/controller-expand-secret-namespace", ROOK);
    parameters.put("csi.storage.k8s.io/node-stage-secret-name", "rook-csi-" + driver + "-node");
    parameters.put("csi.storage.k8s.io/node-stage-secret-namespace", ROOK);
  }

  private static StorageClass storageClass(
      String name, String provisioner, Map<String, String> parameters) {
    return new StorageClassBuilder()
        .withNewMetadata()
        .withName(name)
        .addToLabels("app.kubernetes.io/part-of", "gpu-platform")
        .endMetadata()
        .withProvisioner(provisioner)
        .withParameters(parameters)
        .withReclaimPolicy("Retain")
        .withAllowVolumeExpansion(true)
        .withVolumeBindingMode("Immediate")
        .build();
  }

  /** Where a team's backups go: the in-cluster MinIO service and the team's bucket. */
  private static ConfigMap minioEndpoint(String namespace) {
    return new ConfigMapBuilder()
        .withNewMetadata()
        .withName(MINIO_ENDPOINT)
        .withNamespace(namespace)
        .addToLabels("app.kubernetes.io/part-of", "gpu-platform")
        .endMetadata()
        .addToData("AWS_ENDPOINT_URL", "https://minio.minio.svc.cluster.local:9000")
        .addToData("BACKUP_BUCKET", namespace + "-backups")
        .build();
  }
}
